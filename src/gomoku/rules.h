// Gomoku rules: a copyable State on a square board of 5..20 lines, black first, k in a row wins.
//
// Coordinates. A cell is (row, col), both 0-based, row 0 at the top: that is the seed's "row,col"
// input and the order of the text form. The public action number is row * size + col (the Env's
// action). Letter-number notation ("h8") is what Gomocup/Piskvork GUIs and renju books show: the
// letter is the column, a = leftmost; the number is the row counted from the BOTTOM, 1 = bottom row.
// So on 15x15 "h8" is the centre, (7, 7), and "a1" is the bottom-left corner (14, 0).
//
// Inside, the board is stored with a border of wall cells (see kStride) so that walking along a
// line stops at a wall instead of needing a bounds check at every step: the search reads lines
// millions of times per second.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gridlab::gomoku {

constexpr int kMinSize = 5;
constexpr int kMaxSize = 20;  // Gomocup's board
constexpr int kDefaultSize = 8;  // the seed's board
constexpr int kDefaultWinLength = 5;

// Padded layout: row r, column c lives at (r + 1) * kStride + c + 1. The first cell of each stored
// row, everything past column size - 1, and the rows above and below the board are walls. One wall
// column is enough: stepping right from the last column lands on the next row's first (wall) cell.
// The extra cell at the very end catches the down-right step from the bottom-right corner.
constexpr int kStride = kMaxSize + 1;
constexpr int kPaddedCells = (kMaxSize + 2) * kStride + 1;
constexpr int kMaxCells = kMaxSize * kMaxSize;

// Steps between neighbouring cells along the four line directions: across, down, down-right,
// down-left. The board is the same for any stride >= size + 1, so one stride serves every size.
constexpr std::array<int, 4> kDirections = {1, kStride, kStride + 1, kStride - 1};

enum class Stone : uint8_t { Empty, Black, White, Wall };

// `freestyle`: five or more in a row wins. `standard`: exactly five; an overline (six or more) does
// not win, and the game goes on. `renju`: black wins with exactly five and may not play a forbidden
// point (a double three, a double four or an overline; threats.h finds them), white wins with five or
// more.
enum class Rule : uint8_t { Freestyle, Standard, Renju };

enum class Outcome : uint8_t { Ongoing, BlackWins, WhiteWins, Draw };

struct Settings {
    int size = kDefaultSize;
    int win_length = kDefaultWinLength;
    Rule rule = Rule::Freestyle;
};

// Throws std::invalid_argument unless 5 <= size <= 19 and 3 <= win_length <= size.
void validate(const Settings& settings);

constexpr Stone opponent(Stone stone) { return stone == Stone::Black ? Stone::White : Stone::Black; }
char stone_char(Stone stone);  // 'X' black, 'O' white, '.' empty
std::string_view rule_name(Rule rule);
Rule parse_rule(std::string_view name);  // "freestyle", "standard" or "renju"; throws std::invalid_argument

class State {
public:
    explicit State(const Settings& settings = {});

    // Reads the text form: `size` lines of `size` characters, '.' empty, 'X' black, 'O' white. The
    // side to move follows from the counts (equal: black; one more black: white; anything else is
    // rejected). The move list of a parsed position is black and white stones alternated in reading
    // order, since text does not record the order of play. Throws gridlab::ParseError (where) or
    // std::invalid_argument (what) on a malformed or impossible position.
    static State parse(std::string_view text, int win_length = kDefaultWinLength, Rule rule = Rule::Freestyle);
    std::string to_text() const;

    const Settings& settings() const { return settings_; }
    int size() const { return settings_.size; }
    int num_actions() const { return settings_.size * settings_.size; }

    // --- Public actions: row * size + col. Under renju, black's forbidden points are not legal.
    bool is_legal(int action) const;
    std::vector<int> legal_actions() const;
    // Whether the empty cell `action` is a forbidden point for black, black being to move under renju
    // (threats.h; with a win length threat detection does not support, nothing is forbidden).
    bool is_forbidden(int action) const;
    // Why `action` cannot be played now (a finished game, off the board, an occupied cell or a
    // forbidden point), or "" when it can.
    std::string apply_error(int action) const;
    // Checked: throws std::invalid_argument with apply_error's reason (state unchanged).
    void apply(int action);
    // Takes back the last move; throws std::invalid_argument if there is none.
    void undo();

    Stone to_move() const { return to_move_; }
    Outcome outcome() const { return outcome_; }
    bool is_terminal() const { return outcome_ != Outcome::Ongoing; }
    Stone winner() const;  // Black or White, or Empty for a draw or an ongoing game
    int num_moves() const { return num_moves_; }
    int move(int i) const { return to_action(moves_[i]); }  // the i-th action played, 0-based
    Stone at(int row, int col) const { return cells_[cell_index(row, col)]; }

    // --- Padded cells, for the search (see kStride). Unchecked: the cell must be empty and the game
    // ongoing (and, under renju, not forbidden: the searches ask threats.h).
    Stone cell(int padded) const { return cells_[padded]; }
    void play(int padded);
    int last_move() const { return num_moves_ ? moves_[num_moves_ - 1] : -1; }  // padded, or -1
    int num_empty() const { return num_actions() - num_moves_; }

    // Would `stone` placed on the empty padded cell complete a winning line (under the rule)?
    // Inline, as run_from: the search's rollouts call them millions of times per second.
    bool makes_win(int padded, Stone stone) const {
        for (int step : kDirections)
            if (is_winning_run(1 + run_from(padded, step, stone) + run_from(padded, -step, stone), stone)) return true;
        return false;
    }
    // Stones of `stone`'s colour in a row from `padded` (excluded) stepping by `step`.
    int run_from(int padded, int step, Stone stone) const {
        int count = 0;
        for (int cell = padded + step; cells_[cell] == stone; cell += step) ++count;
        return count;
    }
    // Whether a line of `length` of `stone`'s stones is a win under this game's rule.
    bool is_winning_run(int length, Stone stone) const {
        const bool exactly = settings_.rule == Rule::Standard || (settings_.rule == Rule::Renju && stone == Stone::Black);
        return exactly ? length == settings_.win_length : length >= settings_.win_length;
    }

    static int cell_index(int row, int col) { return (row + 1) * kStride + col + 1; }
    static int row_of(int padded) { return padded / kStride - 1; }
    static int col_of(int padded) { return padded % kStride - 1; }
    int to_padded(int action) const { return cell_index(action / size(), action % size()); }
    int to_action(int padded) const { return row_of(padded) * size() + col_of(padded); }

    friend bool operator==(const State& a, const State& b);

private:
    bool forbidden_points_apply() const;
    Stone winning_line_owner() const;  // whose winning line the board holds, or Empty; slow whole-board scan

    Settings settings_;
    std::array<Stone, kPaddedCells> cells_{};
    std::array<int16_t, kMaxCells> moves_{};  // padded cells in order of play
    int num_moves_ = 0;
    Stone to_move_ = Stone::Black;
    Outcome outcome_ = Outcome::Ongoing;
};

// --- Coordinates for people.
// "h8" style (letter = column from the left, number = row from the bottom) for an action.
std::string to_notation(int action, int size);
// Reads "row,col" (0-based, the seed's input; spaces allowed) or "h8"; throws std::invalid_argument
// naming the problem when it is malformed or off the board.
int parse_move(std::string_view text, int size);

}  // namespace gridlab::gomoku
