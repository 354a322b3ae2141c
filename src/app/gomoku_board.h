// A Gomoku board as the Gomoku and Learn screens draw it: the wood, the lines and the stones (by the
// shaders), the last move ringed.
#pragma once

#include <vector>

#include "app/screen.h"
#include "gomoku/rules.h"

namespace gridlab::app {

constexpr float kGomokuRim = 0.3f;  // the wood beyond the board's outer cells, in cells

// `dotted`: cells to mark with a dot (a winning line).
void draw_gomoku_board(const Frame& frame, const BoardPlacement& board, const gomoku::State& state,
                       const std::vector<int>& dotted = {});

}  // namespace gridlab::app
