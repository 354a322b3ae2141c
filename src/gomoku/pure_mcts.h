// The baseline: plain Monte Carlo tree search as in AlphaZero_Gomoku's mcts_pure and the seed.
//
// Every empty cell is a candidate with the same prior 1/k, a leaf is expanded the first time it is
// reached, and rollouts place stones on uniformly random empty cells until the game ends. Its
// constant is mcts_pure's c_puct = 5: with P = 1/k the exploration term is 5/k * sqrt(N) / (1 + n).
// It knows nothing about Gomoku beyond the rules, which is the point: it shows what random
// sampling alone finds.
#pragma once

#include <memory>

#include "gomoku/mcts.h"

namespace gridlab::gomoku {

constexpr double kPureMctsExploration = 5.0;

class UniformPolicy : public Policy {
public:
    void propose(const State& state, std::vector<Proposal>& out) override;
    Stone rollout(State& state, Rng& rng) override;

private:
    std::array<int16_t, kMaxCells> empty_cells_{};  // rollout scratch, reused so rollouts don't allocate
};

// The search settings of pure-mcts (its budget left unset).
SearchConfig pure_mcts_config();
std::unique_ptr<Mcts> make_pure_mcts(const Budget& budget, uint64_t seed);

}  // namespace gridlab::gomoku
