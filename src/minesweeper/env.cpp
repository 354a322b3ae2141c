#include "minesweeper/env.h"

#include <stdexcept>

#include "minesweeper/elimination_solver.h"

namespace gridlab::minesweeper {

ObservationLayout parse_layout(std::string_view name) {
    if (name == "player-view") return ObservationLayout::PlayerView;
    if (name == "two-channel") return ObservationLayout::TwoChannel;
    if (name == "one-hot") return ObservationLayout::OneHot;
    throw std::invalid_argument("unknown observation layout '" + std::string(name) +
                                "' (expected player-view, two-channel or one-hot)");
}

RewardScheme parse_reward_scheme(std::string_view name) {
    if (name == "seed-000") return RewardScheme::Seed000;
    if (name == "seed-004") return RewardScheme::Seed004;
    throw std::invalid_argument("unknown reward scheme '" + std::string(name) + "' (expected seed-000 or seed-004)");
}

Env::Env(const EnvConfig& config) : config_(config) {
    validate(config.settings);
    if (config.max_steps < 1)
        throw std::invalid_argument("max_steps: " + std::to_string(config.max_steps) + " must be at least 1");
}

ResetResult Env::reset(uint64_t seed) {
    state_.emplace(config_.settings, seed);
    steps_ = 0;
    truncated_ = false;
    StepInfo info;
    info.outcome = state_->outcome();
    info.revealed = state_->size() - config_.settings.mines - state_->safe_cells_left();
    return {observe(), info};
}

std::vector<uint8_t> Env::action_mask() const {
    std::vector<uint8_t> mask(action_count(), 0);
    if (episode_over()) return mask;
    for (int i = 0; i < action_count(); ++i) mask[i] = state_->view(i) == kHidden;
    return mask;
}

Observation Env::observe() const {
    const int rows = config_.settings.rows, cols = config_.settings.cols, size = rows * cols;
    static constexpr int kChannels[] = {1, 2, 10};
    Observation obs{kChannels[static_cast<int>(config_.layout)], rows, cols, {}};
    obs.values.assign(static_cast<size_t>(obs.channels) * size, 0.0f);
    for (int i = 0; i < size; ++i) {
        const int8_t v = state_ ? state_->view(i) : kHidden;
        const bool open = v != kHidden && v != kFlag;
        switch (config_.layout) {
            case ObservationLayout::PlayerView:
                obs.values[i] = v == kFlag ? kHidden : v;
                break;
            case ObservationLayout::TwoChannel:
                obs.values[i] = open ? v : 0;
                obs.values[size + i] = open;
                break;
            case ObservationLayout::OneHot:
                if (open && v >= 0) obs.values[v * size + i] = 1;
                obs.values[9 * size + i] = open;
                break;
        }
    }
    return obs;
}

StepResult Env::refuse(std::string error) const {
    StepResult result;
    result.observation = observe();
    result.terminated = state_ && state_->terminal();
    result.truncated = truncated_;
    result.info.error = std::move(error);
    result.info.outcome = state_ ? state_->outcome() : Outcome::Playing;
    result.info.steps = steps_;
    return result;
}

StepResult Env::step(int action) {
    if (!state_) return refuse("call reset(seed) before step()");
    if (episode_over()) return refuse("the episode is over: call reset(seed)");
    if (action < 0 || action >= action_count())
        return refuse("action " + std::to_string(action) + " is outside 0.." + std::to_string(action_count() - 1));
    if (state_->view(action) != kHidden) return refuse(state_->reveal_error(action));

    // Seed 004 pays less for a cell its elimination rule had already proved safe before this step.
    const bool known_safe = config_.rewards == RewardScheme::Seed004 &&
                            eliminate(state_->position())[action] == Mark::Safe;
    const int safe_left_before = state_->safe_cells_left();
    state_->reveal_unchecked(action);
    ++steps_;

    StepResult result;
    const Outcome outcome = state_->outcome();
    if (config_.rewards == RewardScheme::Seed000) {
        result.reward = outcome == Outcome::Lost ? -10.0 : outcome == Outcome::Won ? 10.0 : 1.0;
    } else {
        const double step_reward = outcome == Outcome::Lost ? 0.0 : known_safe ? 1.0 : 1.5;
        const double end_reward = outcome == Outcome::Lost ? -10.0 : outcome == Outcome::Won ? 10.0 : 0.0;
        result.reward = step_reward + end_reward;
    }
    result.terminated = state_->terminal();
    truncated_ = !result.terminated && steps_ >= config_.max_steps;
    result.truncated = truncated_;
    result.observation = observe();
    result.info.outcome = outcome;
    result.info.steps = steps_;
    result.info.revealed = safe_left_before - state_->safe_cells_left();
    return result;
}

}  // namespace gridlab::minesweeper
