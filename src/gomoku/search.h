// The contract of every Gomoku AI (Mcts with its policies, AlphaBeta): core/anytime.h's begin / think /
// finished / result with a SearchReport for the UI, and what the command line, pbrain and the app's
// worker need besides: the move, and a budget that a Gomocup manager may change between moves.
#pragma once

#include <cstdint>
#include <vector>

#include "core/anytime.h"
#include "gomoku/rules.h"

namespace gridlab::gomoku {

// When to stop thinking: after `playouts` units of work (MCTS playouts; alpha-beta nodes), after `ms`
// milliseconds of thinking, or at whichever comes first when both are set (0 means no limit; at least
// one must be set). A playout budget gives the same answer on every machine for the same seed; a time
// budget does not.
struct Budget {
    int64_t playouts = 0;
    double ms = 0;
};

// What the UI shows about a search.
struct CandidateStats {
    int action;      // row * size + col
    int64_t visits;  // MCTS: playouts through the move; alpha-beta: positions searched below it
    double value;    // the expected result for the side to move, -1..1 (0 if unvisited)
    double prior;
};

struct SearchReport {
    std::vector<CandidateStats> candidates;  // every root move, the chosen one first
    std::vector<int> principal_line;         // actions: the chosen move, then the expected reply, ...
    std::vector<int> win_line;     // a forced win found for the side to move: its moves and the replies
    std::vector<int> threat_line;  // else the opponent's forced win if it could move now, if found
    int64_t playouts = 0;                    // playouts (alpha-beta: positions) this search, not counting reused ones
    double ms = 0;                           // thinking time this search, the root screening included
    double screen_ms = 0;                    // of which the root screening
    int64_t threat_nodes = 0;                // positions the root screening's threat searches examined
    int64_t nodes = 0;                       // tree size (alpha-beta: positions searched)
    int depth = 0;                           // alpha-beta: the last depth searched to the end (MCTS: 0)

    int64_t total_visits() const {  // of all root moves
        int64_t total = 0;
        for (const CandidateStats& candidate : candidates) total += candidate.visits;
        return total;
    }
};

class Search : public AnytimeAi<State, SearchReport> {
public:
    // The move chosen so far; valid from begin() on, but of the unscreened root until think() has
    // done the root's screening (Mcts): play it once finished().
    virtual int best_action() const = 0;
    // Changes the budget, also of a search in progress (a Gomocup manager may change the time per move).
    virtual void set_budget(const Budget& budget) = 0;

    // decide(), returning just the move: for the command line, arenas and tests.
    int choose(const State& state) {
        decide(state);
        return best_action();
    }
};

}  // namespace gridlab::gomoku
