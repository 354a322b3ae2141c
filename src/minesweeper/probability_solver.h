// The strongest of the three: exact probabilities (probability.h), then
//   1. a cell that is safe in every layout, if there is one;
//   2. when at most 1024 layouts remain, the endgame search (endgame.h): the guess that maximises the
//      chance of winning outright;
//   3. a free guess, if there is one: a cell that, whenever it is a mine, sits in a 50/50 that no
//      number can ever settle (the cells beside the pair are mines), or a cell of a chain of such
//      50/50s linked by numbers (no cell beside the chain can tell its two colourings apart). That
//      50% risk must be taken sooner or later anyway, and taken now its number informs every later
//      decision;
//   4. otherwise a guess. The lowest mine probability alone is not the best guess: among the cells
//      nearly as safe as the safest, prefer the one after which we are most likely to survive the
//      NEXT move too. For each candidate and each number it could show, the position is analysed
//      again and valued by its best cell's safety (4/5) and second best's (1/5), a certain-safe cell
//      counting 1. score = P(safe now) * E[value of the next position]. This rewards progress
//      (numbers that resolve cells); a dead cell (only one possible number: it tells nothing)
//      scores 0 and is played only when every candidate is dead.
//
// For the web app the work can be sliced: begin() analyses the position, each think(ms) weighs more
// candidates until its slice is used, and result() is valid at any time (final once finished()).
// The result does not depend on the slicing.
#pragma once

#include "minesweeper/endgame.h"
#include "minesweeper/probability.h"
#include "minesweeper/solver.h"

namespace gridlab::minesweeper {

struct GuessSettings {
    double tolerance = 0.1;          // candidates: mine probability at most the lowest + tolerance
    int max_candidates = 12;         // of which at most this many are looked ahead
    int max_outside_candidates = 3;  // outside cells are alike but for their place: keep the few with fewest neighbours
    // 5x10^6 steps won 0.1 points more on expert (README), but this analysis runs unsliced in begin()
    // and the web app must not freeze: the default 10^6 keeps it to tens of milliseconds.
    AnalysisLimits limits;
    AnalysisLimits lookahead_limits{100'000};
    EndgameLimits endgame;
};

class ProbabilitySolver : public Solver {
public:
    explicit ProbabilitySolver(const GuessSettings& settings = {}) : settings_(settings) {}
    std::string_view name() const override { return "probability"; }
    void begin(const Position& position) override;  // throws std::invalid_argument on an impossible position
    void think(double budget_ms) override;  // always does at least one unit of work
    bool finished() const override {
        return !endgame_pending_ && next_candidate_ >= decision_.knowledge.candidates.size();
    }
    Decision result() const override { return decision_; }

private:
    void choose_candidates(const Analysis& analysis);
    double next_move_safety(int cell);

    GuessSettings settings_;
    Position position_;
    AnalysisCache cache_;
    Decision decision_;
    bool endgame_pending_ = false;
    size_t next_candidate_ = 0;
};

}  // namespace gridlab::minesweeper
