#include "app/gomoku_board.h"

#include <imgui.h>

#include "app/palette.h"

namespace gridlab::app {

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
