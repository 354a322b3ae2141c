// The Gomoku environment (core/env.h's contract), for two players taking turns on one board.
//
// Observation: one plane of size x size cells, 0 empty, -1 black (X), +1 white (O): the seed's
// encoding. An action is row * size + col. step() returns the reward of the player who just moved:
// +1 if the move won, 0 for a draw or a game that goes on; the loser's reward is the negation, -1.
// Gomoku has no truncation. Each step changes one cell of the observation and the mask, so stepping
// costs the same on any board.
#pragma once

#include <cstdint>
#include <vector>

#include "core/env.h"
#include "gomoku/rules.h"

namespace gridlab::gomoku {

class Env final : public gridlab::Env {
public:
    explicit Env(const Settings& settings = {});

    // A new game. Gomoku has no chance, so the seed changes nothing; it is kept so that a saved game
    // is (settings, seed, actions) like every other gridlab game.
    void reset(uint64_t seed) override;
    // Plays `action` for the side to move; refused (RefusedStep, nothing changes) if it is illegal,
    // before reset() or after the game ended.
    StepResult step(int action) override;
    int action_count() const override { return state_.num_actions(); }
    Observation observation() const override;
    std::span<const uint8_t> action_mask() const override { return mask_; }
    bool episode_over() const override { return !started_ || state_.is_terminal(); }

    const State& state() const { return state_; }
    uint64_t seed() const { return seed_; }

private:
    State state_;
    bool started_ = false;
    uint64_t seed_ = 0;
    std::vector<float> planes_;
    std::vector<uint8_t> mask_;
};

}  // namespace gridlab::gomoku
