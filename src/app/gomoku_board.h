// A Gomoku board as the Gomoku and Learn screens draw it: the wood, the lines and the stones (by the
// shaders), the last move ringed.
#pragma once

#include <cstdint>
#include <vector>

#include "app/screen.h"
#include "gomoku/rules.h"

namespace gridlab::app {

constexpr float kGomokuRim = 0.3f;  // the wood beyond the board's outer cells, in cells

// `dotted`: cells to mark with a dot (a winning line).
void draw_gomoku_board(const Frame& frame, const BoardPlacement& board, const gomoku::State& state,
                       const std::vector<int>& dotted = {});

// A point's share of a search or of a network's policy: a disc of `fill` (0xRRGGBBAA, its alpha how
// strong the share is) on the wood, and `label` written on it readable from the back of a classroom.
void draw_share_disc(const BoardPlacement& board, int action, uint32_t fill, const char* label);
// The label's ink on a disc of `fill` over the wood: black or white, whichever contrasts more with
// what is under it (the other one outlines it).
uint32_t share_label_ink(uint32_t fill);

}  // namespace gridlab::app
