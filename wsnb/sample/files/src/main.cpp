#include <iostream>
#include <string>
#include <vector>

#include "widget.h"

// A tiny registry of widgets, so the sample has a class to find.
class WidgetRegistry {
public:
    void add(const Widget& widget) { widgets_.push_back(widget); }
    std::size_t size() const { return widgets_.size(); }

private:
    std::vector<Widget> widgets_;
};

int main() {
    WidgetRegistry registry;
    registry.add(Widget("button", 3));
    registry.add(Widget("slider", 5));
    std::cout << "widgets: " << registry.size() << "\n";
    return 0;
}
