#include "gomoku/pure_mcts.h"

namespace gridlab::gomoku {

namespace {
// Appends every empty padded cell of the board to `out`; returns how many.
template <typename Out>
int collect_empty(const State& state, Out&& out) {
    int count = 0;
    for (int r = 0; r < state.size(); ++r)
        for (int c = 0; c < state.size(); ++c) {
            const int cell = State::cell_index(r, c);
            if (state.cell(cell) == Stone::Empty) out(count++, cell);
        }
    return count;
}
}  // namespace

void UniformPolicy::propose(const State& state, std::vector<Proposal>& out) {
    out.clear();
    const float prior = 1.0f / static_cast<float>(state.num_empty());
    collect_empty(state, [&](int, int cell) { out.push_back({cell, prior}); });
}

Stone UniformPolicy::rollout(State& state, Rng& rng) {
    int remaining = collect_empty(state, [&](int i, int cell) { empty_cells_[i] = static_cast<int16_t>(cell); });
    while (!state.is_terminal()) {
        // Draw a random empty cell and remove it from the pool by moving the last one into its place.
        const int pick = static_cast<int>(rng.below(static_cast<uint64_t>(remaining)));
        const int cell = empty_cells_[pick];
        empty_cells_[pick] = empty_cells_[--remaining];
        state.play(cell);
    }
    return state.winner();
}

SearchConfig pure_mcts_config() {
    SearchConfig config;
    config.exploration = kPureMctsExploration;
    config.expand_after = 0;
    config.reuse_tree = false;
    return config;
}

std::unique_ptr<Mcts> make_pure_mcts(const Budget& budget, uint64_t seed) {
    SearchConfig config = pure_mcts_config();
    config.budget = budget;
    return std::make_unique<Mcts>(std::make_unique<UniformPolicy>(), config, seed);
}

}  // namespace gridlab::gomoku
