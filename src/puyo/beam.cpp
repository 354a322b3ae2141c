#include "puyo/beam.h"

#include <algorithm>
#include <stdexcept>

namespace gridlab::puyo {

namespace {

// Evaluation weights. The chain a field can fire dominates; the rest breaks ties between fields that
// promise the same chain, in favour of those that keep building easy and safe. (Tuned on 60-game
// evaluations; most of them matter less than the firing rule below.)
constexpr int64_t kChainWeight = 1000;     // per chain of the potential
constexpr int64_t kScoreDivisor = 50;      // the potential's score counts score / 50
constexpr int64_t kExtraPuyoWeight = 200;  // the trigger needs a second puyo
constexpr int64_t kLinkWeight = 30;        // per pair of touching same-coloured puyos
constexpr int64_t kShapeWeight = 20;       // per unit of squared distance from the ideal U shape
constexpr int64_t kDangerWeight = 4000;    // per row the spawn column stands above 9
constexpr int64_t kWasteWeight = 150;      // per puyo popped by a chain fired while building

// The stack heights the builder aims at, relative to the mean: a U, high at the walls, low in the
// middle where the pairs arrive.
constexpr std::array<int, kColumns> kIdealShape = {2, 0, -1, -1, 0, 2};

// When to fire.
constexpr int kDangerCount = 68;     // this many puyos on the field: fire whatever is best now
constexpr int kMinPeakChain = 6;     // smaller chains are not worth firing just because they peaked
constexpr int kCrowdedCount = 58;    // above this many puyos, each one more makes the AI less patient
constexpr int kPatienceUnit = 10;    // ... by a tenth: a chain in hand is worth (10 + extra) / 10 more

bool better(const Potential& a, const Potential& b) {
    if (a.chains != b.chains) return a.chains > b.chains;
    if (a.score != b.score) return a.score > b.score;
    return a.added < b.added;
}

int same_colour_links(const Field& field) {
    const Bitboard visible = Bitboard::rows_below(kVisibleRows);
    int links = 0;
    for (int color = 1; color <= kMaxColors; ++color) {
        const Bitboard plane = field.plane(static_cast<Puyo>(color)) & visible;
        links += (plane & plane.up()).count() + (plane & plane.right()).count();
    }
    return links;
}

int64_t shape_penalty(const std::array<int, kColumns>& heights) {
    int sum = 0;
    for (const int h : heights) sum += h;
    int64_t penalty = 0;
    for (int col = 0; col < kColumns; ++col) {
        // Six times (height - mean - ideal), squared, keeps the arithmetic in integers.
        const int64_t off = int64_t{kColumns} * (heights[col] - kIdealShape[col]) - sum;
        penalty += off * off;
    }
    return penalty / (kColumns * kColumns);
}

uint64_t field_hash(const Field& field) {
    uint64_t hash = 0x9E3779B97F4A7C15ull;
    for (int p = 1; p <= kMaxColors + 1; ++p) {
        const Bitboard plane = field.plane(static_cast<Puyo>(p));
        uint64_t word = hash ^ plane.lo();
        hash = splitmix64(word) ^ plane.hi();
        hash = splitmix64(hash);
    }
    return hash;
}

}  // namespace

Potential find_potential(const Field& field) {
    const Bitboard visible = Bitboard::rows_below(kVisibleRows);
    Potential best;
    for (int col = 0; col < kColumns; ++col) {
        const int height = field.height(col);
        if (height >= kVisibleRows) continue;
        // Only a colour already touching the cells the added puyos would fill can start a chain.
        Bitboard landing = Bitboard::cell(col, height);
        if (height + 1 < kVisibleRows) landing |= Bitboard::cell(col, height + 1);
        const Bitboard touching = landing.expand() & visible;
        for (int c = 1; c <= kMaxColors; ++c) {
            const auto color = static_cast<Puyo>(c);
            if ((field.plane(color) & touching).empty()) continue;
            Field trial = field;
            for (int added = 1; added <= 2 && trial.height(col) < kVisibleRows; ++added) {
                const ChainResult chain = trial.resolve(trial.drop(col, color));
                if (chain.chains == 0) continue;
                const Potential found{chain.chains, chain.score, added, col, color};
                if (better(found, best)) best = found;
                break;
            }
        }
    }
    return best;
}

int64_t evaluate(const Field& field, Potential* potential) {
    *potential = find_potential(field);
    std::array<int, kColumns> heights{};
    for (int col = 0; col < kColumns; ++col) heights[col] = field.height(col);
    int64_t value = potential->chains * kChainWeight + potential->score / kScoreDivisor;
    if (potential->added > 1) value -= kExtraPuyoWeight;
    value += same_colour_links(field) * kLinkWeight;
    value -= shape_penalty(heights) * kShapeWeight;
    value -= std::max(0, heights[kSpawnColumn] - 9) * kDangerWeight;
    return value;
}

BeamAi::BeamAi(const BeamOptions& options, uint64_t seed) : options_(options), seed_(seed) {
    if (options.width < 1 || options.width > 10000)
        throw std::invalid_argument("beam width: " + std::to_string(options.width) + " is outside 1..10000");
    if (options.samples < 1 || options.samples > 64)
        throw std::invalid_argument("beam samples: " + std::to_string(options.samples) + " is outside 1..64");
    if (options.depth < 1 || options.depth > 64)
        throw std::invalid_argument("beam depth: " + std::to_string(options.depth) + " is outside 1..64");
    if (options.max_ms < 0 || options.max_nodes < 0 || options.fire_score < 0)
        throw std::invalid_argument("beam limits must not be negative");
}

void BeamAi::begin(const State& state) {
    if (state.terminal()) throw std::invalid_argument("the game is over: nothing to decide");
    watch_.restart();
    pairs_left_ = state.pairs_left();
    horizon_ = pairs_left_ >= 0 ? std::min(options_.depth, pairs_left_) : options_.depth;
    pairs_placed_ = state.pairs_placed();
    colors_ = state.settings().colors;
    pairs_.clear();
    for (int d = 0; d < std::min(horizon_, kKnownPairs); ++d) pairs_.push_back(state.pair(d));
    sample_future(0);
    const Field& field = state.field();
    root_count_ = field.count();
    danger_ = field.count() >= kDangerCount || field.height(kSpawnColumn) >= kVisibleRows - 2;
    Node root;
    root.field = field;
    root.moves.fill(-1);
    layer_.assign(1, root);
    children_.clear();
    next_parent_ = 0;
    depth_ = 0;
    have_leaf_ = false;
    known_layer_.clear();
    samples_done_ = 0;
    votes_.fill(0);
    voted_moves_ = 0;
    best_fire_ = Fire{};
    fallback_ = state.legal_placements().front();
    nodes_ = 0;
    finished_ = false;
}

void BeamAi::think(double budget_ms) {
    const TimeBudget slice(budget_ms);
    while (!finished_) {
        expand(layer_[next_parent_++]);
        if (next_parent_ == layer_.size()) finish_layer();
        if (have_leaf_ && out_of_budget()) finished_ = true;
        if (slice.expired()) return;
    }
}

bool BeamAi::out_of_budget() const {
    return (options_.max_nodes > 0 && nodes_ >= options_.max_nodes) ||
           (options_.max_ms > 0 && watch_.elapsed_ms() >= options_.max_ms);
}

void BeamAi::expand(const Node& parent) {
    const Pair pair = pairs_[depth_];
    uint32_t mask = legal_action_mask(parent.field);
    // A pair of one colour looks the same turned around: rotations 2 and 3 repeat rotations 0 and 1.
    if (pair.axis == pair.child) mask &= (1u << action_of({1, 2})) - 1;  // the first rotation-2 action
    for (int action = 0; action < kPlacementCount; ++action) {
        if (!(mask >> action & 1u)) continue;
        Node child;
        child.field = parent.field;
        child.moves = parent.moves;
        child.wasted = parent.wasted;
        if (depth_ < kKnownPairs) child.moves[depth_] = static_cast<int8_t>(action);
        const int before = child.field.count();
        const ChainResult chain = child.field.resolve(place_pair(child.field, pair, placement_of(action)));
        ++nodes_;
        if (spawn_blocked(child.field)) continue;  // this placement loses the game
        if (chain.chains > 0) {
            // Only chains fired with the known pairs are real; later ones rest on sampled pairs.
            if (depth_ < kKnownPairs && (chain.score > best_fire_.score ||
                                         (chain.score == best_fire_.score && depth_ < best_fire_.depth)))
                best_fire_ = {chain.score, chain.chains, depth_, child.moves};
            child.wasted += before + 2 - child.field.count();
        }
        child.value = evaluate(child.field, &child.potential) - child.wasted * kWasteWeight;
        children_.push_back(child);
    }
}

void BeamAi::finish_layer() {
    // The best `width` distinct fields go on; the sort is stable so ties keep the generation order and
    // the choice is the same on every platform.
    std::stable_sort(children_.begin(), children_.end(),
                     [](const Node& a, const Node& b) { return a.value > b.value; });
    layer_.clear();
    seen_.clear();
    for (const Node& child : children_) {
        if (static_cast<int>(layer_.size()) == options_.width) break;
        const uint64_t hash = field_hash(child.field);
        if (std::find(seen_.begin(), seen_.end(), hash) != seen_.end()) continue;
        seen_.push_back(hash);
        layer_.push_back(child);
    }
    children_.clear();
    next_parent_ = 0;
    ++depth_;
    if (!layer_.empty()) {
        best_leaf_ = layer_.front();
        have_leaf_ = true;
    }
    if (depth_ == kKnownPairs && samples_done_ == 0) known_layer_ = layer_;
    if (layer_.empty() || depth_ == horizon_) finish_sample();
}

void BeamAi::sample_future(int sample) {
    // The pairs after the previews are unknown: sample them from the AI's own seed, never the game's.
    Rng future = Rng::for_stream(seed_ + static_cast<uint64_t>(sample) * 0x9E3779B97F4A7C15ull,
                                 static_cast<uint64_t>(pairs_placed_));
    const auto colors = static_cast<uint64_t>(colors_);
    pairs_.resize(static_cast<size_t>(std::min(horizon_, kKnownPairs)));
    for (int d = kKnownPairs; d < horizon_; ++d) {
        const auto axis = static_cast<Puyo>(1 + future.below(colors));
        pairs_.push_back({axis, static_cast<Puyo>(1 + future.below(colors))});
    }
}

void BeamAi::finish_sample() {
    if (!layer_.empty()) {
        std::array<bool, kPlacementCount> seen{};
        for (const Node& leaf : layer_) {  // sorted best first: the first leaf of a move is its best
            const int move = leaf.moves[0];
            if (seen[move]) continue;
            seen[move] = true;
            votes_[move] += leaf.value;
            if (!(voted_moves_ >> move & 1u) || leaf.value > best_by_move_[move].value) best_by_move_[move] = leaf;
            voted_moves_ |= 1u << move;
        }
        for (int move = 0; move < kPlacementCount; ++move)
            if (!seen[move]) votes_[move] += layer_.back().value;
    }
    ++samples_done_;
    const bool more = samples_done_ < options_.samples && horizon_ > kKnownPairs && !known_layer_.empty();
    if (!more) {
        finished_ = true;
        return;
    }
    sample_future(samples_done_);
    layer_ = known_layer_;
    depth_ = kKnownPairs;
    next_parent_ = 0;
}

const BeamAi::Node* BeamAi::chosen_leaf() const {
    if (voted_moves_ == 0) return have_leaf_ ? &best_leaf_ : nullptr;
    int best = -1;
    for (int move = 0; move < kPlacementCount; ++move)
        if ((voted_moves_ >> move & 1u) && (best < 0 || votes_[move] > votes_[best])) best = move;
    return &best_by_move_[best];
}

Plan BeamAi::result() const {
    Plan plan;
    plan.nodes = nodes_;
    const Node* leaf = chosen_leaf();
    const bool game_ends_soon = pairs_left_ >= 0 && pairs_left_ <= kKnownPairs;
    // Building on is pointless once the chain at hand is worth what the search expects to build.
    // As the field fills, a chain in hand beats a bigger one promised: the promise needs room to live.
    const int64_t patience = kPatienceUnit + std::max(0, root_count_ - kCrowdedCount);
    const bool peaked = leaf && best_fire_.chains >= kMinPeakChain &&
                        best_fire_.score * patience >= leaf->potential.score * kPatienceUnit;
    const bool fire = best_fire_.chains > 0 &&
                      (game_ends_soon || danger_ || !leaf || peaked ||
                       (options_.fire_score > 0 && best_fire_.score >= options_.fire_score));
    const Moves* moves = nullptr;
    if (fire) {
        moves = &best_fire_.moves;
        plan.firing = true;
        plan.expected_chain = best_fire_.chains;
        plan.expected_score = best_fire_.score;
    } else if (leaf) {
        moves = &leaf->moves;
        plan.expected_chain = leaf->potential.chains;
        plan.expected_score = leaf->potential.score;
        plan.trigger_column = leaf->potential.column;
        plan.trigger_color = leaf->potential.color;
    }
    if (moves) {
        const int known = fire ? best_fire_.depth + 1 : kKnownPairs;
        for (int d = 0; d < known && (*moves)[d] >= 0; ++d) plan.path.push_back(placement_of((*moves)[d]));
    }
    plan.placement = plan.path.empty() ? fallback_ : plan.path.front();
    if (plan.path.empty()) plan.path.push_back(fallback_);
    return plan;
}

}  // namespace gridlab::puyo
