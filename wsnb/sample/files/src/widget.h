#pragma once

#include <string>

class Widget {
public:
    Widget(std::string name, int weight);
    const std::string& name() const;
    int weight() const;

private:
    std::string name_;
    int weight_;
};
