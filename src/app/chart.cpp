#include "app/chart.h"

#include "app/i18n.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gridlab::app {

namespace {

constexpr ImU32 kBackground = IM_COL32(22, 26, 34, 255);
constexpr ImU32 kGrid = IM_COL32(60, 66, 80, 255);
constexpr ImU32 kAxis = IM_COL32(150, 156, 170, 255);
constexpr ImU32 kText = IM_COL32(235, 236, 240, 255);
constexpr ImU32 kLabel = IM_COL32(170, 176, 188, 255);

// 1, 2 or 5 times a power of ten: about `count` ticks over `span`.
double tick_step(double span, int count) {
    const double raw = span / std::max(count, 1);
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double multiple : {1.0, 2.0, 5.0})
        if (multiple * power >= raw * 0.999) return multiple * power;
    return 10.0 * power;
}

// 0.05, 3, 1500, 25k: as many decimals as the step needs.
void tick_label(char* text, size_t size, double value, double step) {
    if (std::fabs(value) >= 10000 && step >= 1000) std::snprintf(text, size, "%gk", value / 1000);
    else if (step >= 1) std::snprintf(text, size, "%.0f", value);
    else std::snprintf(text, size, "%.*f", static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), value);
}

// At most two points per pixel column, each column's lowest and highest in their order (`envelope`),
// or one, its last: a line looks the same and its vertices stay bounded. A Learn run left training
// for hours has hundreds of thousands of points, and ImGui indexes a window's vertices with 16 bits
// (65,536 at most; an anti-aliased line takes 4 a point): a school day's page aborted on them.
std::vector<ImVec2> thinned(const std::vector<ImVec2>& points, bool envelope) {
    std::vector<ImVec2> kept;
    for (size_t i = 0; i < points.size();) {
        const float column = std::floor(points[i].x);
        size_t low = i, high = i, end = i;
        for (; end < points.size() && std::floor(points[end].x) == column; ++end) {
            if (points[end].y < points[low].y) low = end;
            if (points[end].y > points[high].y) high = end;
        }
        if (!envelope) kept.push_back(points[end - 1]);
        else if (low == high) kept.push_back(points[low]);
        else kept.insert(kept.end(), {points[std::min(low, high)], points[std::max(low, high)]});
        i = end;
    }
    return kept;
}

}  // namespace

