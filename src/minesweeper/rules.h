// Minesweeper rules: the board, reveal with flood fill, flags, chords, first-click rules, text forms.
//
// A game is fixed by its Settings and a seed: the mines are laid from the seed through gridlab::Rng,
// so (settings, seed, list of actions) replays a game exactly, natively and in WebAssembly.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.h"

namespace gridlab::minesweeper {

constexpr int kMaxSide = 64;

// What the player sees in one cell: 0..8 for an opened number, or one of these.
// kHidden and kMine are seed 000's player-view values.
constexpr int8_t kHidden = 9;
constexpr int8_t kFlag = 10;  // hidden, marked by the player as a mine
constexpr int8_t kMine = -1;  // an opened mine: the game is lost

// How the game treats the first click.
enum class FirstClick {
    Safe,         // the first revealed cell is never a mine
    Zero,         // the first revealed cell and its neighbours are free of mines, so it opens a zero
    None,         // the mines are laid before any click (seed 001)
    RandomStart,  // the mines are laid at once and a random safe cell is opened for the player (seed 000)
};

struct Settings {
    int rows = 9;
    int cols = 9;
    int mines = 10;
    FirstClick first_click = FirstClick::Safe;
};

// "beginner" 9x9/10, "intermediate" 16x16/40, "expert" 16 rows x 30 columns/99.
Settings level_settings(std::string_view level, FirstClick first_click = FirstClick::Safe);
FirstClick parse_first_click(std::string_view name);  // "safe", "zero", "none", "random-start"
std::string_view first_click_name(FirstClick rule);
// Throws std::invalid_argument if the board size or mine count is out of range for the rule.
void validate(const Settings& settings);
// Whether a first click at `first_cell` keeps `cell` free of mines on a board `cols` wide: with
// Zero every cell of its 3x3 area, with the other rules the cell itself.
bool kept_free_by_first_click(FirstClick rule, int cols, int first_cell, int cell);

enum class Outcome { Playing, Won, Lost };

// The player's view of a game: all a solver may use. Cells hold 0..8, kHidden or kFlag.
struct Position {
    Grid<int8_t> cells;
    int mines = 0;  // total mines on the board, flagged or not
};

// "(row,col)" for messages.
std::string cell_name(const Grid<int8_t>& grid, int cell);

// The hidden, unflagged cells around `cell`: a guess with fewer of them opens a zero more often.
int hidden_neighbours(const Position& position, int cell);

// Reads the analysis form: one row per line, '.' hidden, 'F' flag, '0'-'8' open. Throws ParseError
// for ragged rows, bad characters, more flags than mines, or a number its neighbourhood contradicts
// (more flags around it than it says, or fewer hidden cells and flags than it says).
Position parse_position(std::string_view text, int mines);
std::string analysis_text(const Position& position);

class State {
public:
    // Validates the settings (std::invalid_argument). With FirstClick::None or RandomStart the mines
    // are laid now; with Safe and Zero they are laid by the first reveal.
    State(const Settings& settings, uint64_t seed);
    // The game on a given layout (1 = mine, the board's shape, settings.mines of them; not
    // RandomStart): the first click just opens. Throws std::invalid_argument otherwise.
    State(const Settings& settings, const Grid<uint8_t>& mines);
    // The game of `seed` with the same settings, as a new State would be, reusing this one's memory:
    // environments reset millions of times.
    void restart(uint64_t seed);

    const Settings& settings() const { return settings_; }
    int rows() const { return view_.rows(); }
    int cols() const { return view_.cols(); }
    int size() const { return view_.size(); }
    int index(int row, int col) const { return view_.index(row, col); }

    // Player actions on cell index row * cols + col. Each checked form throws std::invalid_argument
    // with a clear message and leaves the state unchanged when the action is not allowed.
    void reveal(int cell);
    void toggle_flag(int cell);
    void chord(int cell);  // an open number with exactly that many flags around opens its other neighbours
    // Why reveal(cell) would be refused, or "" if it is allowed.
    std::string reveal_error(int cell) const;
    // Fast path for solvers and evaluations: the caller guarantees reveal_error(cell) is "".
    void reveal_unchecked(int cell);

    Outcome outcome() const { return outcome_; }
    bool terminal() const { return outcome_ != Outcome::Playing; }
    int8_t view(int cell) const { return view_[cell]; }
    const Grid<int8_t>& view() const { return view_; }
    Position position() const { return {view_, settings_.mines}; }
    bool mines_laid() const { return mines_laid_; }
    bool is_mine(int cell) const { return mines_laid_ && mine_[cell]; }
    int safe_cells_left() const { return size() - settings_.mines - opened_; }
    int random_start_cell() const { return random_start_cell_; }  // -1 unless RandomStart
    // Every cell uncovered so far, in order (a flood fill in fill order, an exploded mine last), so
    // what an action changed is the tail of the list. Flagging uncovers nothing.
    const std::vector<int16_t>& uncovered() const { return uncovered_; }

    // Seed 000's render: 'H' hidden (flags too), 'M' an opened mine, digits; cells separated by spaces.
    std::string render() const;

private:
    std::string cell_error(int cell) const;  // "" for a cell on the board of a game still being played
    void check_cell(int cell) const;
    bool protected_by_first_click(int first_cell, int cell) const;
    void clear();
    void lay_mines(int first_cell);
    void place_mine(int cell);
    void open_from(int cell);

    Settings settings_;
    uint64_t seed_ = 0;
    Grid<int8_t> view_;
    Grid<uint8_t> mine_;
    Grid<int8_t> number_;  // mines around each cell, valid once the mines are laid
    bool mines_laid_ = false;
    int opened_ = 0;
    std::vector<int16_t> uncovered_;
    int random_start_cell_ = -1;
    Outcome outcome_ = Outcome::Playing;
};

}  // namespace gridlab::minesweeper
