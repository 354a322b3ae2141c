// A Gymnasium-style environment for two players taking turns on one board.
//
// Observation: size * size cells in row-major order, 0 empty, -1 black (X), +1 white (O): the seed's
// encoding. An action is row * size + col. step() returns the reward of the player who just moved:
// +1 if the move won, 0 for a draw or a game that goes on; the loser's reward is the negation, -1.
//
// The observation and the action mask live in the Env and each step changes one cell of them, so
// stepping allocates nothing and costs the same on any board: they are views of the Env's buffers,
// valid until the next reset() or step(); copy them to keep them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "gomoku/rules.h"

namespace gridlab::gomoku {

struct StepResult {
    std::span<const int8_t> observation;  // the Env's buffer (see above)
    double reward = 0;                    // for the player who made this step
    bool terminated = false;              // won or drawn; Gomoku has no truncation
};

class Env {
public:
    explicit Env(const Settings& settings = {});

    // A new game. Gomoku has no chance, so the seed changes nothing; it is kept so that a saved game
    // is (settings, seed, actions) like every other gridlab game.
    const std::vector<int8_t>& reset(uint64_t seed = 0);
    // Plays `action` for the side to move. Throws std::invalid_argument (state unchanged) if it is
    // illegal or the game is over.
    StepResult step(int action);

    const std::vector<uint8_t>& action_mask() const { return mask_; }  // 1 where the action is legal
    const std::vector<int8_t>& observation() const { return observation_; }
    const State& state() const { return state_; }
    uint64_t seed() const { return seed_; }

private:
    State state_;
    uint64_t seed_ = 0;
    std::vector<int8_t> observation_;
    std::vector<uint8_t> mask_;
};

}  // namespace gridlab::gomoku
