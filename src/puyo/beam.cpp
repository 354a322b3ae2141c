#include "puyo/beam.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace gridlab::puyo {

namespace {

constexpr int kMaxTriggerPuyos = 3;     // the evaluation's triggers add up to this many puyos
constexpr int64_t kPruneScore = 5000;   // a fired chain worth this much ends its line of search
constexpr int kOpeningPuyos = 40;       // the GTR form guides the stack while it holds fewer puyos
// The spawn column costs `danger` per row above the field's top row less this: three rows below the
// top, the pair can still turn and the chain has a row more than at four (Tsu's hidden 13th row:
// 10 high instead of 9; 400 games reach 100k 67.8% against 61.0%). The tutorial rules' 12 rows keep 9.
constexpr int kDangerMargin = 3;
constexpr int64_t kNoLeaf = -1'000'000'000;  // a first placement with no field left in a future
constexpr int kChainAtStakePuyos = kColumns * kVisibleRows / 2;  // a field this full holds the game's chain
// Once the field holds this many puyos its chain is about as long as it will get, and the puyos still
// to come are worth most as fatter last links, which carry the chain's largest multipliers: the
// evaluation counts the chain's points from here (`chain_score`). Earlier, points would buy fat
// middle links whose puyos the later links need (800 games reach 100k 69.75% against 67.0%; counted
// from the first puyo, no gain over 600).
constexpr int kFinishingPuyos = 60;

// The stack the builder aims at, relative to the mean height: the left half a little higher than
// the right, where the chain's tail grows towards the trigger (ama's ideal shape).
constexpr std::array<int, kColumns> kIdealShape = {1, 1, 1, -1, -1, -1};

// The GTR opening form on the bottom left, rows from the floor: each cell names its group (0: free).
// Group 1 is the "G" that turns, 2 the bottom pair and its tail, 3 the row above; 4 and 5 only have
// to differ from their neighbours. A group's puyos share a colour, and the listed pairs of groups
// must differ, or the form is broken.
constexpr int kFormRows = 5;
constexpr std::array<std::array<int, 4>, kFormRows> kGtrForm = {{
    {2, 2, 5, 0},
    {1, 1, 2, 5},
    {1, 2, 5, 0},
    {3, 3, 3, 4},
    {4, 4, 4, 0},
}};
constexpr int kFormGroups = 5;
constexpr std::array<int, kFormGroups + 1> kFormReward = {0, 2, 1, 2, 0, 0};  // per matching puyo
constexpr std::array<std::pair<int, int>, 6> kFormDiffer = {{{1, 2}, {1, 3}, {2, 3}, {2, 5}, {3, 4}, {3, 5}}};
constexpr int kBrokenForm = -100;

bool better(const Potential& a, const Potential& b) {
    if (a.chains != b.chains) return a.chains > b.chains;
    if (a.score != b.score) return a.score > b.score;
    return a.added < b.added;
}

using Heights = std::array<int, kColumns>;

Heights heights_of(const Field& field) {
    Heights heights{};
    for (int col = 0; col < kColumns; ++col) heights[col] = field.height(col);
    return heights;
}

// The columns a trigger can be dropped on: from the spawn column outwards up to a 12-high column.
std::pair<int, int> trigger_columns(const Heights& heights) {
    int lo = kSpawnColumn, hi = kSpawnColumn;
    while (lo > 0 && heights[lo - 1] < kVisibleRows) --lo;
    while (hi + 1 < kColumns && heights[hi + 1] < kVisibleRows) ++hi;
    return {lo, hi};
}

// Calls found(potential, field after the chain) for every chain that 1 to kMaxTriggerPuyos puyos of
// one colour on one column would set off (the fewest puyos that make a group of four).
template <typename Found>
void for_each_trigger(const Field& field, const Heights& heights, Found found) {
    const Bitboard visible = Bitboard::rows_below(kVisibleRows);
    const auto [lo, hi] = trigger_columns(heights);
    for (int col = lo; col <= hi; ++col) {
        const int puyos = std::min(kMaxTriggerPuyos, kVisibleRows - heights[col]);
        Bitboard column_cells;
        for (int i = 0; i < puyos; ++i) column_cells |= Bitboard::cell(col, heights[col] + i);
        const Bitboard touching = column_cells.expand() & visible;
        for (int c = 1; c <= kMaxColors; ++c) {
            const auto color = static_cast<Puyo>(c);
            const Bitboard plane = field.plane(color) & visible;
            if ((plane & touching).empty()) continue;  // added puyos alone never make four
            Bitboard added;
            for (int i = 0; i < puyos; ++i) {
                added |= Bitboard::cell(col, heights[col] + i);
                const Bitboard grown_plane = plane | added;
                Bitboard group = added;
                for (Bitboard next = group.expand() & grown_plane; next != group; next = group.expand() & grown_plane)
                    group = next;
                if (group.count() < kPopSize) continue;
                Field trial = field;
                Bitboard landed;
                for (int k = 0; k <= i; ++k) landed |= trial.drop(col, color);
                const ChainResult chain = trial.resolve(landed);
                found(Potential{chain.chains, chain.score, i + 1, col, color}, trial);
                break;
            }
        }
    }
}

// ama's link count: puyos touching two or more of their colour (`three`), and the other touching
// pairs (`two`, each pair once).
struct Links {
    int two = 0;
    int three = 0;
};
Links links_of(const Field& field) {
    const Bitboard visible = Bitboard::rows_below(kVisibleRows);
    Links links;
    for (int c = 1; c <= kMaxColors; ++c) {
        const Bitboard plane = field.plane(static_cast<Puyo>(c)) & visible;
        if (plane.empty()) continue;
        const Bitboard up = plane & plane.down(), down = plane & plane.up();
        const Bitboard left = plane & plane.right(), right = plane & plane.left();
        const Bitboard three = ((up | down) & (left | right)) | (up & down) | (left & right);
        links.three += three.count();
        links.two += (up | left).without(three.expand()).count();
    }
    return links;
}

// Free columns beside the trigger at its height or below, where the chain's next link can grow
// (ama's "chi"): each side counts the columns up to the first higher one, and again up to the first
// as high.
int room_beside(const Heights& heights, int col) {
    int room = 0;
    for (const int step : {-1, 1}) {
        for (int c = col + step; c >= 0 && c < kColumns && heights[c] <= heights[col]; c += step) ++room;
        for (int c = col + step; c >= 0 && c < kColumns && heights[c] < heights[col]; c += step) ++room;
    }
    return room;
}

int shape_error(const Heights& heights) {
    int sum = 0;
    for (const int h : heights) sum += h;
    const int mean = sum / kColumns;
    int error = 0;
    for (int col = 0; col < kColumns; ++col) error += std::abs(heights[col] - mean - kIdealShape[col]);
    return error;
}

int well_depth(const Heights& heights) {
    int well = std::max(0, heights[1] - heights[0]) + std::max(0, heights[4] - heights[5]);
    for (int col = 1; col + 1 < kColumns; ++col)
        well += std::max(0, std::min(heights[col - 1], heights[col + 1]) - heights[col]);
    return well;
}

int bump_height(const Heights& heights) {
    int bump = 0;
    for (int col = 1; col + 1 < kColumns; ++col)
        bump += std::max(0, heights[col] - std::max(heights[col - 1], heights[col + 1]));
    return bump;
}

// How well the bottom left follows the GTR form: the rewards of the puyos in place, or kBrokenForm
// when a group mixes colours or two groups that must differ share one.
int gtr_form(const Field& field) {
    std::array<Puyo, kFormGroups + 1> group_color{};
    int reward = 0;
    for (int row = 0; row < kFormRows; ++row)
        for (int col = 0; col < static_cast<int>(kGtrForm[row].size()); ++col) {
            const int group = kGtrForm[row][col];
            const Puyo puyo = field.at(col, row);
            if (group == 0 || puyo == Puyo::None) continue;
            if (puyo == Puyo::Garbage) return kBrokenForm;
            if (group_color[group] == Puyo::None) group_color[group] = puyo;
            if (group_color[group] != puyo) return kBrokenForm;
            reward += kFormReward[group];
        }
    for (const auto& [a, b] : kFormDiffer)
        if (group_color[a] != Puyo::None && group_color[a] == group_color[b]) return kBrokenForm;
    return reward;
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

int cycle_count(int colors) { return colors * (colors - 1) / 2; }

Pair cycle_pair(int colors, int cycle, int index) {
    // Cycle `cycle` starts with the cycle-th pair {a, b} (a < b) in the order 01, 02, ..., 12, ...
    std::array<int, kMaxColors> order{};
    int a = 0, b = 1;
    for (int k = 0; k < cycle; ++k)
        if (++b == colors) b = ++a + 1;
    order[0] = a;
    order[1] = b;
    for (int c = 0, next = 2; c < colors; ++c)
        if (c != a && c != b) order[static_cast<size_t>(next++)] = c;
    // Two colours a pair, read round and round the order: with an odd count a pair wraps over its end.
    const auto color = [&](int position) { return static_cast<Puyo>(1 + order[static_cast<size_t>(position % colors)]); };
    return {color(2 * index), color(2 * index + 1)};
}

Potential find_potential(const Field& field) {
    Potential best;
    for_each_trigger(field, heights_of(field), [&](const Potential& found, const Field&) {
        if (found.chains > 0 && better(found, best)) best = found;
    });
    return best;
}

Evaluation evaluate(const Field& field, const EvalWeights& w) {
    Evaluation e;
    const Heights heights = heights_of(field);
    // The chain in the field: of the triggers that set off two chains or more, the one whose chain,
    // cost and leftovers score best.
    int64_t best_trigger = std::numeric_limits<int64_t>::min();
    const int chain_score = field.count() >= kFinishingPuyos ? w.chain_score : 0;
    for_each_trigger(field, heights, [&](const Potential& found, const Field& after) {
        if (found.chains < 2) return;
        const int room = room_beside(heights, found.column);
        const Links left = links_of(after);
        const int64_t value = int64_t{found.chains} * w.chain + found.score / 1000 * chain_score +
                              int64_t{heights[found.column]} * w.trigger_height +
                              int64_t{found.added} * w.key + int64_t{room} * w.room + int64_t{left.two} * w.link2 +
                              int64_t{left.three} * w.link3;
        if (value <= best_trigger) return;
        best_trigger = value;
        e.trigger = found;
        e.trigger_height = heights[found.column];
        e.room = room;
        e.remaining_link2 = left.two;
        e.remaining_link3 = left.three;
    });
    const Links links = links_of(field);
    e.link2 = links.two;
    e.link3 = links.three;
    e.shape = shape_error(heights);
    e.well = well_depth(heights);
    e.bump = bump_height(heights);
    e.form = field.count() < kOpeningPuyos ? gtr_form(field) : 0;
    e.danger = std::max(0, heights[kSpawnColumn] - (rows_of(field.rules()) - kDangerMargin));
    e.value = (e.trigger.chains > 0 ? best_trigger : 0) + int64_t{e.link2} * w.link2 + int64_t{e.link3} * w.link3 +
              int64_t{e.shape} * w.shape + int64_t{e.well} * w.well + int64_t{e.bump} * w.bump +
              int64_t{e.form} * w.form + int64_t{e.danger} * w.danger;
    return e;
}

BeamAi::BeamAi(const BeamOptions& options, uint64_t seed) : options_(options), seed_(seed) {
    if (options.width < 1 || options.width > 10000)
        throw std::invalid_argument("beam width: " + std::to_string(options.width) + " is outside 1..10000");
    if (options.samples < 1 || options.samples > kMaxSamples)
        throw std::invalid_argument("beam samples: " + std::to_string(options.samples) + " is outside 1.." +
                                    std::to_string(kMaxSamples));
    if (options.depth < 1 || options.depth > 64)
        throw std::invalid_argument("beam depth: " + std::to_string(options.depth) + " is outside 1..64");
    if (options.held_percent < 0 || options.held_percent > 100)
        throw std::invalid_argument("beam held percent: " + std::to_string(options.held_percent) + " is outside 0..100");
    if (options.max_ms < 0 || options.max_nodes < 0 || options.fire_score < 0 || options.goal_score < 0)
        throw std::invalid_argument("beam limits must not be negative");
}

void BeamAi::begin(const State& state) {
    if (state.terminal()) throw std::invalid_argument("the game is over: nothing to decide");
    watch_.restart();
    pairs_left_ = state.pairs_left();
    horizon_ = pairs_left_ >= 0 ? std::min(options_.depth, pairs_left_) : options_.depth;
    pairs_placed_ = state.pairs_placed();
    colors_ = state.settings().colors;
    chain_at_stake_ = state.field().count() >= kChainAtStakePuyos;
    pairs_.clear();
    for (int d = 0; d < std::min(horizon_, kKnownPairs); ++d) pairs_.push_back(state.pair(d));
    sample_future(0);
    Node root;
    root.field = state.field();
    root.moves.fill(-1);
    layer_.assign(1, root);
    children_.clear();
    next_parent_ = 0;
    depth_ = 0;
    known_layer_.clear();
    known_fired_.fill(0);
    known_done_ = false;
    samples_done_ = 0;
    candidates_.fill(Candidate{});
    legal_ = 0;
    fallback_ = state.legal_placements().front();
    nodes_ = 0;
    finished_ = false;
}

void BeamAi::think(double budget_ms) {
    const TimeBudget slice(budget_ms);
    while (!finished_) {
        expand(layer_[next_parent_++]);
        if (next_parent_ == layer_.size()) finish_layer();
        if (depth_ > 0 && out_of_budget()) finished_ = true;
        if (slice.expired()) return;
    }
}

bool BeamAi::sees_the_end() const { return pairs_left_ >= 0 && horizon_ >= pairs_left_; }

bool BeamAi::plays_cycles() const {
    // The cycles always bring the colour a chain waits for within two pairs: fine while the chain can
    // wait, too hopeful once the search sees the game's last pair, where a trigger that does not come
    // in time means no chain at all. There the random futures weigh that risk.
    return options_.futures == Futures::Cycles && !sees_the_end();
}

int BeamAi::future_count() const {
    if (plays_cycles()) return cycle_count(colors_);
    // Random futures. Near the game's end, while the field holds a chain to fire or lose (half full or
    // more), the choice between firing now and waiting for a trigger should rest on more than a few
    // guesses at the pairs to come: the futures are shorter there, so the search samples as many as
    // `samples` futures of the full depth would cost (400 games: 8 chains lost instead of 14). Once
    // the chain has fired there is nothing to lose, and `samples` futures do.
    const int sampled_pairs = horizon_ - kKnownPairs;
    if (!chain_at_stake_ || sampled_pairs <= 0) return options_.samples;
    const int work = options_.samples * (options_.depth - kKnownPairs);  // horizon_ <= depth: >= sampled_pairs
    return std::min(kMaxSamples, (work + sampled_pairs - 1) / sampled_pairs);
}

bool BeamAi::out_of_budget() const {
    return (options_.max_nodes > 0 && nodes_ >= options_.max_nodes) ||
           (options_.max_ms > 0 && watch_.elapsed_ms() >= options_.max_ms);
}

int64_t BeamAi::goal_value(int64_t chain_score) const {
    // A chain that reaches the goal is worth a jump more than one a little short of it, so across the
    // futures the search prefers the placement that reaches the goal in more of them to one whose
    // chains score a little more on average: it aims at the big chain (`eval`'s reach_100k) instead
    // of firing 95,000 when waiting reaches 100,000 in most futures (1,200 games reach 100k 73.75%
    // against 68.1% without it: the near misses of 90,000-99,999 fall from 152 to 95).
    // The chain a line only holds is credited without the jump: it has not reached anything yet.
    return options_.goal_score > 0 && chain_score >= options_.goal_score ? chain_score + options_.goal_score / 2
                                                                         : chain_score;
}

void BeamAi::credit(const Node& node, int64_t fired) {
    Candidate& candidate = candidates_[node.moves[0]];
    candidate.fired = std::max(candidate.fired, fired);
    if (depth_ < kKnownPairs) known_fired_[node.moves[0]] = std::max(known_fired_[node.moves[0]], fired);
    if (fired > candidate.best_line_fired) {
        candidate.best_line_fired = fired;
        candidate.best_line = node.moves;
    }
}

void BeamAi::expand(const Node& parent) {
    const Pair pair = pairs_[depth_];
    const EvalWeights& w = options_.weights;
    uint32_t mask = legal_action_mask(parent.field);
    // A pair of one colour looks the same turned around: rotations 2 and 3 repeat rotations 0 and 1.
    if (pair.axis == pair.child) mask &= (1u << action_of({1, 2})) - 1;  // the first rotation-2 action
    for (int action = 0; action < kPlacementCount; ++action) {
        if (!(mask >> action & 1u)) continue;
        const Placement placement = placement_of(action);
        Node child;
        child.field = parent.field;
        child.moves = parent.moves;
        child.action = parent.action;
        if (depth_ < kKnownPairs) child.moves[depth_] = static_cast<int8_t>(action);
        // A horizontal pair over columns of different heights splits: slower, and it scatters colours.
        if (placement.rotation % 2 == 0 &&
            parent.field.height(placement.column) != parent.field.height(placement.child_column()))
            child.action += w.tear;
        const int before = child.field.count();
        const ChainResult chain = child.field.resolve(place_pair(child.field, pair, placement));
        ++nodes_;
        if (spawn_blocked(child.field)) continue;  // this placement loses the game
        if (depth_ == 0) {
            legal_ |= 1u << action;
            candidates_[action].immediate_chains = chain.chains;
            candidates_[action].immediate_score = chain.score;
        }
        if (chain.chains > 0) {
            credit(child, goal_value(chain.score));
            if (chain.score >= kPruneScore) continue;  // a real chain: this line of play ends with it
            child.action += int64_t{before + 2 - child.field.count()} * w.waste;
        }
        const Evaluation evaluation = evaluate(child.field, w);
        child.potential = evaluation.trigger;
        child.value = evaluation.value + child.action;
        if (depth_ == 0) candidates_[action].potential = evaluation.trigger;
        children_.push_back(child);
    }
}

void BeamAi::finish_layer() {
    // The best `width` distinct fields go on; ties keep the generation order, so the choice is the
    // same on every platform.
    order_.clear();
    for (size_t i = 0; i < children_.size(); ++i) order_.emplace_back(-children_[i].value, static_cast<int>(i));
    std::sort(order_.begin(), order_.end());
    layer_.clear();
    seen_.clear();
    for (const auto& [negated_value, index] : order_) {
        if (static_cast<int>(layer_.size()) == options_.width) break;
        const Node& child = children_[static_cast<size_t>(index)];
        const uint64_t hash = field_hash(child.field);
        if (std::find(seen_.begin(), seen_.end(), hash) != seen_.end()) continue;
        seen_.push_back(hash);
        layer_.push_back(child);
    }
    children_.clear();
    next_parent_ = 0;
    ++depth_;
    if (depth_ == kKnownPairs && !known_done_) {
        known_layer_ = layer_;
        known_done_ = true;
    }
    if (layer_.empty() || depth_ == horizon_) finish_sample();
}

void BeamAi::sample_future(int sample) {
    pairs_.resize(static_cast<size_t>(std::min(horizon_, kKnownPairs)));
    if (plays_cycles()) {
        for (int d = kKnownPairs; d < horizon_; ++d) pairs_.push_back(cycle_pair(colors_, sample, d - kKnownPairs));
        return;
    }
    // Random futures come from the AI's own seed, never the game's.
    Rng future = Rng::for_stream(seed_ + static_cast<uint64_t>(sample) * 0x9E3779B97F4A7C15ull,
                                 static_cast<uint64_t>(pairs_placed_));
    const auto colors = static_cast<uint64_t>(colors_);
    for (int d = kKnownPairs; d < horizon_; ++d) {
        const auto axis = static_cast<Puyo>(1 + future.below(colors));
        pairs_.push_back({axis, static_cast<Puyo>(1 + future.below(colors))});
    }
}

void BeamAi::finish_sample() {
    // A chain held at the horizon can still go off when pairs are left after it.
    if (options_.held_percent > 0 && !sees_the_end())
        for (const Node& leaf : layer_) credit(leaf, leaf.potential.score * options_.held_percent / 100);
    // The layer is sorted best first: the first field of a first placement is its best.
    std::array<bool, kPlacementCount> has_leaf{};
    for (const Node& leaf : layer_) {
        Candidate& candidate = candidates_[leaf.moves[0]];
        if (has_leaf[leaf.moves[0]]) continue;
        has_leaf[leaf.moves[0]] = true;
        candidate.leaf_total += leaf.value;
        if (candidate.best_line_fired <= 0 && (!candidate.has_leaf || leaf.value > candidate.best_line_value)) {
            candidate.best_line = leaf.moves;
            candidate.best_line_value = leaf.value;
        }
        candidate.has_leaf = true;
    }
    for (int move = 0; move < kPlacementCount; ++move) {
        Candidate& candidate = candidates_[move];
        if (!has_leaf[move]) candidate.leaf_total += kNoLeaf;
        candidate.fired_total += candidate.fired;
        candidate.fired = 0;
    }
    ++samples_done_;
    const bool more = samples_done_ < future_count() && horizon_ > kKnownPairs && !known_layer_.empty();
    if (!more) {
        finished_ = true;
        return;
    }
    sample_future(samples_done_);
    layer_ = known_layer_;
    depth_ = kKnownPairs;
    next_parent_ = 0;
    for (int move = 0; move < kPlacementCount; ++move) candidates_[move].fired = known_fired_[move];
}

int BeamAi::chosen_move() const {
    int best = -1;
    const auto key = [&](int move) {
        const Candidate& c = candidates_[move];
        return std::pair(c.fired_total + c.fired, c.leaf_total);
    };
    for (int move = 0; move < kPlacementCount; ++move) {
        if (!(legal_ >> move & 1u)) continue;
        const Candidate& c = candidates_[move];
        if (options_.fire_score > 0 && c.immediate_score >= options_.fire_score &&
            (best < 0 || candidates_[best].immediate_score < c.immediate_score))
            return move;
        if (best < 0 || key(move) > key(best)) best = move;
    }
    return best;
}

Plan BeamAi::result() const {
    Plan plan;
    plan.nodes = nodes_;
    const int move = chosen_move();
    if (move < 0) {
        plan.placement = fallback_;
        plan.path = {fallback_};
        return plan;
    }
    const Candidate& chosen = candidates_[move];
    plan.placement = placement_of(move);
    if (chosen.immediate_chains > 0) {
        plan.firing = true;
        plan.expected_chain = chosen.immediate_chains;
        plan.expected_score = chosen.immediate_score;
        plan.path = {plan.placement};
        return plan;
    }
    plan.expected_chain = chosen.potential.chains;
    plan.expected_score = chosen.potential.score;
    plan.trigger_column = chosen.potential.column;
    plan.trigger_color = chosen.potential.color;
    for (int d = 0; d < kKnownPairs && chosen.best_line[d] >= 0 && chosen.best_line[0] == move; ++d)
        plan.path.push_back(placement_of(chosen.best_line[d]));
    if (plan.path.empty()) plan.path.push_back(plan.placement);
    return plan;
}

}  // namespace gridlab::puyo
