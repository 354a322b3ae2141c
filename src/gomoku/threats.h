// Threat detection: what a stone on an empty cell would make, along each line and in all, for either
// side, kept up to date move by move the way strong engines (Rapfi, Yixin) do it.
//
// Line patterns. For every cell, direction and side the board keeps a pattern code: the win_length
// cells on each side of the cell along the line, each seen by that side as own, empty or blocked (an
// opponent's stone or the edge; past the edge everything is blocked), read as a base-3 number. A move
// changes the codes of the cells within win_length of it on its four lines only, by adding its digit:
// 80 additions for five in a row. The code indexes a table, built once per win length and rule, that
// says what the side's stone on the cell makes on that line (Pattern). The table is built from
// itself: a cell "makes a four" if one more stone on the line would then make five, and so on down.
//
// Cells. The four line patterns of a cell give its threat for a side (Threat): five; an open four or
// two fours (the opponent cannot stop both: a win next move); a four and an open three; two threes
// (the opponent can stop only one, unless it has fours); a four; a three.
//
// Renju (Rule::Renju): black may not make a double three, a double four or an overline (five exactly
// wins, even if it makes a double four too). A three only counts if it can become a straight four on a
// point that is not forbidden itself: is_forbidden looks that up recursively.
//
// Win lengths 3..6 (the tables grow as 3^(2 * length)); for longer lines supports() is false and the
// threat searches find nothing.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gomoku/rules.h"

namespace gridlab::gomoku {

// What a stone makes along one line through its cell, weakest first. A "five" is win_length in a row.
enum class Pattern : uint8_t {
    None,
    Overline,     // six or more, which does not win under the standard and renju (black) rules
    Two,          // one more stone makes a three (an open two)
    ClosedThree,  // one more stone makes a four, but never an open four
    BrokenThree,  // a three with a gap (X.XX): one more stone makes an open four
    OpenThree,    // three in a row that one more stone makes an open four
    Four,         // one cell left to win
    DoubleFour,   // two winning cells on the same line, not side by side (X.XXX.X)
    OpenFour,     // four in a row with both ends winning
    Five,
};

// What a stone makes on its cell, all four lines together, strongest last.
enum class Threat : uint8_t {
    None,
    Three,       // one open or broken three
    ThreeThree,  // two threes
    Four,        // one four
    FourThree,   // a four and a three: after the forced block, the three becomes an open four
    FourFour,    // two fours: two winning cells
    OpenFour,    // an open four: two winning cells
    Five,
};

// Whether a threat leaves two winning cells at once (the opponent can block only one).
constexpr bool wins_next(Threat threat) { return threat == Threat::OpenFour || threat == Threat::FourFour; }
constexpr bool is_four(Threat threat) { return threat >= Threat::Four && threat != Threat::Five; }
constexpr bool is_three(Threat threat) { return threat == Threat::Three || threat == Threat::ThreeThree; }
// What a stone's four line patterns make together.
Threat combine_patterns(const std::array<Pattern, 4>& patterns);
const char* pattern_name(Pattern pattern);  // "open-three", ... for tests and messages
const char* threat_name(Threat threat);

class ThreatBoard {
public:
    static bool supports(const Settings& settings) { return settings.win_length >= 3 && settings.win_length <= 6; }

    // The position of `state`; throws std::invalid_argument if !supports(state.settings()).
    explicit ThreatBoard(const State& state);

    const Settings& settings() const { return settings_; }
    Stone at(int padded) const { return cells_[padded]; }

    // Puts `stone` on the empty padded cell, whoever is to move (the searches let a side move twice
    // to ask "what if they could"); undo() takes the last one back.
    void play(int padded, Stone stone);
    void undo();
    // Brings the board to `state`'s position (same settings): takes its moves back down to the last
    // one `state` shares, then plays the rest of `state`'s. Cheap when the two share most of their
    // moves, as a tree search's positions do.
    void sync(const State& state);

    Pattern pattern(int padded, int direction, Stone side) const {
        return table_[colour(side)][codes_[padded][direction][colour(side)]];
    }
    Threat threat(int padded, Stone side) const;
    // Under renju, whether black may not play the empty cell; false under the other rules.
    bool is_forbidden(int padded);
    // Whether `side` may play the empty cell (only black under renju is ever refused).
    bool allowed(int padded, Stone side) { return side == Stone::White || !is_forbidden(padded); }

    uint64_t hash() const { return hash_; }
    // The empty cells inside the stones' bounding box widened by `margin` (the whole board when empty).
    void empty_cells_near(int margin, std::vector<int>& out) const;

private:
    static int colour(Stone side) { return side == Stone::Black ? 0 : 1; }
    void place(int padded, Stone stone, int sign);  // adds (sign +1) or removes (-1) a stone's digits

    Settings settings_;
    int half_;  // cells looked at on each side of a cell: win_length
    std::array<const Pattern*, 2> table_;  // per side, indexed by its code
    std::array<Stone, kPaddedCells> cells_{};
    std::array<std::array<std::array<uint32_t, 2>, 4>, kPaddedCells> codes_{};
    std::vector<int> moves_;
    uint64_t hash_ = 0;
    int top_ = kMaxSize, bottom_ = -1, left_ = kMaxSize, right_ = -1;  // bounding box of the stones
};

}  // namespace gridlab::gomoku
