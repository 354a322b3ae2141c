#include "puyo/rules.h"

#include <stdexcept>

#include "core/rng.h"

namespace gridlab::puyo {

namespace {

constexpr std::array<Placement, kPlacementCount> kPlacements = [] {
    std::array<Placement, kPlacementCount> placements{};
    int action = 0;
    for (int rotation = 0; rotation < 4; ++rotation)
        for (int column = 0; column < kColumns; ++column) {
            const int child = column + (rotation == 0 ? 1 : rotation == 2 ? -1 : 0);
            if (child >= 0 && child < kColumns) placements[action++] = {column, rotation};
        }
    return placements;
}();

// Whether the pair can travel from the spawn column to `target` (and sit in it). The tutorial's pair
// passes only columns with room; Tsu's follows puyoai's PuyoController::isReachable, which puyoai
// checks against a frame-by-frame simulation of the real game's controls (see the header).
bool reachable(RuleSet rules, const std::array<int, kColumns>& heights, int target) {
    const int step = target > kSpawnColumn ? 1 : -1;
    if (rules == RuleSet::Tutorial) {
        for (int col = kSpawnColumn;; col += step) {
            if (heights[col] >= kVisibleRows) return false;
            if (col == target) return true;
        }
    }
    // A quick turn at the spawn (two rotations between two high columns) lifts the pair a row.
    bool lifted = heights[kSpawnColumn - 1] >= kVisibleRows && heights[kSpawnColumn + 1] >= kVisibleRows;
    for (int col = kSpawnColumn + step; col - step != target; col += step) {
        if (heights[col] < kVisibleRows) {
            lifted = false;  // the pair sinks back over a lower column
            continue;
        }
        if (heights[col] > kVisibleRows) return false;  // 13 high: a wall
        // 12 high: passable at the 13th row, which a pair reaches by the floor kick of a rotation on
        // an 11-high column just before this one, or keeps from a 12-high column one or two back.
        const bool kick = heights[col - step] == kVisibleRows - 1;
        const bool two_back_high = col - 2 * step != kSpawnColumn - step && heights[col - 2 * step] == kVisibleRows;
        if (!lifted && !kick && !two_back_high) return false;
        lifted = true;
    }
    return true;
}

}  // namespace

std::string pair_text(Pair pair) { return {puyo_char(pair.axis), puyo_char(pair.child)}; }

std::string action_error(int action) {
    if (action >= 0 && action < kPlacementCount) return "";
    return "action " + std::to_string(action) + " is outside 0.." + std::to_string(kPlacementCount - 1);
}

Placement placement_of(int action) {
    if (std::string error = action_error(action); !error.empty()) throw std::invalid_argument(error);
    return kPlacements[action];
}

int action_of(Placement placement) {
    for (int action = 0; action < kPlacementCount; ++action)
        if (kPlacements[action] == placement) return action;
    return -1;
}

bool spawn_blocked(const Field& field) { return field.height(kSpawnColumn) >= kVisibleRows; }

uint32_t legal_action_mask(const Field& field) {
    if (spawn_blocked(field)) return 0;
    const RuleSet rules = field.rules();
    std::array<int, kColumns> heights{};
    std::array<bool, kColumns> open{};  // reachable, with room for one puyo
    for (int col = 0; col < kColumns; ++col) heights[col] = field.height(col);
    for (int col = 0; col < kColumns; ++col) open[col] = reachable(rules, heights, col);
    // Tutorial: both puyos must land inside the 12 rows. Tsu: the lower puyo may land on the 13th row
    // (the upper one then vanishes), but the axis may not rise to the 14th: with the child below it
    // (rotation 3), the column must hold 11 or fewer.
    const int axis_up_limit = rules == RuleSet::Tsu ? kVisibleRows : kVisibleRows - 2;
    const int axis_down_limit = rules == RuleSet::Tsu ? kVisibleRows - 1 : kVisibleRows - 2;
    uint32_t mask = 0;
    for (int action = 0; action < kPlacementCount; ++action) {
        const Placement p = kPlacements[action];
        const bool vertical = p.rotation == 1 || p.rotation == 3;
        const int limit = p.rotation == 3 ? axis_down_limit : axis_up_limit;
        const bool legal = vertical ? open[p.column] && heights[p.column] <= limit
                                    : open[p.column] && open[p.child_column()];
        if (legal) mask |= 1u << action;
    }
    return mask;
}

Bitboard place_pair(Field& field, Pair pair, Placement placement) {
    // A vertical pair lands lower puyo first; with rotation 3 the child is the lower one.
    if (placement.rotation == 3) {
        const Bitboard child = field.drop(placement.column, pair.child);
        return child | field.drop(placement.column, pair.axis);
    }
    const Bitboard axis = field.drop(placement.column, pair.axis);
    return axis | field.drop(placement.child_column(), pair.child);
}

void validate(const Settings& settings) {
    if (settings.colors < 3 || settings.colors > kMaxColors)
        throw std::invalid_argument("colors: " + std::to_string(settings.colors) + " is outside 3..5");
    if (settings.max_pairs < 0)
        throw std::invalid_argument("pair limit: " + std::to_string(settings.max_pairs) + " is negative");
}

Pair pair_at(uint64_t seed, int colors, int index) {
    Rng rng = Rng::for_stream(seed, static_cast<uint64_t>(index));
    const auto axis = static_cast<Puyo>(1 + rng.below(static_cast<uint64_t>(colors)));
    const auto child = static_cast<Puyo>(1 + rng.below(static_cast<uint64_t>(colors)));
    return {axis, child};
}

State::State(const Settings& settings, uint64_t seed) : State(settings, seed, Field(settings.rules)) {}

State::State(const Settings& settings, uint64_t seed, const Field& field)
    : settings_(settings), seed_(seed), field_(field) {
    validate(settings);
    field_.settle();  // a puzzle field may float; play starts from a settled one
    if (field.rules() != settings.rules) throw std::invalid_argument("the field's rule set differs from the game's");
    game_over_ = legal_action_mask(field_) == 0;  // 0 too when the spawn cell is filled
}

State::State(const Settings& settings, std::vector<Pair> pairs) : State(settings, 0) {
    if (pairs.empty()) throw std::invalid_argument("a game needs at least one pair");
    if (settings.max_pairs != 0 && settings.max_pairs != static_cast<int>(pairs.size()))
        throw std::invalid_argument("the pair limit differs from the " + std::to_string(pairs.size()) + " pairs given");
    const auto in_play = [&](Puyo puyo) { return puyo != Puyo::None && static_cast<int>(puyo) <= settings.colors; };
    for (const Pair pair : pairs)
        if (!in_play(pair.axis) || !in_play(pair.child))
            throw std::invalid_argument("pair " + pair_text(pair) + " uses more than " + std::to_string(settings.colors) +
                                        " colours");
    settings_.max_pairs = static_cast<int>(pairs.size());
    given_pairs_ = std::make_shared<const std::vector<Pair>>(std::move(pairs));
}

Pair State::pair(int ahead) const {
    const int index = pairs_placed_ + ahead;
    if (!given_pairs_) return pair_at(seed_, settings_.colors, index);
    return (*given_pairs_)[static_cast<size_t>(index) % given_pairs_->size()];
}

bool State::is_legal(Placement placement) const {
    const int action = action_of(placement);
    return action >= 0 && (legal_mask() >> action & 1u);
}

std::vector<Placement> State::legal_placements() const {
    std::vector<Placement> placements;
    const uint32_t mask = legal_mask();
    for (int action = 0; action < kPlacementCount; ++action)
        if (mask >> action & 1u) placements.push_back(kPlacements[action]);
    return placements;
}

std::string State::apply_error(Placement placement) const {
    if (game_over_) return "the game is over";
    if (limit_reached()) return "the pair limit is reached";
    if (!is_legal(placement))
        return "placement (column " + std::to_string(placement.column) + ", rotation " +
               std::to_string(placement.rotation) + ") is not legal here";
    return "";
}

MoveResult State::apply(Placement placement) {
    if (std::string error = apply_error(placement); !error.empty()) throw std::invalid_argument(error);
    return apply_unchecked(placement);
}

MoveResult State::apply_unchecked(Placement placement) {
    const Bitboard landed = place_pair(field_, current_pair(), placement);
    const ChainResult chain = field_.resolve(landed);
    MoveResult move{chain.chains, chain.score, false};
    if (chain.chains > 0) {
        // Tsu pays an all clear on the chain after the one that emptied the field.
        if (all_clear_pending_) move.score += kAllClearBonus;
        all_clear_pending_ = false;
        if (settings_.rules == RuleSet::Tsu && field_.empty()) all_clear_pending_ = move.all_clear = true;
    }
    score_ += move.score;
    max_chain_ = std::max(max_chain_, move.chains);
    best_chain_score_ = std::max(best_chain_score_, move.score);
    ++pairs_placed_;
    game_over_ = legal_action_mask(field_) == 0;  // 0 too when the spawn cell is filled
    return move;
}

std::string State::to_text() const {
    std::string text;
    for (const std::string& line : field_.to_lines(field_.rows())) text += line + '\n';
    text += "pair " + pair_text(pair(0)) + " next";
    for (int ahead = 1; ahead <= kPreviewCount; ++ahead) text += ' ' + pair_text(pair(ahead));
    text += " score " + std::to_string(score_) + '\n';
    return text;
}

}  // namespace gridlab::puyo
