// The strongest of the three: exact probabilities (probability.h), then
//   1. a cell that is safe in every layout, if there is one;
//   2. otherwise a guess. The lowest mine probability alone is not the best guess: among the cells
//      nearly as safe as the safest, prefer the one after which we are most likely to survive the
//      NEXT move too. For each candidate and each number it could show, the position is analysed
//      again: if that number leaves a certain-safe cell the next move is free (worth 1), otherwise it
//      is worth the best safety then available. score = P(safe now) * E[next move's safety].
//      This rewards progress (numbers that resolve cells) and punishes dead cells that tell nothing.
//   3. When at most 64 layouts remain, the endgame search (endgame.h) finds the guess that
//      maximises the chance of winning outright.
#pragma once

#include "minesweeper/endgame.h"
#include "minesweeper/probability.h"
#include "minesweeper/solver.h"

namespace gridlab::minesweeper {

struct GuessSettings {
    double tolerance = 0.05;       // candidates: mine probability at most the lowest + tolerance
    int max_candidates = 10;       // of which at most this many are looked ahead
    int max_outside_candidates = 3;  // outside cells are alike but for their place: keep the few with fewest neighbours
    AnalysisLimits limits;
    AnalysisLimits lookahead_limits{100'000};
    EndgameLimits endgame;
};

class ProbabilitySolver : public Solver {
public:
    explicit ProbabilitySolver(const GuessSettings& settings = {}) : settings_(settings) {}
    std::string_view name() const override { return "probability"; }
    // Throws std::invalid_argument on an impossible position.
    Decision decide(const Position& position, Rng& rng) override;

    // The guess for a position without certain-safe cells, given its analysis (and the cache that
    // analysis filled, which speeds up the look-ahead).
    int best_guess(const Position& position, const Analysis& analysis, AnalysisCache& cache) const;

private:
    double next_move_safety(const Position& position, int cell, AnalysisCache& cache) const;

    GuessSettings settings_;
};

}  // namespace gridlab::minesweeper
