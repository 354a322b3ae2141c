// One environment contract for every game, Gymnasium's in C++: learning code, the bench and the tests
// drive Minesweeper, Puyo and Gomoku through it alike.
//
//   env.reset(seed);
//   while (!env.episode_over()) {
//       const Observation seen = env.observation();          // planes of floats (+ extras)
//       const int action = choose(seen, env.action_mask());  // a byte per action, 1 where legal
//       const StepResult result = env.step(action);          // reward, terminated, truncated
//   }
//
// The rules for every game:
//   - reset(seed) starts a new episode; the same seed gives the same episode, and a reset Env is the
//     same as a fresh Env reset with that seed.
//   - A step that is not allowed (before reset, after the episode ended, an action outside the range
//     or not legal now) throws RefusedStep saying why and changes nothing.
//   - The observation and the mask are views of the Env's own buffers, updated in place by each step
//     (stepping allocates nothing): valid until the next reset() or step(); copy them to keep them.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>

namespace gridlab {

// What the player sees: `channels` planes of rows x cols floats, channel-major (channel ch at (r, c) is
// planes[(ch * rows + r) * cols + c]), and a few game-specific numbers that are not cells (Puyo: the
// colours of the pair in hand and the previews; empty for the other games).
struct Observation {
    int channels = 0, rows = 0, cols = 0;
    std::span<const float> planes;
    std::span<const float> extras;
};

struct StepResult {
    double reward = 0;        // for the player who took the step
    bool terminated = false;  // the game ended: won, lost or drawn
    bool truncated = false;   // a limit (steps, pairs) ended the episode before the game did
};

// A step the Env did not take; the Env is exactly as it was.
class RefusedStep : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

class Env {
public:
    virtual ~Env() = default;
    virtual void reset(uint64_t seed) = 0;
    // Throws RefusedStep (nothing changes) when the action is not allowed now.
    virtual StepResult step(int action) = 0;
    virtual int action_count() const = 0;
    virtual Observation observation() const = 0;
    // action_count() bytes: 1 where step() would accept the action; all 0 before the first reset and
    // once the episode is over.
    virtual std::span<const uint8_t> action_mask() const = 0;
    // True before the first reset and once the episode terminated or was truncated.
    virtual bool episode_over() const = 0;
};

}  // namespace gridlab
