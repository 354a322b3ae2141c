// One contract for every AI, so the app, the worker, the bench and the command line drive any game's
// AI the same way, and the web app never freezes: begin(position) starts a decision, think(ms) works
// for about that long and returns, finished() says when more thinking would not change the answer, and
// result() is the best answer so far with what the AI knows (visit counts, probabilities, the planned
// chain) for the UI to show. decide() does it all in one call, for the command line and tests.
//
// A slice may overrun its milliseconds by one unit of work (a playout, a candidate), and the answer
// never depends on how the thinking was sliced: for a fixed node or playout budget, many short slices
// and one long one give the same result.
#pragma once

#include <limits>

namespace gridlab {

template <typename Position, typename Result>
class AnytimeAi {
public:
    virtual ~AnytimeAi() = default;
    // Starts deciding for `position`; throws std::invalid_argument for a position it cannot decide
    // (a finished game, an impossible board).
    virtual void begin(const Position& position) = 0;
    virtual void think(double budget_ms) = 0;
    virtual bool finished() const = 0;
    // Valid from begin() on; final once finished().
    virtual Result result() const = 0;

    Result decide(const Position& position) {
        begin(position);
        while (!finished()) think(std::numeric_limits<double>::infinity());
        return result();
    }
};

}  // namespace gridlab
