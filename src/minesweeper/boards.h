// Board files: fixed mine layouts, so that two solvers (gridlab's and another program's) can play
// exactly the same games and be compared board by board.
//
//   rows=16 cols=30 mines=99 first_cell=0,0 first_click=safe
//   *..*.../.*....../...          one board per line: its rows of '*' (mine) and '.' joined by '/'
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.h"
#include "minesweeper/rules.h"

namespace gridlab::minesweeper {

struct BoardSet {
    Settings settings;  // first_click says which rule laid the mines (the layouts obey it)
    int first_cell = 0;
    std::vector<Grid<uint8_t>> layouts;  // 1 = mine
};

// The layouts `eval` plays with the same seed: game i's State is seeded by the first number of
// Rng::for_stream(seed, i) and its mines are laid by the first click at `first_cell`.
// Settings::first_click must be Safe or Zero (the rules that lay the mines at the first click).
BoardSet make_boards(const Settings& settings, int first_cell, int games, uint64_t seed);

std::string boards_text(const BoardSet& boards);

// Reads a board file. Throws ParseError naming the line (and column) of the first problem: a bad
// header, a board of the wrong shape, a character other than '*', '.' or '/', a mine count other
// than the header's, a mine the first click may not meet, or no boards at all.
BoardSet parse_boards(std::string_view text);

}  // namespace gridlab::minesweeper
