// Exact mine probabilities for every hidden cell of a position.
//
// Every layout of the remaining mines that agrees with the open numbers is equally likely, so the
// chance that a cell is a mine is (layouts with a mine there) / (all layouts). Counting them:
//   1. The frontier is the set of hidden cells next to an open number; the other hidden cells are
//      "outside" and no number says anything about them.
//   2. Numbers link frontier cells into independent components. Each component is enumerated by
//      backtracking, recording how many of its solutions use k mines (and, per cell, how many of
//      those have a mine there). Cells next to exactly the same numbers form a box and are decided
//      together: the search chooses how many mines a box holds, weighted by C(size, mines).
//   3. Components combine by convolution over their mine counts; whatever mines remain go to the
//      outside cells in C(outside, remaining) ways. Those binomials reach 10^900 on a 64x64 board,
//      so weights are LargeNumbers (no overflow, no log/exp, identical native and wasm).
// Work is bounded: if the backtracking of one analysis exceeds `max_nodes`, the analysis falls back
// to seed 004's local rule (certain cells from elimination, a local estimate for the others) and
// says so with exact = false.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "minesweeper/large_number.h"
#include "minesweeper/rules.h"

namespace gridlab::minesweeper {

struct AnalysisLimits {
    int64_t max_nodes = 1'000'000;
};

struct Analysis {
    bool exact = true;
    std::vector<double> mine_probability;  // per cell: -1 open, 1 flag, else the chance of a mine
    std::vector<int> safe;                 // hidden cells safe in every layout, ascending
    std::vector<int> mines;                // hidden unflagged cells that are mines in every layout, ascending
    LargeNumber layouts;                   // number of mine layouts that agree with the position
    int frontier_cells = 0;
    int outside_cells = 0;
    int components = 0;
    int64_t nodes = 0;  // backtracking steps used
};

// Remembers each component's count, so that analysing many positions that differ in one cell (a
// solver looking ahead) enumerates only the components that changed. Valid for positions with the
// same total of mines; results are identical with or without it.
struct AnalysisCache {
    struct Counts {
        std::vector<double> solutions;                    // [k] (exact integers)
        std::vector<std::vector<double>> mine_solutions;  // [k][cell of the component]
    };
    std::map<std::vector<int>, Counts> counts;  // by a component's cells, numbers and mine total; looked up only
};

// Throws std::invalid_argument naming the problem if no layout of the mines agrees with the position.
Analysis analyze(const Position& position, const AnalysisLimits& limits = {}, AnalysisCache* cache = nullptr);

// The same without exceptions, for search loops: returns false (and leaves `out` unspecified) if
// the position is impossible.
bool try_analyze(const Position& position, const AnalysisLimits& limits, Analysis& out,
                 AnalysisCache* cache = nullptr);

// Lists every layout of the unflagged mines (each as its ascending mined cells) that agrees with the
// position, if there are at most `max_layouts` of them; false otherwise or if the search needs more
// than `max_nodes` steps. For endgames, where the layouts are few.
bool enumerate_layouts(const Position& position, int max_layouts, int64_t max_nodes,
                       std::vector<std::vector<int>>& layouts);

}  // namespace gridlab::minesweeper
