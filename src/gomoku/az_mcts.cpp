#include "gomoku/az_mcts.h"

#include <cmath>

namespace gridlab::gomoku {

namespace {

// A standard normal deviate by Marsaglia's polar method: only +, *, sqrt and log, no sin or cos.
double sample_normal(Rng& rng) {
    for (;;) {
        const double u = 2.0 * rng.unit() - 1.0, v = 2.0 * rng.unit() - 1.0;
        const double s = u * u + v * v;
        if (s > 0.0 && s < 1.0) return u * std::sqrt(-2.0 * learn::log(static_cast<float>(s)) / s);
    }
}

}  // namespace

double sample_gamma(Rng& rng, double shape) {
    if (shape < 1.0) {
        // Gamma(a) = Gamma(a + 1) * U^(1/a).
        const double u = 1.0 - rng.unit();  // in (0, 1]
        return sample_gamma(rng, shape + 1.0) * learn::exp(static_cast<float>(learn::log(static_cast<float>(u)) / shape));
    }
    const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
    for (;;) {
        double x, v;
        do {
            x = sample_normal(rng);
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        const double u = 1.0 - rng.unit();
        if (u < 1.0 - 0.0331 * x * x * x * x) return d * v;
        if (learn::log(static_cast<float>(u)) < 0.5 * x * x + d * (1.0 - v + learn::log(static_cast<float>(v))))
            return d * v;
    }
}

std::vector<double> sample_dirichlet(Rng& rng, double alpha, int count) {
    std::vector<double> values(static_cast<std::size_t>(count));
    double sum = 0;
    for (double& value : values) sum += value = sample_gamma(rng, alpha);
    for (double& value : values) value = sum > 0 ? value / sum : 1.0 / count;
    return values;
}

void AzPolicy::evaluate(const State& state) {
    if (has_evaluation_ && state == evaluated_) return;
    evaluation_ = network_->evaluate(state);
    evaluated_ = state;
    has_evaluation_ = true;
}

void AzPolicy::propose(const State& state, std::vector<Proposal>& out) {
    network_->require_board(state.settings());
    evaluate(state);
    out.clear();
    const int size = state.size();
    for (int action = 0; action < size * size; ++action)
        if (state.at(action / size, action % size) == Stone::Empty)
            out.push_back({state.to_padded(action), evaluation_.priors[static_cast<std::size_t>(action)]});
    if (state.num_moves() != noise_moves_) return;
    const std::vector<double> noise = sample_dirichlet(noise_rng_, noise_.alpha, static_cast<int>(out.size()));
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i].prior = static_cast<float>((1.0 - noise_.fraction) * out[i].prior + noise_.fraction * noise[i]);
}

double AzPolicy::draw_value(const State& leaf) {
    evaluate(leaf);
    // The network speaks for the side to move; the tree wants black's view.
    return leaf.to_move() == Stone::Black ? evaluation_.value : -evaluation_.value;
}

void AzPolicy::set_root_noise(int num_moves, const RootNoise& noise, uint64_t seed) {
    noise_moves_ = num_moves;
    noise_ = noise;
    noise_rng_ = Rng(seed);
}

SearchConfig az_search_config() {
    SearchConfig config;
    config.exploration = kAzExploration;
    config.expand_after = 0;
    config.reuse_tree = false;
    return config;
}

std::unique_ptr<Mcts> make_az_search(std::unique_ptr<AzPolicy> policy, const Budget& budget, uint64_t seed) {
    SearchConfig config = az_search_config();
    config.budget = budget;
    return std::make_unique<Mcts>(std::move(policy), config, seed);
}

}  // namespace gridlab::gomoku
