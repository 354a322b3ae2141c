#include "gomoku/env.h"

#include <algorithm>

namespace gridlab::gomoku {

Env::Env(const Settings& settings)
    : state_(settings),
      planes_(static_cast<size_t>(state_.num_actions()), 0.0f),
      mask_(static_cast<size_t>(state_.num_actions()), 0) {}

void Env::reset(uint64_t seed) {
    state_ = State(state_.settings());
    started_ = true;
    seed_ = seed;
    std::fill(planes_.begin(), planes_.end(), 0.0f);
    std::fill(mask_.begin(), mask_.end(), 1);
}

Observation Env::observation() const {
    const int size = state_.settings().size;
    return {1, size, size, planes_, {}};
}

StepResult Env::step(int action) {
    if (!started_) throw RefusedStep("call reset() before step()");
    // Checked before, not caught after: in the web build a call inside a try block goes through a
    // JavaScript trampoline, which cost this cheap step 1.7x its native time instead of 1.1-1.3x.
    if (std::string error = state_.apply_error(action); !error.empty()) throw RefusedStep(error);
    const Stone mover = state_.to_move();
    state_.play(state_.to_padded(action));
    planes_[action] = mover == Stone::Black ? -1.0f : 1.0f;
    mask_[action] = 0;
    if (state_.is_terminal()) std::fill(mask_.begin(), mask_.end(), 0);
    if (state_.settings().rule == Rule::Renju && !state_.is_terminal()) {
        // Forbidden points come and go with every stone, and only for black.
        std::fill(mask_.begin(), mask_.end(), 0);
        for (int legal : state_.legal_actions()) mask_[static_cast<size_t>(legal)] = 1;
    }
    StepResult result;
    result.reward = state_.winner() == mover ? 1.0 : 0.0;
    result.terminated = state_.is_terminal();
    return result;
}

}  // namespace gridlab::gomoku
