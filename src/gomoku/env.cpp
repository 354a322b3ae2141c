#include "gomoku/env.h"

namespace gridlab::gomoku {

Env::Env(const Settings& settings) : state_(settings) {}

std::vector<int8_t> Env::reset(uint64_t seed) {
    state_ = State(state_.settings());
    seed_ = seed;
    return observation();
}

StepResult Env::step(int action) {
    const Stone mover = state_.to_move();
    state_.apply(action);
    StepResult result;
    result.observation = observation();
    result.terminated = state_.is_terminal();
    result.reward = state_.winner() == mover ? 1.0 : 0.0;
    return result;
}

std::vector<uint8_t> Env::action_mask() const {
    std::vector<uint8_t> mask(static_cast<size_t>(state_.num_actions()), 0);
    for (int action : state_.legal_actions()) mask[static_cast<size_t>(action)] = 1;
    return mask;
}

std::vector<int8_t> Env::observation() const {
    std::vector<int8_t> cells;
    cells.reserve(static_cast<size_t>(state_.num_actions()));
    for (int r = 0; r < state_.size(); ++r)
        for (int c = 0; c < state_.size(); ++c) {
            const Stone stone = state_.at(r, c);
            cells.push_back(stone == Stone::Black ? -1 : stone == Stone::White ? 1 : 0);
        }
    return cells;
}

}  // namespace gridlab::gomoku
