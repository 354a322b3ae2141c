// The AlphaZero search: the tree search of mcts.h (PUCT selection, Q + c * P * sqrt(N) / (1 + n)) with
// a policy-value network as its Policy:
//   - priors P: the network's policy over the empty cells, instead of pure-mcts's uniform 1/k;
//   - leaf values: the network's value of the leaf, instead of a random game played to the end. The
//     policy's rollout plays no move and reports "no winner", and the leaf's worth is its draw_value,
//     which the tree backs up like a rollout's result (so a finished game still scores itself exactly).
//   - self-play only: Dirichlet noise mixed into the root's priors, so that every game tries moves the
//     network does not like yet (AlphaZero: 25% noise; its alpha about 10 / the number of moves).
// The AI spec is `az:model=FILE,playouts=N` (ai.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "gomoku/az_network.h"
#include "gomoku/mcts.h"

namespace gridlab::gomoku {

constexpr double kAzExploration = 5.0;  // AlphaZero_Gomoku's c_puct
constexpr int64_t kDefaultAzPlayouts = 400;

// A sample of Gamma(shape, 1), shape > 0 (Marsaglia and Tsang; for shape < 1 boosted by U^(1/shape)),
// from the project's Rng and its portable log/exp, so the same seed gives the same draws everywhere.
double sample_gamma(Rng& rng, double shape);
// `count` values of a symmetric Dirichlet(alpha) distribution: normalised gamma samples.
std::vector<double> sample_dirichlet(Rng& rng, double alpha, int count);

struct RootNoise {
    double fraction = 0.25;  // of the prior replaced by noise
    double alpha = 0.3;
};

class AzPolicy : public Policy {
public:
    // Searches with `network`, shared with whoever trains it (one search at a time).
    explicit AzPolicy(std::shared_ptr<AzNetwork> network) : network_(std::move(network)) {}

    void propose(const State& state, std::vector<Proposal>& out) override;
    Stone rollout(State& state, Rng& rng) override { return Stone::Empty; }
    double draw_value(const State& leaf) override;
    // The threat-space search (threat_space.h): the root's screening keeps the network's search from
    // missing a forced win or the block of one.
    bool knows_tactics() const override { return true; }

    // Mix noise, drawn from `rng`, into the priors of the positions with `num_moves` stones (the
    // root: deeper nodes have more stones) until the noise is switched off with a negative count.
    void set_root_noise(int num_moves, const RootNoise& noise, uint64_t seed);

private:
    void evaluate(const State& state);

    std::shared_ptr<AzNetwork> network_;
    State evaluated_;               // the last position evaluated, and what the network said of it
    AzEvaluation evaluation_;
    bool has_evaluation_ = false;
    int noise_moves_ = -1;
    RootNoise noise_;
    Rng noise_rng_;
};

// The search settings of az (its budget left unset).
SearchConfig az_search_config();
std::unique_ptr<Mcts> make_az_search(std::unique_ptr<AzPolicy> policy, const Budget& budget, uint64_t seed);

}  // namespace gridlab::gomoku
