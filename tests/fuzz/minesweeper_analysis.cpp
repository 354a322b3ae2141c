// Minesweeper analysis of small boards (at most 12 hidden cells) against brute force over every
// layout of the mines: the exact probabilities, the certain cells, and what the three solvers may
// claim (kb and elimination: only true facts, and a guess never on a cell they know is a mine).
// The first byte is the mine total, the rest the board text.
#include <algorithm>
#include <cmath>
#include <vector>

#include "fuzz.h"
#include "minesweeper/probability.h"
#include "minesweeper/solver.h"

using namespace gridlab;
using namespace gridlab::minesweeper;

namespace {

// Mine probability per cell over every layout that fits (-1 open, 1 flag); empty if none fits.
std::vector<double> brute_force(const Position& position) {
    const Grid<int8_t>& cells = position.cells;
    std::vector<int> hidden;
    int flags = 0;
    for (int i = 0; i < cells.size(); ++i) {
        if (cells[i] == kHidden) hidden.push_back(i);
        flags += cells[i] == kFlag;
    }
    std::vector<double> mine_count(static_cast<size_t>(cells.size()), 0.0);
    std::vector<int> mine(static_cast<size_t>(cells.size()), 0);
    double layouts = 0;
    for (uint32_t subset = 0; subset < (1u << hidden.size()); ++subset) {
        if (__builtin_popcount(subset) != position.mines - flags) continue;
        for (int i = 0; i < cells.size(); ++i) mine[static_cast<size_t>(i)] = cells[i] == kFlag;
        for (size_t b = 0; b < hidden.size(); ++b) mine[static_cast<size_t>(hidden[b])] = (subset >> b) & 1;
        bool fits = true;
        for (int r = 0; r < cells.rows() && fits; ++r)
            for (int c = 0; c < cells.cols() && fits; ++c) {
                if (cells.at(r, c) > 8) continue;
                int around = 0;
                cells.for_each_neighbour(r, c, [&](int nr, int nc) { around += mine[static_cast<size_t>(cells.index(nr, nc))]; });
                fits = around == cells.at(r, c);
            }
        if (!fits) continue;
        ++layouts;
        for (int cell : hidden) mine_count[static_cast<size_t>(cell)] += mine[static_cast<size_t>(cell)];
    }
    if (layouts == 0) return {};
    std::vector<double> probability(static_cast<size_t>(cells.size()), -1.0);
    for (int i = 0; i < cells.size(); ++i) {
        if (cells[i] == kFlag) probability[static_cast<size_t>(i)] = 1.0;
        if (cells[i] == kHidden) probability[static_cast<size_t>(i)] = mine_count[static_cast<size_t>(i)] / layouts;
    }
    return probability;
}

bool contains(const std::vector<int>& cells, int cell) { return std::find(cells.begin(), cells.end(), cell) != cells.end(); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1 || size > 64) return 0;
    Position position;
    try {
        position = parse_position(fuzz::as_text(data + 1, size - 1), data[0] % 16);
    } catch (const ParseError&) {
        return 0;
    } catch (const std::invalid_argument&) {
        return 0;
    }
    if (std::count(position.cells.cells().begin(), position.cells.cells().end(), kHidden) > 12) return 0;
    const std::vector<double> expected = brute_force(position);
    Analysis analysis;
    try {
        analysis = analyze(position);
    } catch (const std::invalid_argument&) {
        FUZZ_CHECK(expected.empty());  // refused: no layout fits
        return 0;
    }
    FUZZ_CHECK(!expected.empty());
    FUZZ_CHECK(analysis.exact);
    for (int i = 0; i < position.cells.size(); ++i) {
        const double p = expected[static_cast<size_t>(i)];
        const bool hidden = position.cells[i] == kHidden;
        FUZZ_CHECK(std::fabs(analysis.mine_probability[static_cast<size_t>(i)] - p) <= 1e-9);
        FUZZ_CHECK(contains(analysis.safe, i) == (hidden && p == 0.0));
        FUZZ_CHECK(contains(analysis.mines, i) == (hidden && p == 1.0));
    }
    for (const char* name : {"kb", "elimination", "probability"}) {
        const Decision decision = make_solver(name, Rng(1))->decide(position);
        for (int cell : decision.knowledge.safe) FUZZ_CHECK(expected[static_cast<size_t>(cell)] == 0.0);
        for (int cell : decision.knowledge.mines) FUZZ_CHECK(expected[static_cast<size_t>(cell)] == 1.0);
        if (decision.move < 0) {
            // No move only when every hidden cell is a mine.
            for (int i = 0; i < position.cells.size(); ++i)
                FUZZ_CHECK(position.cells[i] != kHidden || expected[static_cast<size_t>(i)] == 1.0);
            continue;
        }
        FUZZ_CHECK(position.cells[decision.move] == kHidden);
        FUZZ_CHECK(!contains(decision.knowledge.mines, decision.move));
        FUZZ_CHECK(decision.knowledge.mine_probability[static_cast<size_t>(decision.move)] < 1.0);
        if (!decision.guess) FUZZ_CHECK(expected[static_cast<size_t>(decision.move)] == 0.0);
    }
    return 0;
}
