// The Puyo environment (core/env.h's contract): reset(seed), step(action index 0..21), an action mask.
// The reward is the score the move gained (the seed's next_board reward); an episode terminates on
// game over and is truncated at the pair limit of its Settings (max_pairs, 0 for none).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/env.h"
#include "puyo/rules.h"

namespace gridlab::puyo {

// The extras of the observation: the colours (Puyo codes) of the current pair's axis and child, then
// of each preview's.
constexpr int kObservedPairColours = 2 * (1 + kPreviewCount);

class Env final : public gridlab::Env {
public:
    explicit Env(const Settings& settings);  // throws std::invalid_argument for bad settings

    void reset(uint64_t seed) override;
    // Refused (RefusedStep, nothing changes): an action outside 0..21, an illegal one, a step before
    // reset() or after the episode ended.
    StepResult step(int action) override;
    int action_count() const override { return kPlacementCount; }
    // One plane of rows x 6 Puyo codes (0 empty, 1..5 colours, 6 garbage), top row first; `rows` is 12
    // (tutorial) or 13 (Tsu, hidden row first). Extras: see kObservedPairColours.
    Observation observation() const override;
    std::span<const uint8_t> action_mask() const override { return mask_; }
    bool episode_over() const override { return !state_ || state_->terminal(); }

    const State& state() const;            // throws std::logic_error before reset()
    const MoveResult& last_move() const { return last_move_; }  // chains and score of the last step

private:
    void observe();  // writes the observation and the mask from the state

    Settings settings_;
    std::optional<State> state_;
    MoveResult last_move_;
    std::vector<float> planes_;
    std::array<float, kObservedPairColours> extras_{};
    std::array<uint8_t, kPlacementCount> mask_{};
};

}  // namespace gridlab::puyo
