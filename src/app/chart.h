// A line chart drawn with ImGui's draw list (the app has no plotting library): a title with the latest
// value, axes with ticks and labels, the points as a thin line and their moving average as a thick one.
#pragma once

#include <imgui.h>

#include <vector>

namespace gridlab::app {

struct LineChart {
    const char* title = "";
    const char* x_label = "";
    const char* value_format = "%.2f";  // the latest average, shown after the title
    const std::vector<double>* x = nullptr;
    const std::vector<double>* y = nullptr;
    ImU32 colour = IM_COL32(90, 160, 240, 255);
    int average = 10;               // points in the moving average
    double y_min = 0, y_max = 0;    // a fixed y range; equal: from the data
    double x_span = 1;              // the x axis shows at least 0..x_span
    bool whole_x = false;           // x counts something (runs): ticks at whole numbers only
};

// Draws `chart` at the cursor in a w x h box and moves the cursor past it.
void draw_line_chart(const LineChart& chart, float w, float h);

}  // namespace gridlab::app
