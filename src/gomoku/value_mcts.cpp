#include "gomoku/value_mcts.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gridlab::gomoku {

namespace {

// Whether a stone lies within two cells of (row, col) in any direction.
bool near_a_stone(const State& state, int row, int col) {
    const int size = state.size();
    for (int r = std::max(0, row - 2); r <= std::min(size - 1, row + 2); ++r)
        for (int c = std::max(0, col - 2); c <= std::min(size - 1, col + 2); ++c)
            if (state.at(r, c) != Stone::Empty) return true;
    return false;
}

}  // namespace

void ValuePolicy::propose(const State& state, std::vector<Proposal>& out) {
    out.clear();
    const int size = state.size();
    if (state.num_moves() == 0) {
        out.push_back({state.to_padded((size / 2) * size + size / 2), 1.0f});
        return;
    }
    for (int action = 0; action < size * size; ++action) {
        const int row = action / size, col = action % size;
        if (state.at(row, col) == Stone::Empty && near_a_stone(state, row, col) && !state.is_forbidden(action))
            out.push_back({state.to_padded(action), 0.0f});
    }
    for (Proposal& proposal : out) proposal.prior = 1.0f / static_cast<float>(out.size());
}

double ValuePolicy::draw_value(const State& leaf) {
    const double value = value_(leaf);
    if (std::isnan(value)) throw std::invalid_argument("the position's value is not a number");
    return std::clamp(value, -1.0, 1.0);
}

std::unique_ptr<Mcts> make_value_mcts(LeafValue value, const Budget& budget, uint64_t seed) {
    SearchConfig config;
    config.exploration = kValueMctsExploration;
    config.budget = budget;
    return std::make_unique<Mcts>(std::make_unique<ValuePolicy>(std::move(value)), config, seed);
}

}  // namespace gridlab::gomoku
