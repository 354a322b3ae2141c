// The endgame: when only a few mine layouts remain possible, the move that maximises the chance of
// WINNING (not just of surviving one click) can be found exactly, by searching over sets of layouts.
//
// The layouts are equally likely. Revealing a cell splits the current set by what the cell shows in
// each layout (a mine ends the game). A cell that is safe in every layout is revealed for free and
// its number narrows the set; otherwise we must guess, and
//     win(set) = max over cells c of  sum over numbers v of  |layouts where c shows v| / |set| * win(those)
// with win = 1 once a single layout remains (everything is known). Sets of layouts are sorted lists
// of layout numbers, and each set is solved once (memoised). The search is exact but prunes: a cell
// cannot win more often than it survives, so cells are tried safest first and the rest are skipped
// once none of them survives often enough to beat the best found.
#pragma once

#include <cstdint>
#include <vector>

#include "minesweeper/rules.h"

namespace gridlab::minesweeper {

struct EndgameLimits {
    int max_layouts = 1024;
    int64_t max_nodes = 100'000;    // for listing the layouts
    int64_t max_work = 10'000'000;  // cells tried x layouts split, summed over the search (up to ~50 ms at 1024 layouts)
};

struct EndgameMove {
    int cell = -1;  // -1: too many layouts, or the search ran out of budget
    double win_probability = 0;
};

EndgameMove solve_endgame(const Position& position, const EndgameLimits& limits = {});

}  // namespace gridlab::minesweeper
