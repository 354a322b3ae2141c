#include "puyo/env.h"

#include <stdexcept>

namespace gridlab::puyo {

Env::Env(const Settings& settings) : settings_(settings) { validate(settings); }

Observation Env::reset(uint64_t seed) {
    state_.emplace(settings_, seed);
    return observe();
}

const State& Env::state() const {
    if (!state_) throw std::logic_error("call reset() before using the environment");
    return *state_;
}

Observation Env::observe() const {
    const State& game = state();
    Observation observation;
    observation.rows = game.field().rows();
    for (int line = 0; line < observation.rows; ++line)
        for (int col = 0; col < kColumns; ++col)
            observation.cells[line * kColumns + col] =
                static_cast<uint8_t>(game.field().at(col, observation.rows - 1 - line));
    observation.current = game.pair(0);
    for (int ahead = 1; ahead <= kPreviewCount; ++ahead) observation.previews[ahead - 1] = game.pair(ahead);
    return observation;
}

std::array<bool, kPlacementCount> Env::action_mask() const {
    std::array<bool, kPlacementCount> mask{};
    const uint32_t legal = state().legal_mask();
    for (int action = 0; action < kPlacementCount; ++action) mask[action] = legal >> action & 1u;
    return mask;
}

StepResult Env::step(int action) {
    if (!state_) throw std::invalid_argument("call reset() before step()");
    if (state_->terminal()) throw std::invalid_argument("the episode has ended: call reset()");
    const MoveResult move = state_->apply(placement_of(action));
    StepResult result;
    result.observation = observe();
    result.reward = move.score;
    result.terminated = state_->game_over();
    result.truncated = !result.terminated && state_->limit_reached();
    result.chains = move.chains;
    return result;
}

}  // namespace gridlab::puyo
