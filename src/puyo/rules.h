// The game around the field: pairs, placements, the seeded pair sequence and a copyable State.
//
// A pair is the seed's Puyopuyo: an axis puyo ("centre") and a child puyo ("movable") placed at
// (column, rotation), rotation 0..3 putting the child right of, above, left of or below the axis (the
// seed's dx [1,0,-1,0], dy [0,-1,0,1] with y growing downwards). The 22 placements are numbered in
// the seed's create_action_list order: rotation 0 columns 0..4, rotation 1 columns 0..5, rotation 2
// columns 1..5, rotation 3 columns 0..5.
//
// Which placements are legal (the pair starts at the spawn column, 2, and must travel to its target):
//  - tutorial: both puyos must land inside the 12 rows (the seed silently dropped the upper puyo of a
//    vertical pair on a nearly full column; here such a placement is illegal), and every column the pair
//    passes on the way, the targets included, must not be full.
//  - tsu: a target column may hold up to 12 puyos (the pair lands on the hidden 13th row; a puyo that
//    would land above it vanishes, as in the real game), but the axis puyo may not rise to the 14th
//    row, so a pair with its child below (rotation 3) needs a column of 11 or fewer. On the way, a
//    column of 11 or fewer is passable and a 13-high one is a wall. A 12-high column is passable on
//    the 13th row, which the pair reaches by the floor kick of a rotation on an 11-high column just
//    before it, by a quick turn at the spawn when both columns beside it hold 12 or more, or keeps
//    from a 12-high column one or two columns back. This is puyoai's PuyoController::isReachable
//    (github.com/puyoai/puyoai, src/core/puyo_controller.cc), which puyoai tests against a frame-by-
//    frame simulation of the real controls; ama (github.com/citrus610/ama, core/move.cpp) also lets
//    the pair kick on any reachable 11-high column farther back, a climb the frame simulation does
//    not confirm, since the pair sinks again over a lower column.
// The game is over when the spawn cell (column 2, row 12 counted from 1 at the floor) is filled once
// a move has resolved (the seed tested board[2][0] instead), or when no placement is legal: under the
// tutorial rules a spawn column of 11 between two full columns leaves the pair nowhere to go.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "puyo/field.h"

namespace gridlab::puyo {

constexpr int kSpawnColumn = 2;
constexpr int kPlacementCount = 22;
constexpr int kPreviewCount = 2;  // pairs shown after the current one, as in Tsu
constexpr int64_t kAllClearBonus = 2100;

struct Pair {
    Puyo axis = Puyo::Red;
    Puyo child = Puyo::Red;
    bool operator==(const Pair&) const = default;
};
std::string pair_text(Pair pair);  // e.g. "RG": axis then child

struct Placement {
    int column = kSpawnColumn;  // the axis puyo's column
    int rotation = 0;           // 0 child right, 1 child above, 2 child left, 3 child below
    int child_column() const { return column + (rotation == 0 ? 1 : rotation == 2 ? -1 : 0); }
    bool operator==(const Placement&) const = default;
};

// The action index <-> placement mapping of the seed's create_action_list. placement_of throws
// std::invalid_argument with action_error's reason for a number that names no placement.
std::string action_error(int action);  // "" for 0..21
Placement placement_of(int action);
int action_of(Placement placement);  // -1 for a placement outside the 22

// Bit a of the result is set when placement_of(a) is legal on `field` (see the rules above).
uint32_t legal_action_mask(const Field& field);
// Puts the pair on the field (legality not checked); returns the cells where its puyos landed.
Bitboard place_pair(Field& field, Pair pair, Placement placement);
bool spawn_blocked(const Field& field);

struct Settings {
    RuleSet rules = RuleSet::Tsu;
    int colors = 4;     // 3..5
    int max_pairs = 0;  // the game stops (truncated) after this many pairs; 0: no limit
};
// The longest pair limit the command line and the search worker accept.
constexpr int kLongestPairLimit = 100'000;
// Throws std::invalid_argument for colours outside 3..5 or a negative pair limit.
void validate(const Settings& settings);

// Pair i of the game with `seed`: random access, so previews and replays need no stored list.
Pair pair_at(uint64_t seed, int colors, int index);

struct MoveResult {
    int chains = 0;
    int64_t score = 0;  // the move's reward: the chain's score (plus a pending all-clear bonus)
    bool all_clear = false;
};

class State {
public:
    State(const Settings& settings, uint64_t seed);
    // A game that starts on `field` (tests and puzzles); the field's rule set must match.
    State(const Settings& settings, uint64_t seed, const Field& field);
    // A game that plays exactly `pairs` (a pair file's line), one pair per move, so that other engines
    // can play the same games. The pair limit is the sequence's length; previews past its end repeat
    // it from the start (they are never played). Throws std::invalid_argument for an empty sequence,
    // a limit other than 0 or its length, or a colour beyond settings.colors.
    State(const Settings& settings, std::vector<Pair> pairs);

    const Settings& settings() const { return settings_; }
    uint64_t seed() const { return seed_; }
    const Field& field() const { return field_; }
    int pairs_placed() const { return pairs_placed_; }
    // Pairs still to play before the limit, or -1 without a limit.
    int pairs_left() const { return settings_.max_pairs ? settings_.max_pairs - pairs_placed_ : -1; }
    Pair current_pair() const { return pair(0); }
    Pair pair(int ahead) const;

    uint32_t legal_mask() const { return terminal() ? 0 : legal_action_mask(field_); }
    bool is_legal(Placement placement) const;
    std::vector<Placement> legal_placements() const;

    // Why `placement` cannot be played now (a finished game, the pair limit reached, or a placement
    // not legal on this field), or "" when it can.
    std::string apply_error(Placement placement) const;
    // Places the current pair and resolves the chain. Throws std::invalid_argument with apply_error's
    // reason (state unchanged).
    MoveResult apply(Placement placement);
    // The same without checks, for search code that only plays legal placements.
    MoveResult apply_unchecked(Placement placement);

    bool game_over() const { return game_over_; }
    bool limit_reached() const { return settings_.max_pairs && pairs_placed_ >= settings_.max_pairs; }
    bool terminal() const { return game_over_ || limit_reached(); }

    int64_t score() const { return score_; }
    int max_chain() const { return max_chain_; }
    int64_t best_chain_score() const { return best_chain_score_; }  // the best single move's score
    bool all_clear_pending() const { return all_clear_pending_; }

    // The field (13 rows in Tsu), then "pair RG next BY GG score 1234".
    std::string to_text() const;

private:
    Settings settings_;
    uint64_t seed_;
    std::shared_ptr<const std::vector<Pair>> given_pairs_;  // null: the seed's sequence
    Field field_;
    int pairs_placed_ = 0;
    int64_t score_ = 0;
    int max_chain_ = 0;
    int64_t best_chain_score_ = 0;
    bool all_clear_pending_ = false;
    bool game_over_ = false;
};

}  // namespace gridlab::puyo
