// Line charts (app/chart.h): a curve of any length draws in a bounded number of vertices.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "app/chart.h"
#include "app_frame.h"

namespace gridlab::app {
namespace {

// The vertices of one window holding `charts` charts of `points` points each (w x h pixels each).
int chart_window_vertices(int charts, int points, float w, float h) {
    headless_fonts();
    std::vector<double> xs(static_cast<size_t>(points)), ys(static_cast<size_t>(points));
    for (int i = 0; i < points; ++i) {
        xs[static_cast<size_t>(i)] = 25.0 * (i + 1);
        ys[static_cast<size_t>(i)] = 0.5 + 0.4 * std::sin(i * 0.37) * std::cos(i * 0.011);  // a noisy curve
    }
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1366, 768);
    io.DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(1366, 768));
    ImGui::Begin("charts");
    for (int i = 0; i < charts; ++i) draw_line_chart({"win rate", "games played", "%.2f", &xs, &ys}, w, h);
    const int vertices = ImGui::GetWindowDrawList()->VtxBuffer.Size;
    ImGui::End();
    ImGui::Render();
    return vertices;
}

TEST_CASE("A chart of hours of training draws in as many vertices as one of minutes", "[screens]") {
    // The Minesweeper Learn screen's three charts after 72,000 games (2,900 points each) overflowed
    // ImGui's 16-bit vertex indices and aborted the page; at most two points per pixel column now.
    const int minutes = chart_window_vertices(3, 300, 660, 300);
    const int hours = chart_window_vertices(3, 100000, 660, 300);
    CHECK(hours < 30000);
    CHECK(hours < 3 * minutes);
    CHECK(chart_window_vertices(1, 0, 660, 300) > 0);  // an empty chart still draws its axes
}

}  // namespace
}  // namespace gridlab::app
