#include "puyo/env.h"

#include <stdexcept>

namespace gridlab::puyo {

Env::Env(const Settings& settings) : settings_(settings) {
    validate(settings);
    planes_.assign(static_cast<size_t>(rows_of(settings.rules)) * kColumns, 0.0f);
}

void Env::reset(uint64_t seed) {
    state_.emplace(settings_, seed);
    last_move_ = MoveResult{};
    observe();
}

const State& Env::state() const {
    if (!state_) throw std::logic_error("call reset() before using the environment");
    return *state_;
}

Observation Env::observation() const {
    const int rows = static_cast<int>(planes_.size()) / kColumns;
    return {1, rows, kColumns, planes_, extras_};
}

void Env::observe() {
    const Field& field = state_->field();
    const int rows = field.rows();
    for (int line = 0; line < rows; ++line)
        for (int col = 0; col < kColumns; ++col)
            planes_[line * kColumns + col] = static_cast<float>(field.at(col, rows - 1 - line));
    for (int pair = 0; pair <= kPreviewCount; ++pair) {
        extras_[2 * pair] = static_cast<float>(state_->pair(pair).axis);
        extras_[2 * pair + 1] = static_cast<float>(state_->pair(pair).child);
    }
    const uint32_t legal = state_->legal_mask();
    for (int action = 0; action < kPlacementCount; ++action) mask_[action] = legal >> action & 1u;
}

StepResult Env::step(int action) {
    if (!state_) throw RefusedStep("call reset() before step()");
    if (state_->terminal()) throw RefusedStep("the episode has ended: call reset()");
    // Checked before, not caught after: in the web build a call inside a try block goes through a
    // JavaScript trampoline (see gomoku::Env::step).
    if (std::string error = action_error(action); !error.empty()) throw RefusedStep(error);
    const Placement placement = placement_of(action);
    if (std::string error = state_->apply_error(placement); !error.empty()) throw RefusedStep(error);
    last_move_ = state_->apply_unchecked(placement);
    observe();
    StepResult result;
    result.reward = static_cast<double>(last_move_.score);
    result.terminated = state_->game_over();
    result.truncated = !result.terminated && state_->limit_reached();
    return result;
}

}  // namespace gridlab::puyo
