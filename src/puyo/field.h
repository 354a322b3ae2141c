// The Puyo Puyo field: cells, gravity, and the chain loop with both scoring tables.
//
// The field is 6 columns wide. The tutorial rules use 12 rows; Puyo Puyo Tsu adds a hidden 13th row on
// top, whose puyos never connect or pop but fall into the field when the cells below them empty.
// Rows are counted from the floor: row 0 is the bottom row (the seed's board[11]).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "puyo/bitboard.h"

namespace gridlab::puyo {

enum class Puyo : uint8_t { None, Red, Green, Blue, Yellow, Purple, Garbage };

// `tutorial`: seed 002's educational scoring. `tsu`: Puyo Puyo Tsu's scoring and hidden row.
enum class RuleSet { Tutorial, Tsu };

constexpr int kColumns = 6;
constexpr int kVisibleRows = 12;
constexpr int kMaxColors = 5;
constexpr int kPopSize = 4;  // a group of 4 or more same-coloured puyos pops

int rows_of(RuleSet rules);  // 12 or 13
char puyo_char(Puyo puyo);   // '.', 'R', 'G', 'B', 'Y', 'P', 'O'

// Score of one step of a chain.
// The seed's calc_score: scale = chain bonus[chain] + piece bonus[pieces] + colour bonus[colours]
// (each index capped at its table's end, scale 0 counted as 1), score = scale * min(pieces, 11) * 10.
int64_t tutorial_step_score(int chain, int pieces, int colors);
// Puyo Puyo Tsu: 10 * cleared * clamp(chain power + colour bonus + group bonuses, 1, 999).
int64_t tsu_step_score(int chain, int cleared, int colors, int group_bonus_sum);
int tsu_group_bonus(int group_size);

// What one step of a chain cleared, for display and tests.
struct ChainStep {
    int chain = 0;            // 1 for the first pop
    int cleared = 0;          // coloured puyos cleared (garbage is never counted)
    int colors = 0;           // distinct colours among them
    std::vector<int> groups;  // sizes of the popping groups, ascending
    int64_t score = 0;
    Bitboard popped;          // the cells this step cleared, garbage included (for animations)
};

struct ChainResult {
    int chains = 0;
    int64_t score = 0;
};

class Field {
public:
    Field() : Field(RuleSet::Tsu) {}
    explicit Field(RuleSet rules);

    // Reads a field written top row first: 6 columns, 12 rows (or 13 with the hidden row, Tsu only);
    // '.' empty, R G B Y P colours, O garbage. Throws gridlab::ParseError naming the line and column.
    // Floating puyos are kept where they are: resolve() lets them fall first.
    static Field parse(const std::string& text, RuleSet rules);
    // `rows` lines top row first (12, or 13 to show the hidden row).
    std::vector<std::string> to_lines(int rows) const;

    RuleSet rules() const { return rules_; }
    int rows() const { return rows_of(rules_); }
    Puyo at(int col, int row) const;
    void set(int col, int row, Puyo puyo);
    // The row above the column's top puyo (its puyo count once the field has settled).
    int height(int col) const { return 32 - std::countl_zero(occupied_.column(col)); }
    Bitboard occupied() const { return occupied_; }
    Bitboard plane(Puyo puyo) const { return planes_[static_cast<int>(puyo) - 1]; }
    bool empty() const { return occupied_.empty(); }
    int count() const { return occupied_.count(); }

    // Puts a puyo on top of column `col`; returns its cell, or an empty set if it rose above the top
    // row and vanished (as a puyo above Tsu's hidden row does).
    Bitboard drop(int col, Puyo puyo);
    // Lets every puyo fall into the empty cells below it; returns the cells whose content changed.
    Bitboard settle();
    // The fall/erase loop of the seed's next_board: pops groups of 4+ in the visible rows, clears
    // garbage next to them, lets the rest fall and repeats until nothing pops. Only groups touching
    // `changed` can be new, so the search starts there (pass all cells for an arbitrary field).
    // `steps`, if given, receives one record per chain step.
    ChainResult resolve(Bitboard changed, std::vector<ChainStep>* steps = nullptr);
    // settle() then resolve() of every cell: what the `chain` command does to a field read from text.
    ChainResult settle_and_resolve(std::vector<ChainStep>* steps = nullptr);

    bool operator==(const Field&) const = default;

private:
    static constexpr int kPlanes = kMaxColors + 1;  // five colours, then garbage
    RuleSet rules_;
    std::array<Bitboard, kPlanes> planes_{};
    Bitboard occupied_;  // the union of the planes, kept up to date because every step asks for it
};

}  // namespace gridlab::puyo
