// A Gymnasium-style environment over the rules, with the observation layouts and reward schemes
// of seeds 000 and 004.
//
//   Env env({level_settings("beginner", FirstClick::RandomStart), ObservationLayout::TwoChannel,
//            RewardScheme::Seed004});
//   auto [observation, info] = env.reset(seed);
//   StepResult result = env.step(row * cols + col);
//
// The observation and the action mask live in the Env and are updated in place by each step (only
// the cells that changed are written), so stepping allocates nothing: an Observation is a view of
// the Env's buffer, valid until the next reset() or step(); copy its values to keep them.
//
// An action is `row * cols + col` (right for non-square boards too, unlike seed 004's code) and
// reveals that cell. A refused action -- out of range, a cell already open, a step before reset()
// or after the episode ended -- changes nothing and returns reward 0, the current observation,
// terminated/truncated as they were, and info.error saying why. It is never undefined behaviour.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

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

struct EnvConfig {
    Settings settings{9, 9, 10, FirstClick::RandomStart};
    ObservationLayout layout = ObservationLayout::PlayerView;
    RewardScheme rewards = RewardScheme::Seed000;
    int max_steps = 200;  // seed 004's max_episode_steps: the episode is truncated after this many steps
};

// Channel-major: channel ch at (r, c) is values[(ch * rows + r) * cols + c]. A view of the Env's
// buffer (see above).
struct Observation {
    int channels = 0, rows = 0, cols = 0;
    std::span<const float> values;
};

struct StepInfo {
    std::string error;  // non-empty: the action was refused and nothing changed
    Outcome outcome = Outcome::Playing;
    int steps = 0;     // accepted steps since reset
    int revealed = 0;  // cells this step opened (flood fill included)
};

struct StepResult {
    Observation observation;
    double reward = 0;
    bool terminated = false;  // won or lost
    bool truncated = false;   // the step limit ended the episode
    StepInfo info;
};

struct ResetResult {
    Observation observation;
    StepInfo info;
};

class Env {
public:
    explicit Env(const EnvConfig& config);  // throws std::invalid_argument for bad settings

    ResetResult reset(uint64_t seed);
    StepResult step(int action);

    int action_count() const { return config_.settings.rows * config_.settings.cols; }
    // 1 for each cell an action may reveal (hidden cells), all 0 once the episode is over. Like the
    // observation, the Env's own buffer: valid until the next reset() or step().
    const std::vector<uint8_t>& action_mask() const { return mask_; }
    Observation observation() const;
    bool episode_over() const { return !state_ || state_->terminal() || truncated_; }
    const EnvConfig& config() const { return config_; }
    const std::optional<State>& state() const { return state_; }

private:
    StepResult refuse(std::string error) const;
    // The observation and mask entries of `cells`: as they show now, or as hidden ones.
    void write_cells(std::span<const int16_t> cells, bool hidden);
    void sync_with_state();                  // writes the cells uncovered since the last call

    EnvConfig config_;
    std::optional<State> state_;
    int steps_ = 0;
    bool truncated_ = false;
    std::vector<float> observation_;
    std::vector<uint8_t> mask_;
    size_t synced_ = 0;  // how many of state_->uncovered() the observation shows
};

}  // namespace gridlab::minesweeper