void draw_line_chart(const LineChart& chart, float w, float h) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(w, h));
    const float line = ImGui::GetTextLineHeight();
    draw->AddRectFilled(at, ImVec2(at.x + w, at.y + h), kBackground, 8.0f);
    draw->AddText(ImVec2(at.x + 10, at.y + 6), kText, chart.title);

    const std::vector<double>& xs = *chart.x;
    const std::vector<double>& ys = *chart.y;
    // The moving average: each point's mean with up to average - 1 points before it.
    std::vector<double> mean(ys.size());
    double sum = 0;
    for (size_t i = 0; i < ys.size(); ++i) {
        sum += ys[i];
        if (i >= static_cast<size_t>(chart.average)) sum -= ys[i - chart.average];
        mean[i] = sum / static_cast<double>(std::min<size_t>(i + 1, chart.average));
    }
    if (!mean.empty()) {
        char latest[32];
        std::snprintf(latest, sizeof latest, chart.value_format, mean.back());
        const float latest_w = ImGui::CalcTextSize(latest).x;
        draw->AddText(ImVec2(at.x + w - 12 - latest_w, at.y + 6), chart.colour, latest);
    }

    // The plot: room for the title above, tick labels left and below, and the x axis's name.
    const ImVec2 lo(at.x + 56, at.y + line + 16);
    const ImVec2 hi(at.x + w - 16, at.y + h - 2 * line - 14);
    if (hi.x - lo.x < 40 || hi.y - lo.y < 30) return;
    const double x_min = 0, x_max = xs.empty() ? std::max(chart.x_span, 100.0) : std::max(xs.back(), chart.x_span);
    double y_min = chart.y_min, y_max = chart.y_max;
    if (y_min == y_max && !ys.empty()) {
        y_min = *std::min_element(ys.begin(), ys.end());
        y_max = *std::max_element(ys.begin(), ys.end());
        // One value (or all equal): a tenth of it either side, not a range of rounding errors.
        const double pad = y_max > y_min ? (y_max - y_min) * 0.08 : std::max(std::fabs(y_max) * 0.1, 1.0);
        y_min -= pad;
        y_max += pad;
    }
    if (y_min == y_max) y_max = y_min + 1;
    auto to_screen = [&](double x, double y) {
        return ImVec2(lo.x + static_cast<float>((x - x_min) / (x_max - x_min)) * (hi.x - lo.x),
                      hi.y - static_cast<float>((y - y_min) / (y_max - y_min)) * (hi.y - lo.y));
    };

    char label[32];
    const double y_step = tick_step(y_max - y_min, std::clamp(static_cast<int>((hi.y - lo.y) / (line * 1.8f)), 2, 6));
    for (double v = std::ceil(y_min / y_step) * y_step; v <= y_max + y_step * 1e-6; v += y_step) {
        const float y = to_screen(x_min, v).y;
        draw->AddLine(ImVec2(lo.x, y), ImVec2(hi.x, y), kGrid);
        tick_label(label, sizeof label, std::fabs(v) < y_step * 1e-6 ? 0.0 : v, y_step);
        const ImVec2 size = ImGui::CalcTextSize(label);
        draw->AddText(ImVec2(lo.x - 8 - size.x, y - size.y / 2), kLabel, label);
    }
    double x_step = tick_step(x_max - x_min, std::clamp(static_cast<int>((hi.x - lo.x) / 70.0f), 2, 8));
    if (chart.whole_x) x_step = std::max(x_step, 1.0);
    for (double v = 0; v <= x_max + x_step * 1e-6; v += x_step) {
        const float x = to_screen(v, y_min).x;
        draw->AddLine(ImVec2(x, lo.y), ImVec2(x, hi.y), kGrid);
        draw->AddLine(ImVec2(x, hi.y), ImVec2(x, hi.y + 4), kAxis);
        tick_label(label, sizeof label, v, x_step);
        const ImVec2 size = ImGui::CalcTextSize(label);
        draw->AddText(ImVec2(x - size.x / 2, hi.y + 6), kLabel, label);
    }
    draw->AddLine(ImVec2(lo.x, hi.y), ImVec2(hi.x, hi.y), kAxis);
    draw->AddLine(ImVec2(lo.x, lo.y), ImVec2(lo.x, hi.y), kAxis);
    const ImVec2 x_label_size = ImGui::CalcTextSize(chart.x_label);
    draw->AddText(ImVec2((lo.x + hi.x - x_label_size.x) / 2, hi.y + line + 10), kLabel, chart.x_label);

    if (ys.empty()) {
        const char* empty = tr("no points yet");
        const ImVec2 size = ImGui::CalcTextSize(empty);
        draw->AddText(ImVec2((lo.x + hi.x - size.x) / 2, (lo.y + hi.y - size.y) / 2), kLabel, empty);
        return;
    }
    std::vector<ImVec2> raw(ys.size()), smooth(ys.size());
    for (size_t i = 0; i < ys.size(); ++i) {
        raw[i] = to_screen(xs[i], ys[i]);
        smooth[i] = to_screen(xs[i], mean[i]);
    }
    raw = thinned(raw, true);
    smooth = thinned(smooth, false);
    const ImU32 faint = (chart.colour & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 110);
    draw->PushClipRect(ImVec2(lo.x, lo.y - 2), ImVec2(hi.x + 2, hi.y + 2), true);
    draw->AddPolyline(raw.data(), static_cast<int>(raw.size()), faint, 0, 1.5f);
    draw->AddPolyline(smooth.data(), static_cast<int>(smooth.size()), chart.colour, 0, 2.8f);
    draw->AddCircleFilled(smooth.back(), 3.5f, chart.colour);
    draw->PopClipRect();
}

}  // namespace gridlab::app
