#include "minesweeper/probability_solver.h"

#include <algorithm>

namespace gridlab::minesweeper {

namespace {

int hidden_neighbours(const Position& position, int cell) {
    const Grid<int8_t>& cells = position.cells;
    int count = 0;
    cells.for_each_neighbour(cells.row_of(cell), cells.col_of(cell),
                             [&](int r, int c) { count += cells.at(r, c) == kHidden; });
    return count;
}

bool touches_number(const Position& position, int cell) {
    const Grid<int8_t>& cells = position.cells;
    bool touches = false;
    cells.for_each_neighbour(cells.row_of(cell), cells.col_of(cell),
                             [&](int r, int c) { touches |= cells.at(r, c) <= 8; });
    return touches;
}

// The safety of the best move in an analysed position: 1 if a cell is certainly safe, or if every
// hidden cell is a mine (the game is won), else the lowest mine probability's complement.
double best_safety(const Position& position, const Analysis& analysis) {
    if (!analysis.safe.empty()) return 1.0;
    double best = -1;
    for (int i = 0; i < position.cells.size(); ++i)
        if (position.cells[i] == kHidden && analysis.mine_probability[i] < 1.0)
            best = std::max(best, 1.0 - analysis.mine_probability[i]);
    return best < 0 ? 1.0 : best;
}

}  // namespace

Decision ProbabilitySolver::decide(const Position& position, Rng& /*rng*/) {
    AnalysisCache cache;
    const Analysis analysis = analyze(position, settings_.limits, &cache);
    Decision decision;
    Knowledge& knowledge = decision.knowledge;
    knowledge.safe = analysis.safe;
    knowledge.mines = analysis.mines;
    knowledge.mine_probability = analysis.mine_probability;
    knowledge.exact = analysis.exact;
    if (!analysis.safe.empty()) {
        decision.move = analysis.safe.front();
        return decision;
    }
    decision.move = best_guess(position, analysis, cache);
    decision.guess = decision.move >= 0;
    return decision;
}

int ProbabilitySolver::best_guess(const Position& position, const Analysis& analysis, AnalysisCache& cache) const {
    struct Candidate {
        double probability;
        int hidden_neighbours;
        int cell;
    };
    std::vector<Candidate> candidates;
    for (int i = 0; i < position.cells.size(); ++i)
        if (position.cells[i] == kHidden && analysis.mine_probability[i] < 1.0)
            candidates.push_back({analysis.mine_probability[i], hidden_neighbours(position, i), i});
    if (candidates.empty()) return -1;
    // Safest first; among equals, fewer hidden neighbours (a corner opens a zero more often).
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        if (a.probability != b.probability) return a.probability < b.probability;
        if (a.hidden_neighbours != b.hidden_neighbours) return a.hidden_neighbours < b.hidden_neighbours;
        return a.cell < b.cell;
    });
    if (!analysis.exact) return candidates.front().cell;
    if (!(LargeNumber(settings_.endgame.max_layouts) < analysis.layouts)) {
        const EndgameMove endgame = solve_endgame(position, settings_.endgame);
        if (endgame.cell >= 0) return endgame.cell;
    }

    const double lowest = candidates.front().probability;
    int best_cell = candidates.front().cell, looked = 0, outside = 0;
    double best_score = -1;
    for (const Candidate& candidate : candidates) {
        if (candidate.probability > lowest + settings_.tolerance || looked == settings_.max_candidates) break;
        if (!touches_number(position, candidate.cell) && ++outside > settings_.max_outside_candidates) continue;
        ++looked;
        const double score = (1.0 - candidate.probability) * next_move_safety(position, candidate.cell, cache);
        if (score > best_score) best_score = score, best_cell = candidate.cell;
    }
    return best_cell;
}

double ProbabilitySolver::next_move_safety(const Position& position, int cell, AnalysisCache& cache) const {
    const Grid<int8_t>& cells = position.cells;
    int flags = 0, hidden = 0;
    cells.for_each_neighbour(cells.row_of(cell), cells.col_of(cell), [&](int r, int c) {
        flags += cells.at(r, c) == kFlag;
        hidden += cells.at(r, c) == kHidden;
    });
    // Weigh each number the cell could show by how many layouts show it.
    Position next = position;
    Analysis after;
    LargeNumber all, weighted;
    for (int number = flags; number <= flags + hidden; ++number) {
        next.cells[cell] = static_cast<int8_t>(number);
        if (!try_analyze(next, settings_.lookahead_limits, after, &cache) || !after.exact) continue;
        all += after.layouts;
        weighted += after.layouts * LargeNumber(best_safety(next, after));
    }
    return all.is_zero() ? 0.0 : weighted.fraction_of(all);
}

}  // namespace gridlab::minesweeper
