#include "minesweeper/probability_solver.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "core/time_budget.h"

namespace gridlab::minesweeper {

namespace {

bool touches_number(const Position& position, int cell) {
    const Grid<int8_t>& cells = position.cells;
    bool touches = false;
    cells.for_each_neighbour(cells.row_of(cell), cells.col_of(cell),
                             [&](int r, int c) { touches |= cells.at(r, c) <= 8; });
    return touches;
}

// What the next move is worth in an analysed position: mostly the safety of its best cell, a fifth
// the second best (a position with one safe cell often needs a guess right after it; two rarely).
// A certain-safe cell counts 1, and a position where every hidden cell is a mine is won (1).
double next_position_value(const Position& position, const Analysis& analysis) {
    double best = -1, second = -1;
    for (int i = 0; i < position.cells.size(); ++i) {
        if (position.cells[i] != kHidden || analysis.mine_probability[i] >= 1.0) continue;
        const double safety = 1.0 - analysis.mine_probability[i];
        if (safety > best) second = best, best = safety;
        else if (safety > second) second = safety;
    }
    if (best < 0) return 1.0;
    if (second < 0) second = best;
    return (4 * best + second) / 5;
}

bool known_mine(const Position& position, const Analysis& analysis, int cell) {
    return position.cells[cell] == kFlag || (position.cells[cell] == kHidden && analysis.mine_probability[cell] >= 1);
}

bool undecided(const Position& position, const Analysis& analysis, int cell) {
    const double p = analysis.mine_probability[cell];
    return position.cells[cell] == kHidden && p > 0 && p < 1;
}

bool adjacent(const Grid<int8_t>& cells, int a, int b) {
    return std::abs(cells.row_of(a) - cells.row_of(b)) <= 1 && std::abs(cells.col_of(a) - cells.col_of(b)) <= 1;
}

// The cells next to `cell` but not to `other` (nor `other` itself): only their numbers could ever
// tell the two apart.
void add_sides(const Grid<int8_t>& cells, int cell, int other, std::vector<int>& sides) {
    cells.for_each_neighbour(cells.row_of(cell), cells.col_of(cell), [&](int r, int c) {
        const int side = cells.index(r, c);
        if (side != other && !adjacent(cells, side, other)) sides.push_back(side);
    });
}

// Whether a guess at `a` is free: whenever `a` is a mine, `b` is safe and every cell beside the pair
// is a mine, so no number can ever tell the two apart and the guess between them must be made sooner
// or later (its 50% risk is the same then as now). Made now, its number informs everything after.
bool free_guess(const Position& position, const Analysis& analysis, int a, int b, const AnalysisLimits& limits,
                AnalysisCache* cache) {
    const Grid<int8_t>& cells = position.cells;
    std::vector<int> sides;
    add_sides(cells, a, b, sides);
    add_sides(cells, b, a, sides);
    int unknown_sides = 0;
    for (int side : sides) {
        if (cells[side] <= 8) return false;  // an open number beside the pair may yet tell them apart
        unknown_sides += cells[side] == kHidden && analysis.mine_probability[side] < 1.0;
    }
    if (unknown_sides > 1) return false;  // rarely all mines: not worth counting
    Position mined = position;
    for (int side : sides) mined.cells[side] = kFlag;
    mined.cells[a] = kFlag;
    Analysis with_a;
    if (!try_analyze(mined, limits, with_a, cache) || !with_a.exact) return false;
    mined.cells[b] = kFlag;
    Analysis with_both;
    if (try_analyze(mined, limits, with_both, cache)) return false;  // a and b can both be mines
    // The layouts with the pattern are all the layouts with a mine at a.
    const double share = with_a.layouts.fraction_of(analysis.layouts);
    return std::abs(share - analysis.mine_probability[a]) <= 1e-9 * analysis.mine_probability[a];
}

// A cell whose guess is free (see free_guess), or -1.
int find_free_guess(const Position& position, const Analysis& analysis, const AnalysisLimits& limits,
                    AnalysisCache* cache) {
    const Grid<int8_t>& cells = position.cells;
    for (int a = 0; a < cells.size(); ++a) {
        if (!undecided(position, analysis, a)) continue;
        const int r = cells.row_of(a), c = cells.col_of(a);
        for (const int b : {c + 1 < cells.cols() ? a + 1 : -1, r + 1 < cells.rows() ? a + cells.cols() : -1}) {
            if (b < 0 || !undecided(position, analysis, b)) continue;
            if (free_guess(position, analysis, a, b, limits, cache)) return a;
            if (free_guess(position, analysis, b, a, limits, cache)) return b;
        }
    }
    return -1;
}

// For each cell, the cells it is linked to. A link is an open number with exactly two undecided
// cells beside it and one mine left to place: one of the two is a mine, the other safe.
std::vector<std::vector<int>> one_mine_links(const Position& position, const Analysis& analysis) {
    const Grid<int8_t>& cells = position.cells;
    std::vector<std::vector<int>> links(cells.size());
    for (int number = 0; number < cells.size(); ++number) {
        if (cells[number] > 8) continue;
        int mines = 0;
        std::vector<int> open;
        cells.for_each_neighbour(cells.row_of(number), cells.col_of(number), [&](int r, int c) {
            const int cell = cells.index(r, c);
            mines += known_mine(position, analysis, cell);
            if (undecided(position, analysis, cell)) open.push_back(cell);
        });
        if (open.size() != 2 || cells[number] - mines != 1) continue;
        links[open[0]].push_back(open[1]);
        links[open[1]].push_back(open[0]);
    }
    return links;
}

// The cells of a chain of 50/50s that no number can ever settle, or none. Linked cells alternate, so
// every layout puts a chain's mines on one colour of it or on the other. If both colours hold as
// many cells, and every other cell beside the chain that is not a known mine touches as many cells
// of one colour as of the other, then swapping the colours turns every layout into another one that
// agrees with every number, those shown and those still to be revealed: the chain is a free 50/50
// like a free pair (find_free_guess), only longer, and each of its cells is a mine in half the layouts.
std::vector<int> find_unsettled_chain(const Position& position, const Analysis& analysis) {
    const Grid<int8_t>& cells = position.cells;
    const std::vector<std::vector<int>> links = one_mine_links(position, analysis);
    std::vector<int> chain_of(cells.size(), -1);  // the first cell of the chain a cell is in
    std::vector<int8_t> colour(cells.size(), 0);
    for (int start = 0; start < cells.size(); ++start) {
        if (links[start].empty() || chain_of[start] >= 0) continue;
        std::vector<int> chain{start};
        chain_of[start] = start;
        bool alternates = true;  // always, in a position that has layouts
        int balance = 1;         // cells of colour 0 minus cells of colour 1
        for (size_t i = 0; i < chain.size(); ++i)
            for (int next : links[chain[i]]) {
                if (chain_of[next] < 0) {
                    chain_of[next] = start;
                    colour[next] = static_cast<int8_t>(1 - colour[chain[i]]);
                    balance += colour[next] == 0 ? 1 : -1;
                    chain.push_back(next);
                }
                alternates &= colour[next] != colour[chain[i]];
            }
        if (!alternates || balance != 0) continue;
        bool settles = false;
        std::vector<uint8_t> checked(cells.size(), 0);
        for (int member : chain)
            cells.for_each_neighbour(cells.row_of(member), cells.col_of(member), [&](int r, int c) {
                const int beside = cells.index(r, c);
                if (checked[beside] || chain_of[beside] == start || known_mine(position, analysis, beside)) return;
                checked[beside] = 1;
                int touched = 0;  // colour-0 minus colour-1 cells of the chain beside it
                cells.for_each_neighbour(r, c, [&](int r2, int c2) {
                    const int cell = cells.index(r2, c2);
                    if (chain_of[cell] == start) touched += colour[cell] == 0 ? 1 : -1;
                });
                settles |= touched != 0;
            });
        if (!settles) return chain;
    }
    return {};
}

}  // namespace

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
    if (endgame_pending_) return;  // the endgame weighs every guess exactly, free ones included
    if (const int free = find_free_guess(position_, analysis, settings_.lookahead_limits, &cache_); free >= 0) {
        decision_.move = free;
        decision_.reason = GuessReason::Unsettled;
        knowledge.candidates = {{free, analysis.mine_probability[free], -1.0, -1.0}};
        next_candidate_ = 1;
        return;
    }
    // The guess must be made in the chain sooner or later: the look-ahead only picks its best cell.
    if (const std::vector<int> chain = find_unsettled_chain(position_, analysis); !chain.empty()) {
        knowledge.candidates.clear();
        for (int cell : chain) knowledge.candidates.push_back({cell, analysis.mine_probability[cell], -1.0, -1.0});
        decision_.move = chain.front();
        decision_.reason = GuessReason::Unsettled;
        next_candidate_ = 0;
    }
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
            decision_.reason = GuessReason::ExactWin;
            decision_.win_probability = endgame.win_probability;
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
            if (decision_.reason != GuessReason::Unsettled)  // a chain's cells are all alike
                decision_.reason = candidate.mine_probability > candidates.front().mine_probability ? GuessReason::LookAhead
                                                                                                   : GuessReason::Safest;
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
    int possible_numbers = 0;
    for (int number = flags; number <= flags + hidden; ++number) {
        next.cells[cell] = static_cast<int8_t>(number);
        if (!try_analyze(next, settings_.lookahead_limits, after, &cache_)) continue;
        ++possible_numbers;
        if (!after.exact) continue;
        all += after.layouts;
        weighted += after.layouts * LargeNumber(next_position_value(next, after));
    }
    // A dead cell (one possible number) tells nothing: its risk buys no progress, so it comes last.
    if (possible_numbers == 1) return 0.0;
    return all.is_zero() ? 0.0 : weighted.fraction_of(all);
}

}  // namespace gridlab::minesweeper
