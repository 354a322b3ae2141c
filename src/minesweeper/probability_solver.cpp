#include "minesweeper/probability_solver.h"

#include <algorithm>
#include <limits>

#include "core/time_budget.h"

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
    begin(position);
    think(std::numeric_limits<double>::infinity());
    return decision_;
}

void ProbabilitySolver::begin(const Position& position) {
    position_ = position;
    cache_ = AnalysisCache{};
    decision_ = Decision{};
    endgame_pending_ = false;
    next_candidate_ = 0;
    const Analysis analysis = analyze(position_, settings_.limits, &cache_);
    Knowledge& knowledge = decision_.knowledge;
    knowledge.safe = analysis.safe;
    knowledge.mines = analysis.mines;
    knowledge.mine_probability = analysis.mine_probability;
    knowledge.exact = analysis.exact;
    if (!analysis.safe.empty()) {
        decision_.move = analysis.safe.front();
        return;
    }
    choose_candidates(analysis);
    if (knowledge.candidates.empty()) return;  // every hidden cell is a known mine
    decision_.move = knowledge.candidates.front().cell;  // the safest: the answer until thinking says better
    decision_.guess = true;
    if (!analysis.exact) {
        knowledge.candidates.resize(1);  // no exact look-ahead on a fallback analysis
        next_candidate_ = 1;
        return;
    }
    endgame_pending_ = !(LargeNumber(settings_.endgame.max_layouts) < analysis.layouts);
}

void ProbabilitySolver::choose_candidates(const Analysis& analysis) {
    struct Ranked {
        double probability;
        int hidden_neighbours;
        int cell;
    };
    std::vector<Ranked> ranked;
    for (int i = 0; i < position_.cells.size(); ++i)
        if (position_.cells[i] == kHidden && analysis.mine_probability[i] < 1.0)
            ranked.push_back({analysis.mine_probability[i], hidden_neighbours(position_, i), i});
    // Safest first; among equals, fewer hidden neighbours (a corner opens a zero more often).
    std::sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
        if (a.probability != b.probability) return a.probability < b.probability;
        if (a.hidden_neighbours != b.hidden_neighbours) return a.hidden_neighbours < b.hidden_neighbours;
        return a.cell < b.cell;
    });
    std::vector<GuessCandidate>& candidates = decision_.knowledge.candidates;
    int outside = 0;
    for (const Ranked& r : ranked) {
        if (r.probability > ranked.front().probability + settings_.tolerance ||
            static_cast<int>(candidates.size()) == settings_.max_candidates)
            break;
        if (!touches_number(position_, r.cell) && ++outside > settings_.max_outside_candidates) continue;
        candidates.push_back({r.cell, r.probability, -1.0, -1.0});
    }
}

void ProbabilitySolver::think(double budget_ms) {
    const TimeBudget budget(budget_ms);
    std::vector<GuessCandidate>& candidates = decision_.knowledge.candidates;
    if (endgame_pending_) {
        endgame_pending_ = false;
        const EndgameMove endgame = solve_endgame(position_, settings_.endgame);
        if (endgame.cell >= 0) {
            decision_.move = endgame.cell;
            next_candidate_ = candidates.size();  // the exact answer: nothing left to weigh
            return;
        }
    }
    double best_score = -1;
    for (size_t i = 0; i < next_candidate_; ++i) best_score = std::max(best_score, candidates[i].score);
    // At least one candidate per call, so that any slice makes progress.
    while (next_candidate_ < candidates.size()) {
        GuessCandidate& candidate = candidates[next_candidate_++];
        candidate.next_safety = next_move_safety(candidate.cell);
        candidate.score = (1.0 - candidate.mine_probability) * candidate.next_safety;
        if (candidate.score > best_score) {
            best_score = candidate.score;
            decision_.move = candidate.cell;
        }
        if (budget.expired()) break;
    }
}

double ProbabilitySolver::next_move_safety(int cell) {
    const Grid<int8_t>& cells = position_.cells;
    int flags = 0, hidden = 0;
    cells.for_each_neighbour(cells.row_of(cell), cells.col_of(cell), [&](int r, int c) {
        flags += cells.at(r, c) == kFlag;
        hidden += cells.at(r, c) == kHidden;
    });
    // Weigh each number the cell could show by how many layouts show it.
    Position next = position_;
    Analysis after;
    LargeNumber all, weighted;
    for (int number = flags; number <= flags + hidden; ++number) {
        next.cells[cell] = static_cast<int8_t>(number);
        if (!try_analyze(next, settings_.lookahead_limits, after, &cache_) || !after.exact) continue;
        all += after.layouts;
        weighted += after.layouts * LargeNumber(best_safety(next, after));
    }
    return all.is_zero() ? 0.0 : weighted.fraction_of(all);
}

}  // namespace gridlab::minesweeper
