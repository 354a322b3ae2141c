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

// Whether the pair can travel from the spawn column to `target` (and sit in it).
bool reachable(RuleSet rules, const std::array<int, kColumns>& heights, int target) {
    const int step = target > kSpawnColumn ? 1 : -1;
    for (int col = kSpawnColumn;; col += step) {
        const bool passable = rules == RuleSet::Tutorial
                                  ? heights[col] < kVisibleRows
                                  : heights[col] < kVisibleRows ||
                                        (heights[col] == kVisibleRows && col != kSpawnColumn &&
                                         heights[col - step] >= kVisibleRows - 1);
        if (!passable) return false;
        if (col == target) return true;
    }
}

}  // namespace

std::string pair_text(Pair pair) { return {puyo_char(pair.axis), puyo_char(pair.child)}; }

Placement placement_of(int action) {
    if (action < 0 || action >= kPlacementCount)
        throw std::invalid_argument("action " + std::to_string(action) + " is outside 0..21");
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
    // Tutorial: both puyos must land inside the 12 rows. Tsu: the pair may land on the 13th row.
    const int vertical_limit = rules == RuleSet::Tsu ? kVisibleRows : kVisibleRows - 2;
    uint32_t mask = 0;
    for (int action = 0; action < kPlacementCount; ++action) {
        const Placement p = kPlacements[action];
        const bool vertical = p.rotation == 1 || p.rotation == 3;
        const bool legal = vertical ? open[p.column] && heights[p.column] <= vertical_limit
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

MoveResult State::apply(Placement placement) {
    if (game_over_) throw std::invalid_argument("the game is over");
    if (limit_reached()) throw std::invalid_argument("the pair limit is reached");
    if (!is_legal(placement))
        throw std::invalid_argument("placement (column " + std::to_string(placement.column) + ", rotation " +
                                    std::to_string(placement.rotation) + ") is not legal here");
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
