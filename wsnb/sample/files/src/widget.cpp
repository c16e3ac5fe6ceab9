#include "widget.h"

#include <utility>

Widget::Widget(std::string name, int weight) : name_(std::move(name)), weight_(weight) {}

const std::string& Widget::name() const { return name_; }

int Widget::weight() const { return weight_; }
