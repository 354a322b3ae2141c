#include "minesweeper/rules.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <stdexcept>

#include "core/message.h"
#include "core/rng.h"
#include "core/text.h"

namespace gridlab::minesweeper {

std::string cell_name(const Grid<int8_t>& grid, int cell) {
    std::string name = "(";
    name += std::to_string(grid.row_of(cell));
    name += ',';
    name += std::to_string(grid.col_of(cell));
    name += ')';
    return name;
}

int hidden_neighbours(const Position& position, int cell) {
    const Grid<int8_t>& cells = position.cells;
    int count = 0;
    cells.for_each_neighbour(cells.row_of(cell), cells.col_of(cell),
                             [&](int r, int c) { count += cells.at(r, c) == kHidden; });
    return count;
}

Settings level_settings(std::string_view level, FirstClick first_click) {
    if (level == "beginner") return {9, 9, 10, first_click};
    if (level == "intermediate") return {16, 16, 40, first_click};
    if (level == "expert") return {16, 30, 99, first_click};
    throw std::invalid_argument("unknown level '" + std::string(level) +
                                "' (expected beginner, intermediate or expert)");
}

FirstClick parse_first_click(std::string_view name) {
    if (name == "safe") return FirstClick::Safe;
    if (name == "zero") return FirstClick::Zero;
    if (name == "none") return FirstClick::None;
    if (name == "random-start") return FirstClick::RandomStart;
    throw std::invalid_argument("unknown first-click rule '" + std::string(name) +
                                "' (expected safe, zero, none or random-start)");
}

std::string_view first_click_name(FirstClick rule) {
    switch (rule) {
        case FirstClick::Safe: return "safe";
        case FirstClick::Zero: return "zero";
        case FirstClick::None: return "none";
        case FirstClick::RandomStart: return "random-start";
    }
    return "?";
}

void validate(const Settings& settings) {
    // Refusals, so that the app words them in the user's language (a custom level's fields, a link).
    if (settings.rows < 1 || settings.rows > kMaxSide || settings.cols < 1 || settings.cols > kMaxSide)
        throw Refusal(translatable("board size {rows}x{cols} is outside 1x1..{most}x{most}",
                                   {{"rows", settings.rows}, {"cols", settings.cols}, {"most", kMaxSide}}));
    // Zero needs room outside any 3x3 block, the others need at least one safe cell.
    const bool zero = settings.first_click == FirstClick::Zero;
    const int most = settings.rows * settings.cols - (zero ? 9 : 1);
    const std::vector<MessageArg> board = {{"rows", settings.rows}, {"cols", settings.cols}};
    if (most < 0)
        throw Refusal(translatable("mines: a zero first click keeps a 3x3 area free of mines, more than the {rows}x{cols} board has",
                                   board));
    if (settings.mines < 0 || settings.mines > most) {
        std::vector<MessageArg> args = board;
        args.insert(args.end(), {{"mines", settings.mines}, {"most", most}});
        throw Refusal(zero ? translatable("mines: {mines} is outside 0..{most} on a {rows}x{cols} board (a zero first click keeps a 3x3 area free of mines)", args)
                           : translatable("mines: {mines} is outside 0..{most} on a {rows}x{cols} board (the first click keeps one cell free of mines)", args));
    }
}

// ---- Position: the analysis form ----

Position parse_position(std::string_view text, int mines) {
    Grid<char> chars = parse_char_grid(text, ".F012345678");
    if (chars.rows() > kMaxSide || chars.cols() > kMaxSide)
        throw std::invalid_argument("board " + std::to_string(chars.rows()) + "x" + std::to_string(chars.cols()) +
                                    " is larger than 64x64");
    Position position{Grid<int8_t>(chars.rows(), chars.cols()), mines};
    int flags = 0;
    int covered = 0;  // hidden or flagged
    for (int i = 0; i < chars.size(); ++i) {
        const char ch = chars[i];
        position.cells[i] = ch == '.' ? kHidden : ch == 'F' ? kFlag : static_cast<int8_t>(ch - '0');
        flags += ch == 'F';
        covered += ch == '.' || ch == 'F';
    }
    if (mines < 0) throw std::invalid_argument("mines: " + std::to_string(mines) + " is negative");
    if (flags > mines)
        throw std::invalid_argument("the board has " + std::to_string(flags) + " flags but only " +
                                    std::to_string(mines) + " mines");
    if (mines > covered)
        throw std::invalid_argument(std::to_string(mines) + " mines do not fit in the " + std::to_string(covered) +
                                    " hidden or flagged cells");
    const Grid<int8_t>& cells = position.cells;
    for (int r = 0; r < cells.rows(); ++r)
        for (int c = 0; c < cells.cols(); ++c) {
            const int number = cells.at(r, c);
            if (number > 8) continue;
            int flags_around = 0, covered_around = 0;
            cells.for_each_neighbour(r, c, [&](int nr, int nc) {
                flags_around += cells.at(nr, nc) == kFlag;
                covered_around += cells.at(nr, nc) == kFlag || cells.at(nr, nc) == kHidden;
            });
            if (flags_around > number)
                throw ParseError(r + 1, c + 1,
                                 "the " + std::to_string(number) + " has " + std::to_string(flags_around) +
                                     " flags around it");
            if (covered_around < number)
                throw ParseError(r + 1, c + 1,
                                 "the " + std::to_string(number) + " has only " + std::to_string(covered_around) +
                                     " hidden or flagged cells around it");
        }
    return position;
}

std::string analysis_text(const Position& position) {
    std::string text;
    for (int r = 0; r < position.cells.rows(); ++r) {
        for (int c = 0; c < position.cells.cols(); ++c) {
            const int8_t v = position.cells.at(r, c);
            text += v == kHidden ? '.' : v == kFlag ? 'F' : v == kMine ? '*' : static_cast<char>('0' + v);
        }
        text += '\n';
    }
    return text;
}

// ---- State ----

State::State(const Settings& settings, uint64_t seed) : settings_(settings) {
    validate(settings);
    view_ = Grid<int8_t>(settings.rows, settings.cols);
    mine_ = Grid<uint8_t>(settings.rows, settings.cols);
    number_ = Grid<int8_t>(settings.rows, settings.cols);
    uncovered_.reserve(static_cast<size_t>(size()));
    restart(seed);
}

State::State(const Settings& settings, const Grid<uint8_t>& mines) : settings_(settings) {
    validate(settings);
    if (settings.first_click == FirstClick::RandomStart)
        throw std::invalid_argument("a given mine layout cannot have a random start");
    if (mines.rows() != settings.rows || mines.cols() != settings.cols)
        throw std::invalid_argument("the mine layout is " + std::to_string(mines.rows()) + "x" +
                                    std::to_string(mines.cols()) + ", the board " + std::to_string(settings.rows) +
                                    "x" + std::to_string(settings.cols));
    const auto count = std::count_if(mines.cells().begin(), mines.cells().end(), [](uint8_t v) { return v != 0; });
    if (count != settings.mines)
        throw std::invalid_argument("the mine layout has " + std::to_string(count) + " mines, the settings " +
                                    std::to_string(settings.mines));
    view_ = Grid<int8_t>(settings.rows, settings.cols);
    mine_ = Grid<uint8_t>(settings.rows, settings.cols);
    number_ = Grid<int8_t>(settings.rows, settings.cols);
    uncovered_.reserve(static_cast<size_t>(size()));
    clear();
    for (int cell = 0; cell < size(); ++cell)
        if (mines[cell]) place_mine(cell);
    mines_laid_ = true;
}

void State::restart(uint64_t seed) {
    seed_ = seed;
    clear();
    if (settings_.first_click == FirstClick::None || settings_.first_click == FirstClick::RandomStart)
        lay_mines(-1);
}

void State::clear() {
    view_.fill(kHidden);
    mine_.fill(0);
    number_.fill(0);
    uncovered_.clear();
    mines_laid_ = false;
    opened_ = 0;
    random_start_cell_ = -1;
    outcome_ = Outcome::Playing;
}

bool kept_free_by_first_click(FirstClick rule, int cols, int first_cell, int cell) {
    if (rule != FirstClick::Zero) return cell == first_cell;
    return std::abs(cell / cols - first_cell / cols) <= 1 && std::abs(cell % cols - first_cell % cols) <= 1;
}

bool State::protected_by_first_click(int first_cell, int cell) const {
    return first_cell >= 0 && kept_free_by_first_click(settings_.first_click, cols(), first_cell, cell);
}

void State::lay_mines(int first_cell) {
    // Fixed-size scratch rather than a vector: environments reset millions of times.
    std::array<int16_t, kMaxSide * kMaxSide> candidates;
    int num_candidates = 0;
    for (int i = 0; i < size(); ++i)
        if (!protected_by_first_click(first_cell, i)) candidates[num_candidates++] = static_cast<int16_t>(i);

    // A partial Fisher-Yates shuffle: every set of `mines` candidates is equally likely.
    Rng rng(seed_);
    for (int i = 0; i < settings_.mines; ++i) {
        const int j = i + static_cast<int>(rng.below(static_cast<uint64_t>(num_candidates - i)));
        std::swap(candidates[i], candidates[j]);
        place_mine(candidates[i]);
    }
    mines_laid_ = true;

    if (settings_.first_click == FirstClick::RandomStart) {
        int pick = static_cast<int>(rng.below(size() - settings_.mines));
        for (int i = 0; i < size(); ++i)
            if (!mine_[i] && pick-- == 0) {
                random_start_cell_ = i;
                open_from(i);
                break;
            }
    }
}

void State::place_mine(int cell) {
    mine_[cell] = 1;
    view_.for_each_neighbour_index(cell, [&](int neighbour) { ++number_[neighbour]; });
}

std::string State::cell_error(int cell) const {
    if (cell < 0 || cell >= size())
        return "cell " + std::to_string(cell) + " is outside the " + std::to_string(rows()) + "x" +
               std::to_string(cols()) + " board (0.." + std::to_string(size() - 1) + ")";
    if (terminal()) return std::string("the game is over (") + (outcome_ == Outcome::Won ? "won" : "lost") + ")";
    return "";
}

void State::check_cell(int cell) const {
    const std::string error = cell_error(cell);
    if (!error.empty()) throw std::invalid_argument(error);
}

std::string State::reveal_error(int cell) const {
    if (std::string error = cell_error(cell); !error.empty()) return error;
    if (view_[cell] == kFlag) return "cell " + cell_name(view_, cell) + " is flagged: unflag it before revealing";
    if (view_[cell] != kHidden) return "cell " + cell_name(view_, cell) + " is already open";
    return "";
}

void State::reveal(int cell) {
    const std::string error = reveal_error(cell);
    if (!error.empty()) throw std::invalid_argument(error);
    reveal_unchecked(cell);
}

void State::reveal_unchecked(int cell) {
    if (!mines_laid_) lay_mines(cell);
    open_from(cell);
}

void State::open_from(int start) {
    if (mine_[start]) {
        view_[start] = kMine;
        uncovered_.push_back(static_cast<int16_t>(start));
        outcome_ = Outcome::Lost;
        return;
    }
    // Iterative flood fill: a zero opens its neighbours, which cannot be mines; flags are respected.
    // Each cell opens once, so the stack of zeros to expand never holds more than the board.
    std::array<int16_t, kMaxSide * kMaxSide> zeros;
    int num_zeros = 0;
    auto open = [&](int cell) {
        view_[cell] = number_[cell];
        ++opened_;
        uncovered_.push_back(static_cast<int16_t>(cell));
        if (number_[cell] == 0) zeros[num_zeros++] = static_cast<int16_t>(cell);
    };
    open(start);
    while (num_zeros > 0) {
        const int cell = zeros[--num_zeros];
        view_.for_each_neighbour_index(cell, [&](int neighbour) {
            if (view_[neighbour] == kHidden) open(neighbour);
        });
    }
    if (safe_cells_left() == 0) outcome_ = Outcome::Won;
}

void State::toggle_flag(int cell) {
    check_cell(cell);
    if (view_[cell] != kHidden && view_[cell] != kFlag)
        throw std::invalid_argument("cell " + cell_name(view_, cell) + " is open and cannot be flagged");
    view_[cell] = view_[cell] == kFlag ? kHidden : kFlag;
}

void State::chord(int cell) {
    check_cell(cell);
    const int number = view_[cell];
    if (number < 0 || number > 8)
        throw std::invalid_argument("cell " + cell_name(view_, cell) + " is not an open number, so it cannot be chorded");
    const int r = view_.row_of(cell), c = view_.col_of(cell);
    int flags = 0;
    view_.for_each_neighbour(r, c, [&](int nr, int nc) { flags += view_.at(nr, nc) == kFlag; });
    if (flags != number)
        throw std::invalid_argument("chord on " + cell_name(view_, cell) + " needs " + std::to_string(number) +
                                    " flags around it, found " + std::to_string(flags));
    view_.for_each_neighbour(r, c, [&](int nr, int nc) {
        if (!terminal() && view_.at(nr, nc) == kHidden) open_from(view_.index(nr, nc));
    });
}

std::string State::render() const {
    std::string text;
    for (int r = 0; r < rows(); ++r) {
        for (int c = 0; c < cols(); ++c) {
            const int8_t v = view_.at(r, c);
            if (c > 0) text += ' ';
            text += v == kHidden || v == kFlag ? 'H' : v == kMine ? 'M' : static_cast<char>('0' + v);
        }
        text += '\n';
    }
    return text;
}

}  // namespace gridlab::minesweeper
