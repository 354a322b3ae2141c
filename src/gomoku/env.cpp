#include "gomoku/env.h"

#include <algorithm>

namespace gridlab::gomoku {

Env::Env(const Settings& settings)
    : state_(settings),
      observation_(static_cast<size_t>(state_.num_actions()), 0),
      mask_(static_cast<size_t>(state_.num_actions()), 1) {}

const std::vector<int8_t>& Env::reset(uint64_t seed) {
    state_ = State(state_.settings());
    seed_ = seed;
    std::fill(observation_.begin(), observation_.end(), 0);
    std::fill(mask_.begin(), mask_.end(), 1);
    return observation_;
}

StepResult Env::step(int action) {
    const Stone mover = state_.to_move();
    state_.apply(action);
    observation_[action] = mover == Stone::Black ? -1 : 1;
    mask_[action] = 0;
    if (state_.is_terminal()) std::fill(mask_.begin(), mask_.end(), 0);
    return {observation_, state_.winner() == mover ? 1.0 : 0.0, state_.is_terminal()};
}

}  // namespace gridlab::gomoku
