#include "app/puyo_look.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace gridlab::app {

namespace {

struct FittedLabel {
    std::string text;
    float size;
};

// `value` written to fit `width`: one decimal at `preferred` size or smaller down to a legible least,
// else rounded to a whole number (smaller still if it must).
FittedLabel fit_value(float value, float width, float preferred) {
    constexpr float kLeastLegible = 9.0f;
    auto size_to_fit = [&](const char* text) {
        const float at_preferred = ImGui::GetFont()->CalcTextSizeA(preferred, 1e9f, 0, text).x;
        return at_preferred <= width ? preferred : preferred * width / at_preferred;
    };
    char text[16];
    std::snprintf(text, sizeof text, "%.1f", double(value));
    const float size = size_to_fit(text);
    if (size >= kLeastLegible) return {text, size};
    std::snprintf(text, sizeof text, "%.0f", double(value));
    return {text, size_to_fit(text)};
}

}  // namespace

void draw_column_values(const BoardPlacement& board, const std::array<puyo::Candidate, puyo::kPlacementCount>& candidates,
                        int chosen_column) {
    std::array<const puyo::Candidate*, puyo::kColumns> best{};
    for (int action = 0; action < puyo::kPlacementCount; ++action) {
        const puyo::Candidate& candidate = candidates[static_cast<size_t>(action)];
        const puyo::Candidate*& column_best = best[static_cast<size_t>(puyo::placement_of(action).column)];
        if (candidate.legal && (!column_best || candidate.total > column_best->total)) column_best = &candidate;
    }
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetWindowPos();
    for (int col = 0; col < puyo::kColumns; ++col) {
        if (!best[static_cast<size_t>(col)]) continue;
        const FittedLabel label = fit_value(best[static_cast<size_t>(col)]->total, board.cell * 0.88f, std::max(10.0f, board.cell * 0.4f));
        const ImVec2 extent = ImGui::GetFont()->CalcTextSizeA(label.size, 1e9f, 0, label.text.c_str());
        const ImVec2 at(origin.x + board.x + (float(col) + 0.5f) * board.cell - extent.x / 2,
                        origin.y + board.y + board.cell * 0.5f - extent.y / 2);
        // A shadow keeps the label apart from a puyo under it.
        draw->AddText(ImGui::GetFont(), label.size, ImVec2(at.x + 1, at.y + 1), IM_COL32(0, 0, 0, 200), label.text.c_str());
        draw->AddText(ImGui::GetFont(), label.size, at, col == chosen_column ? IM_COL32(255, 214, 0, 255) : IM_COL32(240, 240, 245, 255),
                      label.text.c_str());
    }
}

}  // namespace gridlab::app
