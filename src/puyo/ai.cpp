#include "puyo/ai.h"

#include <algorithm>
#include <stdexcept>

#include "puyo/beam.h"

namespace gridlab::puyo {

void RandomAi::begin(const State& state) {
    const std::vector<Placement> legal = state.legal_placements();
    plan_ = Plan{};
    plan_.placement = rng_.pick(legal);
    plan_.path = {plan_.placement};
    plan_.nodes = 1;
}

void GreedyAi::begin(const State& state) {
    plan_ = Plan{};
    int64_t best_score = -1;
    int best_height = 0;
    for (const Placement placement : state.legal_placements()) {
        State next = state;
        const MoveResult move = next.apply_unchecked(placement);
        int height = 0;
        for (int col = 0; col < kColumns; ++col) height = std::max(height, next.field().height(col));
        if (next.game_over()) height = kVisibleRows + 2;  // dying is the worst stack of all
        ++plan_.nodes;
        if (move.score > best_score || (move.score == best_score && height < best_height)) {
            best_score = move.score;
            best_height = height;
            plan_.placement = placement;
            plan_.firing = move.chains > 0;
            plan_.expected_chain = move.chains;
            plan_.expected_score = move.score;
        }
    }
    plan_.path = {plan_.placement};
}

std::unique_ptr<Ai> make_ai(const std::string& name, uint64_t seed, const BeamOptions& beam_options) {
    if (name == "random") return std::make_unique<RandomAi>(seed);
    if (name == "greedy") return std::make_unique<GreedyAi>();
    if (name == "beam") return std::make_unique<BeamAi>(beam_options, seed);
    throw std::invalid_argument("unknown AI '" + name + "' (expected random, greedy or beam)");
}

}  // namespace gridlab::puyo
