#include "app/minesweeper_board.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/palette.h"

namespace gridlab::app {

namespace ms = gridlab::minesweeper;

namespace {

using namespace palette;

// The classic colours of the numbers 1..8, readable on the light opened cells.
constexpr ImU32 kNumberColours[9] = {0,
                                     IM_COL32(25, 60, 200, 255),   IM_COL32(20, 120, 40, 255),
                                     IM_COL32(200, 30, 30, 255),   IM_COL32(20, 20, 120, 255),
                                     IM_COL32(120, 20, 20, 255),   IM_COL32(10, 120, 120, 255),
                                     IM_COL32(20, 20, 20, 255),    IM_COL32(100, 100, 100, 255)};

void centred_text(ImFont* font, float size, ImVec2 centre, ImU32 colour, const char* text) {
    const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, text);
    ImGui::GetWindowDrawList()->AddText(font, size, ImVec2(centre.x - extent.x / 2, centre.y - extent.y / 2), colour, text);
}

// A mine as players draw it, a ball with eight spikes: not the round dot that marks a proven-safe cell.
void draw_mine(ImVec2 centre, float cell) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImU32 ink = IM_COL32(32, 34, 40, 255);
    const float spike = cell * 0.34f;
    for (int i = 0; i < 8; ++i) {
        const float angle = float(i) * 3.14159265f / 4.0f;
        const ImVec2 tip(centre.x + spike * std::cos(angle), centre.y + spike * std::sin(angle));
        draw->AddLine(centre, tip, ink, std::max(1.0f, cell * 0.07f));
    }
    draw->AddCircleFilled(centre, cell * 0.22f, ink, 20);
    draw->AddCircleFilled(ImVec2(centre.x - cell * 0.07f, centre.y - cell * 0.07f), cell * 0.05f, IM_COL32(235, 235, 240, 255), 8);
}

bool contains(const std::vector<int>& sorted, int cell) { return std::binary_search(sorted.begin(), sorted.end(), cell); }

}  // namespace

uint32_t probability_colour(double p, bool colorblind) {
    const double t = std::clamp(p, 0.0, 1.0);
    if (colorblind) {
        // From 0xB4DCF5 (a pale sky blue) to 0xC0501A (a dark vermillion).
        auto mix = [t](int from, int to) { return static_cast<uint32_t>(std::lround(from + (to - from) * t)); };
        return (mix(0xB4, 0xC0) << 24) | (mix(0xDC, 0x50) << 16) | (mix(0xF5, 0x1A) << 8) | 0xFFu;
    }
    const int r = static_cast<int>(t < 0.5 ? 90 + 330 * t : 255);
    const int g = static_cast<int>(t < 0.5 ? 200 : 200 - 300 * (t - 0.5));
    return (uint32_t(r) << 24) | (uint32_t(g) << 16) | (70u << 8) | 0xFFu;
}

nlohmann::json board_rows_json(const ms::State& state) {
    nlohmann::json rows = nlohmann::json::array();
    for (int r = 0; r < state.rows(); ++r) {
        std::string line;
        for (int c = 0; c < state.cols(); ++c) {
            const int cell = state.index(r, c);
            const int8_t view = state.view(cell);
            if (view >= 0 && view <= 8) line += char('0' + view);
            else if (view == ms::kFlag) line += 'F';
            else if (view == ms::kMine) line += 'X';
            else if (state.terminal() && state.is_mine(cell)) line += '*';
            else line += '.';
        }
        rows.push_back(line);
    }
    return rows;
}

void draw_minesweeper_board(const Frame& frame, const BoardPlacement& board, const ms::State& state,
                            const MinesweeperOverlay& overlay) {
    const bool over = state.terminal();
    std::vector<CellLook> cells(static_cast<size_t>(state.size()));
    for (int cell = 0; cell < state.size(); ++cell) {
        const int8_t view = state.view(cell);
        CellLook& look = cells[cell];
        if (view == ms::kMine) look = {kExploded, kShapeTile, kMarkNone};
        else if (view >= 0 && view <= 8) look = {kOpened, kShapeTile, kMarkNone};
        else look = {kCovered, kShapeRaised, kMarkNone};
        if (view == ms::kFlag && over && !state.is_mine(cell)) look.mark = kMarkCross;  // a wrong flag
        if (over || (view != ms::kHidden && view != ms::kFlag)) continue;
        if (overlay.probability && view == ms::kHidden) look.rgba = probability_colour((*overlay.probability)[cell], frame.colorblind);
        if (overlay.proofs && contains(overlay.proofs->safe, cell)) look = {kProvenSafe, kShapeRaised, kMarkDot};
        if (overlay.proofs && contains(overlay.proofs->mines, cell)) look = {kProvenMine, kShapeRaised, kMarkCross};
        if (cell == overlay.ring) look.mark = kMarkRing;
    }
    frame.board(board, std::move(cells), 0, kInk);
    const ImVec2 origin = ImGui::GetWindowPos();
    if (overlay.last_move >= 0) {
        const Corner corner = cell_corner(board, overlay.last_move / board.cols, overlay.last_move % board.cols);
        const ImVec2 low(origin.x + corner.x + 1.0f, origin.y + corner.y + 1.0f);
        ImGui::GetWindowDrawList()->AddRect(low, ImVec2(low.x + board.cell - 2.0f, low.y + board.cell - 2.0f),
                                            IM_COL32(60, 130, 246, 255), 4.0f, 0, 2.0f);
    }

    // Numbers, flags, mines and percentages on top of the cells.
    ImFont* font = frame.fonts->large;
    const float number_size = board.cell * 0.62f;
    for (int cell = 0; cell < state.size(); ++cell) {
        const Corner corner = cell_corner(board, cell / board.cols, cell % board.cols);
        const ImVec2 centre(origin.x + corner.x + 0.5f * board.cell, origin.y + corner.y + 0.5f * board.cell);
        const int8_t view = state.view(cell);
        if (view >= 1 && view <= 8) {
            const char digit[2] = {char('0' + view), 0};
            centred_text(font, number_size, centre, kNumberColours[view], digit);
        } else if (view == ms::kFlag) {
            centred_text(font, number_size, centre, IM_COL32(200, 30, 30, 255), "\xE2\x9A\x91");  // U+2691 flag
        } else if (view == ms::kMine || (over && view == ms::kHidden && state.is_mine(cell))) {
            draw_mine(centre, board.cell);
        } else if (view == ms::kHidden && overlay.probability && !over && board.cell >= 22.0f && cell != overlay.ring) {
            const double p = (*overlay.probability)[cell];
            if (overlay.proofs && (p == 0.0 || p == 1.0)) continue;  // the proof's mark says it already
            char label[8];
            std::snprintf(label, sizeof label, "%d%%", static_cast<int>(std::lround(p * 100)));
            centred_text(font, board.cell * 0.3f, centre, IM_COL32(20, 20, 20, 255), label);
        }
    }
}

}  // namespace gridlab::app
