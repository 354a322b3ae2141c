#include "gomoku/rules.h"

#include <stdexcept>

#include "core/text.h"
#include "gomoku/threats.h"

namespace gridlab::gomoku {

void validate(const Settings& settings) {
    if (settings.size < kMinSize || settings.size > kMaxSize)
        throw std::invalid_argument("board size " + std::to_string(settings.size) + " is outside " +
                                    std::to_string(kMinSize) + ".." + std::to_string(kMaxSize));
    if (settings.win_length < 3 || settings.win_length > settings.size)
        throw std::invalid_argument("win length " + std::to_string(settings.win_length) + " is outside 3.." +
                                    std::to_string(settings.size) + " (the board size)");
}

char stone_char(Stone stone) {
    switch (stone) {
        case Stone::Black: return 'X';
        case Stone::White: return 'O';
        default: return '.';
    }
}

std::string_view rule_name(Rule rule) {
    switch (rule) {
        case Rule::Standard: return "standard";
        case Rule::Renju: return "renju";
        default: return "freestyle";
    }
}

Rule parse_rule(std::string_view name) {
    if (name == "freestyle") return Rule::Freestyle;
    if (name == "standard") return Rule::Standard;
    if (name == "renju") return Rule::Renju;
    throw std::invalid_argument("unknown rule '" + std::string(name) + "' (expected freestyle, standard or renju)");
}

State::State(const Settings& settings) : settings_(settings) {
    validate(settings);
    cells_.fill(Stone::Wall);
    for (int r = 0; r < size(); ++r)
        for (int c = 0; c < size(); ++c) cells_[cell_index(r, c)] = Stone::Empty;
}

bool State::is_legal(int action) const {
    return !is_terminal() && action >= 0 && action < num_actions() && cells_[to_padded(action)] == Stone::Empty &&
           !is_forbidden(action);
}

std::vector<int> State::legal_actions() const {
    std::vector<int> actions;
    if (is_terminal()) return actions;
    for (int action = 0; action < num_actions(); ++action)
        if (cells_[to_padded(action)] == Stone::Empty) actions.push_back(action);
    if (forbidden_points_apply()) {
        ThreatBoard board(*this);
        std::erase_if(actions, [&](int action) { return board.is_forbidden(to_padded(action)); });
    }
    return actions;
}

bool State::forbidden_points_apply() const {
    return settings_.rule == Rule::Renju && to_move_ == Stone::Black && ThreatBoard::supports(settings_);
}

bool State::is_forbidden(int action) const {
    return forbidden_points_apply() && ThreatBoard(*this).is_forbidden(to_padded(action));
}

std::string State::apply_error(int action) const {
    if (is_terminal()) return "the game is over";
    if (action < 0 || action >= num_actions())
        return "action " + std::to_string(action) + " is off the board (0.." + std::to_string(num_actions() - 1) + ")";
    if (cells_[to_padded(action)] != Stone::Empty) return "cell " + to_notation(action, size()) + " is already taken";
    if (is_forbidden(action))
        return "cell " + to_notation(action, size()) +
               " is forbidden for black under renju (a double three, a double four or an overline)";
    return "";
}

void State::apply(int action) {
    if (std::string error = apply_error(action); !error.empty()) throw std::invalid_argument(error);
    play(to_padded(action));
}

void State::play(int padded) {
    const Stone mover = to_move_;
    // Only lines through the new stone can have changed, so they are the only ones to check.
    const bool wins = makes_win(padded, mover);
    cells_[padded] = mover;
    moves_[num_moves_++] = static_cast<int16_t>(padded);
    to_move_ = opponent(mover);
    if (wins)
        outcome_ = mover == Stone::Black ? Outcome::BlackWins : Outcome::WhiteWins;
    else if (num_moves_ == num_actions())
        outcome_ = Outcome::Draw;
}

void State::undo() {
    if (num_moves_ == 0) throw std::invalid_argument("there is no move to take back");
    const int padded = moves_[--num_moves_];
    to_move_ = cells_[padded];
    cells_[padded] = Stone::Empty;
    // Usually the position before a move was ongoing, but a parsed position may hold a line that was
    // complete before its (reconstructed) last move.
    const Stone owner = winning_line_owner();
    outcome_ = owner == Stone::Black ? Outcome::BlackWins : owner == Stone::White ? Outcome::WhiteWins : Outcome::Ongoing;
}

Stone State::winner() const {
    if (outcome_ == Outcome::BlackWins) return Stone::Black;
    if (outcome_ == Outcome::WhiteWins) return Stone::White;
    return Stone::Empty;
}

Stone State::winning_line_owner() const {
    for (int r = 0; r < size(); ++r)
        for (int c = 0; c < size(); ++c) {
            const int padded = cell_index(r, c);
            const Stone stone = cells_[padded];
            if (stone != Stone::Black && stone != Stone::White) continue;
            for (int step : kDirections)
                if (is_winning_run(1 + run_from(padded, step, stone) + run_from(padded, -step, stone), stone)) return stone;
        }
    return Stone::Empty;
}

State State::parse(std::string_view text, int win_length, Rule rule) {
    const Grid<char> grid = parse_char_grid(text, ".XO");
    if (grid.rows() != grid.cols())
        throw std::invalid_argument("the board must be square, but it has " + std::to_string(grid.rows()) +
                                    (grid.rows() == 1 ? " row" : " rows") + " of " + std::to_string(grid.cols()) +
                                    " cells");
    State state(Settings{grid.rows(), win_length, rule});
    std::vector<int> black, white;
    for (int r = 0; r < grid.rows(); ++r)
        for (int c = 0; c < grid.cols(); ++c) {
            if (grid.at(r, c) == 'X') black.push_back(cell_index(r, c));
            if (grid.at(r, c) == 'O') white.push_back(cell_index(r, c));
        }
    const int nb = static_cast<int>(black.size()), nw = static_cast<int>(white.size());
    if (nb != nw && nb != nw + 1)
        throw std::invalid_argument("impossible position: " + std::to_string(nb) + " X and " + std::to_string(nw) +
                                    " O (black moves first, so X must equal O or O + 1)");
    // Place the stones without judging each one, then judge the whole board once.
    for (int i = 0; i < nb + nw; ++i) {
        const int padded = i % 2 == 0 ? black[i / 2] : white[i / 2];
        state.cells_[padded] = i % 2 == 0 ? Stone::Black : Stone::White;
        state.moves_[state.num_moves_++] = static_cast<int16_t>(padded);
    }
    state.to_move_ = nb == nw ? Stone::Black : Stone::White;
    const Stone last_mover = opponent(state.to_move_);
    // The last mover won if one of its stones completes a winning line, and that stone must be one
    // whose removal leaves no winning line: one move cannot complete two separate lines.
    bool last_mover_won = false, one_move_won = false, other_won = false;
    for (int padded : last_mover == Stone::Black ? black : white) {
        state.cells_[padded] = Stone::Empty;
        if (state.makes_win(padded, last_mover)) {
            last_mover_won = true;
            one_move_won = one_move_won || state.winning_line_owner() == Stone::Empty;
        }
        state.cells_[padded] = last_mover;
    }
    for (int padded : last_mover == Stone::Black ? white : black) {
        state.cells_[padded] = Stone::Empty;
        other_won = other_won || state.makes_win(padded, state.to_move_);
        state.cells_[padded] = state.to_move_;
    }
    if (other_won)
        throw std::invalid_argument(std::string("impossible position: ") + stone_char(state.to_move_) +
                                    " has a winning line but " + stone_char(last_mover) + " moved after it");
    if (last_mover_won && !one_move_won)
        throw std::invalid_argument(std::string("impossible position: ") + stone_char(last_mover) +
                                    " has winning lines that no single move completes");
    if (last_mover_won)
        state.outcome_ = last_mover == Stone::Black ? Outcome::BlackWins : Outcome::WhiteWins;
    else if (state.num_moves_ == state.num_actions())
        state.outcome_ = Outcome::Draw;
    return state;
}

std::string State::to_text() const {
    std::string text;
    for (int r = 0; r < size(); ++r) {
        for (int c = 0; c < size(); ++c) text += stone_char(at(r, c));
        text += '\n';
    }
    return text;
}

bool operator==(const State& a, const State& b) {
    if (a.settings_.size != b.settings_.size || a.settings_.win_length != b.settings_.win_length ||
        a.settings_.rule != b.settings_.rule || a.num_moves_ != b.num_moves_)
        return false;
    for (int i = 0; i < a.num_moves_; ++i)
        if (a.moves_[i] != b.moves_[i]) return false;
    return a.cells_ == b.cells_ && a.outcome_ == b.outcome_;
}

std::string to_notation(int action, int size) {
    const int row = action / size, col = action % size;
    return std::string(1, static_cast<char>('a' + col)) + std::to_string(size - row);
}

int parse_move(std::string_view text, int size) {
    const std::string original(text);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\r' || text.back() == '\n')) text.remove_suffix(1);
    if (text.empty()) throw std::invalid_argument("empty move");
    int row = 0, col = 0;
    const size_t comma = text.find(',');
    if (comma != std::string_view::npos) {
        auto trim = [](std::string_view part) {
            while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
            while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
            return part;
        };
        row = parse_int(trim(text.substr(0, comma)), 0, size - 1, "move row");
        col = parse_int(trim(text.substr(comma + 1)), 0, size - 1, "move column");
    } else {
        const char letter = static_cast<char>(text[0] | 0x20);  // lower case
        if (letter < 'a' || letter >= 'a' + size)
            throw std::invalid_argument("move '" + original + "': expected row,col or a letter a.." +
                                        std::string(1, static_cast<char>('a' + size - 1)) + " and a number");
        col = letter - 'a';
        row = size - parse_int(text.substr(1), 1, size, "move row number");
    }
    return row * size + col;
}

}  // namespace gridlab::gomoku
