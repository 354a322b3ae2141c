#include "app/gomoku_board.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/palette.h"

namespace gridlab::app {

namespace {

constexpr uint32_t kBlackInk = 0x000000FF;
constexpr uint32_t kWhiteInk = 0xFFFFFFFF;

ImU32 imgui_colour(uint32_t rgba, float alpha = 1.0f) {
    return IM_COL32(rgba >> 24, (rgba >> 16) & 255, (rgba >> 8) & 255, int(float(rgba & 255) * alpha));
}

// WCAG's relative luminance of an sRGB colour given as 0..255 channels.
double relative_luminance(double red, double green, double blue) {
    auto linear = [](double channel) {
        const double c = channel / 255.0;
        return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

}  // namespace

uint32_t share_label_ink(uint32_t fill) {
    using palette::kWood;
    const double alpha = double(fill & 255) / 255.0;
    auto under = [&](int shift) { return double((fill >> shift) & 255) * alpha + double((kWood >> shift) & 255) * (1 - alpha); };
    const double luminance = relative_luminance(under(24), under(16), under(8));
    // Contrast ratios with white (luminance 1) and black (0); the better one is at least 4.58:1.
    return (1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05) ? kWhiteInk : kBlackInk;
}

void draw_share_disc(const BoardPlacement& board, int action, uint32_t fill, const char* label) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetWindowPos();
    const ImVec2 centre(origin.x + board.x + (float(action % board.cols) + 0.5f) * board.cell,
                        origin.y + board.y + (float(action / board.cols) + 0.5f) * board.cell);
    draw->AddCircleFilled(centre, board.cell * 0.42f, imgui_colour(fill), 24);
    const float font_size = std::max(10.0f, board.cell * 0.34f);
    const ImVec2 size = ImGui::GetFont()->CalcTextSizeA(font_size, 1e9f, 0, label);
    const ImVec2 at(centre.x - size.x / 2, centre.y - size.y / 2);
    const uint32_t ink = share_label_ink(fill);
    // An outline in the other ink keeps the label apart from the grid lines under a pale disc.
    const ImU32 outline = imgui_colour(ink == kWhiteInk ? kBlackInk : kWhiteInk, 0.6f);
    const float step = std::max(1.0f, font_size / 16.0f);
    for (const ImVec2 offset : {ImVec2(-step, -step), ImVec2(step, -step), ImVec2(-step, step), ImVec2(step, step)})
        draw->AddText(ImGui::GetFont(), font_size, ImVec2(at.x + offset.x, at.y + offset.y), outline, label);
    draw->AddText(ImGui::GetFont(), font_size, at, imgui_colour(ink), label);
}

void draw_gomoku_board(const Frame& frame, const BoardPlacement& board, const gomoku::State& state,
                       const std::vector<int>& dotted) {
    using namespace palette;
    const int n = state.size();
    // The wooden board reaches beyond the outer lines, so a stone on an edge is whole on the wood. It
    // is drawn as a plain rectangle: a one-cell tile of the board shader leaves a gap of 4% of its
    // size, which cut the edge stones of a 15x15 board.
    const ImVec2 origin = ImGui::GetWindowPos();
    const float rim = board.cell * kGomokuRim;
    ImGui::GetWindowDrawList()->AddRectFilled(
        ImVec2(origin.x + board.x - rim, origin.y + board.y - rim),
        ImVec2(origin.x + board.x + board.cell * float(n) + rim, origin.y + board.y + board.cell * float(n) + rim),
        IM_COL32(kWood >> 24, (kWood >> 16) & 255, (kWood >> 8) & 255, 255), board.cell * 0.2f);
    std::vector<CellLook> cells(static_cast<size_t>(n * n), CellLook{0, kShapeGridLines, kMarkNone});
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const gomoku::Stone stone = state.at(r, c);
            if (stone != gomoku::Stone::Empty)
                cells[r * n + c] = {stone == gomoku::Stone::Black ? kBlackStone : kWhiteStone, kShapeGridLines | kShapeDisc, kMarkNone};
        }
    if (state.num_moves() > 0) cells[state.move(state.num_moves() - 1)].mark = kMarkRing;
    for (int action : dotted) cells[action].mark = kMarkDot;
    frame.board(board, std::move(cells), kGridLine);
}

}  // namespace gridlab::app
