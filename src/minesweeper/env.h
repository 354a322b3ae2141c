// The Minesweeper environment (core/env.h's contract), with the observation layouts and reward
// schemes of seeds 000 and 004.
//
//   Env env({level_settings("beginner", FirstClick::RandomStart), ObservationLayout::TwoChannel,
//            RewardScheme::Seed004});
//   env.reset(seed);
//   StepResult result = env.step(row * cols + col);
//
// Only the cells that changed are written into the observation and the mask.
//
// An action is `row * cols + col` (right for non-square boards too, unlike seed 004's code) and
// reveals that cell. A refused action -- out of range, a cell already open, a step before reset()
// or after the episode ended -- throws RefusedStep and changes nothing.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/env.h"
#include "minesweeper/rules.h"

namespace gridlab::minesweeper {

enum class ObservationLayout {
    PlayerView,  // 1 channel (seed 000): 9 hidden, -1 an exploded mine, 0..8 open numbers
    TwoChannel,  // 2 channels (seed 004): numbers masked by the open mask (-1 an exploded mine), open mask
    OneHot,      // 10 channels (seed 004): channel k is 1 where an open cell shows k, channel 9 the open mask
};

enum class RewardScheme {
    Seed000,  // -10 a mine; +1 a safe cell; +10 (instead of +1) the step that wins
    Seed004,  // R_step: 1 a cell the elimination rule already knew safe, 1.5 any other safe cell;
              // plus R_end: +10 a win, -10 a mine
};

ObservationLayout parse_layout(std::string_view name);  // "player-view", "two-channel", "one-hot"
RewardScheme parse_reward_scheme(std::string_view name);  // "seed-000", "seed-004"
std::string_view reward_scheme_name(RewardScheme scheme);

struct EnvConfig {
    Settings settings{9, 9, 10, FirstClick::RandomStart};
    ObservationLayout layout = ObservationLayout::PlayerView;
    RewardScheme rewards = RewardScheme::Seed000;
    int max_steps = 200;  // seed 004's max_episode_steps: the episode is truncated after this many steps
};

// What the last reset() or step() did, beyond the contract's reward and episode end.
struct StepInfo {
    Outcome outcome = Outcome::Playing;
    int steps = 0;     // accepted steps since reset
    int revealed = 0;  // cells it opened (flood fill included)
};

class Env final : public gridlab::Env {
public:
    explicit Env(const EnvConfig& config);  // throws std::invalid_argument for bad settings

    void reset(uint64_t seed) override;
    StepResult step(int action) override;
    int action_count() const override { return config_.settings.rows * config_.settings.cols; }
    // Channel-major planes of the layout: 1, 2 or 10 channels of rows x cols; no extras.
    Observation observation() const override;
    // 1 for each hidden cell, all 0 once the episode is over.
    std::span<const uint8_t> action_mask() const override { return mask_; }
    bool episode_over() const override { return !state_ || state_->terminal() || truncated_; }
    // Once the game has ended, won or lost, whether `cell` holds a mine: every Minesweeper shows the
    // mines when a game ends, so a learner may learn from them then (never during a game). Throws
    // std::logic_error while the game goes on or after a truncation, which shows nothing.
    bool mine_shown(int cell) const;

    const StepInfo& info() const { return info_; }
    const EnvConfig& config() const { return config_; }
    const std::optional<State>& state() const { return state_; }

private:
    // The observation and mask entries of `cells`: as they show now, or as hidden ones.
    void write_cells(std::span<const int16_t> cells, bool hidden);
    void sync_with_state();                  // writes the cells uncovered since the last call

    EnvConfig config_;
    std::optional<State> state_;
    StepInfo info_;
    bool truncated_ = false;
    std::vector<float> observation_;
    std::vector<uint8_t> mask_;
    size_t synced_ = 0;  // how many of state_->uncovered() the observation shows
};

}  // namespace gridlab::minesweeper
