#include "minesweeper/env.h"

#include <algorithm>
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

std::string_view reward_scheme_name(RewardScheme scheme) {
    return scheme == RewardScheme::Seed000 ? "seed-000" : "seed-004";
}

namespace {

int channel_count(ObservationLayout layout) {
    static constexpr int kChannels[] = {1, 2, 10};
    return kChannels[static_cast<int>(layout)];
}

}  // namespace

Env::Env(const EnvConfig& config) : config_(config) {
    validate(config.settings);
    if (config.max_steps < 1)
        throw std::invalid_argument("max_steps: " + std::to_string(config.max_steps) + " must be at least 1");
    const int size = action_count();
    // Before the first reset every cell is hidden and no action is allowed.
    observation_.assign(static_cast<size_t>(channel_count(config.layout)) * size,
                        config.layout == ObservationLayout::PlayerView ? kHidden : 0.0f);
    mask_.assign(size, 0);
}

void Env::reset(uint64_t seed) {
    // Back to the all-hidden observation, then the cells the first-click rule opened.
    if (state_) {
        write_cells(state_->uncovered(), true);
        state_->restart(seed);
    } else {
        state_.emplace(config_.settings, seed);
    }
    truncated_ = false;
    synced_ = 0;
    std::fill(mask_.begin(), mask_.end(), 1);
    sync_with_state();
    info_ = StepInfo{state_->outcome(), 0, state_->size() - config_.settings.mines - state_->safe_cells_left()};
}

Observation Env::observation() const {
    return {channel_count(config_.layout), config_.settings.rows, config_.settings.cols, observation_, {}};
}

void Env::write_cells(std::span<const int16_t> cells, bool hidden) {
    const int size = action_count();
    const State& state = *state_;
    auto view_of = [&](int cell) -> int8_t { return hidden ? kHidden : state.view(cell); };
    // One loop per layout: this runs for every cell that opens, in every step and reset.
    switch (config_.layout) {
        case ObservationLayout::PlayerView:
            for (const int cell : cells) observation_[cell] = view_of(cell);
            break;
        case ObservationLayout::TwoChannel:
            for (const int cell : cells) {
                const int8_t view = view_of(cell);
                observation_[cell] = view == kHidden ? 0 : view;
                observation_[size + cell] = view != kHidden;
            }
            break;
        case ObservationLayout::OneHot:
            for (const int cell : cells) {
                const int8_t view = view_of(cell);
                for (int channel = 0; channel < 9; ++channel) observation_[channel * size + cell] = channel == view;
                observation_[9 * size + cell] = view != kHidden;
            }
            break;
    }
    for (const int cell : cells) mask_[cell] = hidden;
}

void Env::sync_with_state() {
    const std::vector<int16_t>& uncovered = state_->uncovered();
    write_cells(std::span(uncovered).subspan(synced_), false);
    synced_ = uncovered.size();
    if (episode_over()) std::fill(mask_.begin(), mask_.end(), 0);
}

bool Env::mine_shown(int cell) const {
    if (!state_ || !state_->terminal()) throw std::logic_error("the mines are shown only when a game ends");
    return state_->is_mine(cell);
}

StepResult Env::step(int action) {
    if (!state_) throw RefusedStep("call reset(seed) before step()");
    if (episode_over()) throw RefusedStep("the episode is over: call reset(seed)");
    if (action < 0 || action >= action_count())
        throw RefusedStep("action " + std::to_string(action) + " is outside 0.." + std::to_string(action_count() - 1));
    if (state_->view(action) != kHidden) throw RefusedStep(state_->reveal_error(action));

    // Seed 004 pays less for a cell its elimination rule had already proved safe before this step.
    const bool known_safe = config_.rewards == RewardScheme::Seed004 &&
                            eliminate(state_->position())[action] == Mark::Safe;
    const int safe_left_before = state_->safe_cells_left();
    state_->reveal_unchecked(action);

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
    info_ = StepInfo{outcome, info_.steps + 1, safe_left_before - state_->safe_cells_left()};
    truncated_ = !result.terminated && info_.steps >= config_.max_steps;
    result.truncated = truncated_;
    sync_with_state();
    return result;
}

}  // namespace gridlab::minesweeper
