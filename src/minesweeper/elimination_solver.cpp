#include "minesweeper/elimination_solver.h"

namespace gridlab::minesweeper {

namespace {

// One application of the rule around the number at (r, c); true if it marked anything new.
bool apply_rule(const Grid<int8_t>& cells, int r, int c, Grid<Mark>& marks) {
    int known_mines = 0, known_free = 0, hidden = 0, unknown = 0;
    cells.for_each_neighbour(r, c, [&](int nr, int nc) {
        if (cells.at(nr, nc) != kHidden && cells.at(nr, nc) != kFlag) return;
        ++hidden;
        const Mark mark = marks.at(nr, nc);
        known_mines += mark == Mark::Mine;
        known_free += mark == Mark::Safe;
        unknown += mark == Mark::Unknown;
    });
    if (unknown == 0) return false;
    const int number = cells.at(r, c);
    Mark conclusion = Mark::Unknown;
    if (number - known_mines == 0) conclusion = Mark::Safe;
    else if (number == hidden - known_free) conclusion = Mark::Mine;
    if (conclusion == Mark::Unknown) return false;
    cells.for_each_neighbour(r, c, [&](int nr, int nc) {
        if ((cells.at(nr, nc) == kHidden || cells.at(nr, nc) == kFlag) && marks.at(nr, nc) == Mark::Unknown)
            marks.at(nr, nc) = conclusion;
    });
    return true;
}

}  // namespace

Grid<Mark> eliminate(const Position& position) {
    const Grid<int8_t>& cells = position.cells;
    Grid<Mark> marks(cells.rows(), cells.cols(), Mark::Unknown);
    for (int i = 0; i < cells.size(); ++i)
        if (cells[i] == kFlag) marks[i] = Mark::Mine;
        else if (cells[i] != kHidden) marks[i] = Mark::Safe;
    // Seed 004 sweeps three times; sweeping until a pass changes nothing reaches the fixed point.
    for (bool changed = true; changed;) {
        changed = false;
        for (int r = 0; r < cells.rows(); ++r)
            for (int c = 0; c < cells.cols(); ++c)
                if (cells.at(r, c) >= 1 && cells.at(r, c) <= 8) changed |= apply_rule(cells, r, c, marks);
    }
    return marks;
}

Decision EliminationSolver::decide_now(const Position& position) {
    const Grid<Mark> marks = eliminate(position);
    Decision decision;
    for (int i = 0; i < marks.size(); ++i) {
        if (position.cells[i] != kHidden) continue;
        if (marks[i] == Mark::Safe) decision.knowledge.safe.push_back(i);
        if (marks[i] == Mark::Mine) decision.knowledge.mines.push_back(i);
    }
    choose_known_safe_or_guess(position, decision, rng_);
    return decision;
}

}  // namespace gridlab::minesweeper
