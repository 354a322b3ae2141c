// A Gymnasium-style environment over State: reset(seed), step(action index 0..21), an action mask.
// The reward is the score the move gained (the seed's next_board reward); an episode terminates on
// game over and is truncated at the pair limit of its Settings (max_pairs, 0 for none).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "puyo/rules.h"

namespace gridlab::puyo {

struct Observation {
    // Cells top row first, row-major: rows x 6 values of Puyo (0 empty, 1..5 colours, 6 garbage);
    // `rows` is 12 (tutorial) or 13 (Tsu, hidden row first). Unused trailing cells stay 0.
    int rows = 0;
    std::array<uint8_t, 13 * kColumns> cells{};
    Pair current;
    std::array<Pair, kPreviewCount> previews{};
};

struct StepResult {
    Observation observation;
    int64_t reward = 0;
    bool terminated = false;  // game over
    bool truncated = false;   // the pair limit is reached
    int chains = 0;
};

class Env {
public:
    explicit Env(const Settings& settings);  // throws std::invalid_argument for bad settings

    Observation reset(uint64_t seed);
    // Throws std::invalid_argument (nothing changes) for an action outside 0..21, an illegal one, a
    // step before reset() or after the episode ended.
    StepResult step(int action);
    // mask[a] is true when action a is legal now.
    std::array<bool, kPlacementCount> action_mask() const;

    const State& state() const;  // throws std::logic_error before reset()
    Observation observe() const;

private:
    Settings settings_;
    std::optional<State> state_;
};

}  // namespace gridlab::puyo
