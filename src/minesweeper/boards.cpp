#include "minesweeper/boards.h"

#include <algorithm>
#include <stdexcept>

#include "core/rng.h"
#include "core/text.h"

namespace gridlab::minesweeper {

namespace {

bool needs_first_click_layout(FirstClick rule) { return rule == FirstClick::Safe || rule == FirstClick::Zero; }

std::string header_text(const BoardSet& boards) {
    const Settings& s = boards.settings;
    return "rows=" + std::to_string(s.rows) + " cols=" + std::to_string(s.cols) + " mines=" +
           std::to_string(s.mines) + " first_cell=" + std::to_string(boards.first_cell / s.cols) + "," +
           std::to_string(boards.first_cell % s.cols) + " first_click=" + std::string(first_click_name(s.first_click));
}

// The header's fields, in this order: "rows=R cols=C mines=M first_cell=R,C first_click=RULE".
BoardSet parse_header(std::string_view line) {
    const char* expected = "expected 'rows=R cols=C mines=M first_cell=R,C first_click=safe|zero'";
    std::vector<std::string_view> values;
    for (const std::string_view key : {"rows=", "cols=", "mines=", "first_cell=", "first_click="}) {
        if (line.substr(0, key.size()) != key) throw ParseError(1, 0, expected);
        line.remove_prefix(key.size());
        const size_t end = std::min(line.find(' '), line.size());
        values.push_back(line.substr(0, end));
        line.remove_prefix(end);
        if (!line.empty()) line.remove_prefix(1);
    }
    if (!line.empty()) throw ParseError(1, 0, expected);
    try {
        BoardSet boards;
        Settings& s = boards.settings;
        s.rows = parse_int(values[0], 1, kMaxSide, "rows");
        s.cols = parse_int(values[1], 1, kMaxSide, "cols");
        s.mines = parse_int(values[2], 0, kMaxSide * kMaxSide, "mines");
        s.first_click = parse_first_click(values[4]);
        if (!needs_first_click_layout(s.first_click))
            throw std::invalid_argument("first_click: '" + std::string(values[4]) + "' is not safe or zero");
        validate(s);
        const size_t comma = values[3].find(',');
        if (comma == std::string_view::npos)
            throw std::invalid_argument("first_cell: expected R,C, got '" + std::string(values[3]) + "'");
        const int row = parse_int(values[3].substr(0, comma), 0, s.rows - 1, "first_cell row");
        const int col = parse_int(values[3].substr(comma + 1), 0, s.cols - 1, "first_cell column");
        boards.first_cell = row * s.cols + col;
        return boards;
    } catch (const std::invalid_argument& error) {
        throw ParseError(1, 0, error.what());
    }
}

Grid<uint8_t> parse_layout(std::string_view line, int line_no, const BoardSet& boards) {
    const Settings& s = boards.settings;
    Grid<uint8_t> board(s.rows, s.cols);
    const size_t expected_length = static_cast<size_t>(s.rows) * (s.cols + 1) - 1;
    int row = 0, col = 0, mines = 0;
    for (size_t i = 0; i < line.size(); ++i) {
        const int column = static_cast<int>(i) + 1;
        const char ch = line[i];
        if (ch == '/') {
            if (col != s.cols) throw ParseError(line_no, column, "row " + std::to_string(row + 1) + " has " +
                                                                      std::to_string(col) + " cells, expected " +
                                                                      std::to_string(s.cols));
            ++row;
            col = 0;
            continue;
        }
        if (ch != '*' && ch != '.') throw ParseError(line_no, column, "expected '*', '.' or '/'");
        if (row >= s.rows || col >= s.cols)
            throw ParseError(line_no, column, "the board is larger than " + std::to_string(s.rows) + "x" +
                                                  std::to_string(s.cols));
        board.at(row, col++) = ch == '*';
        mines += ch == '*';
    }
    if (line.size() != expected_length || row != s.rows - 1 || col != s.cols)
        throw ParseError(line_no, 0, "expected " + std::to_string(s.rows) + " rows of " + std::to_string(s.cols) +
                                         " cells joined by '/'");
    if (mines != s.mines)
        throw ParseError(line_no, 0, "the board has " + std::to_string(mines) + " mines, the header says " +
                                         std::to_string(s.mines));
    for (int cell = 0; cell < board.size(); ++cell)
        if (board[cell] && kept_free_by_first_click(s.first_click, s.cols, boards.first_cell, cell))
            throw ParseError(line_no, 0, "a mine at (" + std::to_string(board.row_of(cell)) + "," +
                                             std::to_string(board.col_of(cell)) + ") breaks the first-click rule");
    return board;
}

}  // namespace

BoardSet make_boards(const Settings& settings, int first_cell, int games, uint64_t seed) {
    validate(settings);
    if (!needs_first_click_layout(settings.first_click))
        throw std::invalid_argument("board files hold games of the safe or zero first-click rule");
    BoardSet boards{settings, first_cell, {}};
    boards.layouts.reserve(static_cast<size_t>(games));
    for (int i = 0; i < games; ++i) {
        State state(settings, Rng::for_stream(seed, static_cast<uint64_t>(i)).next_u64());
        state.reveal(first_cell);
        Grid<uint8_t> layout(settings.rows, settings.cols);
        for (int cell = 0; cell < layout.size(); ++cell) layout[cell] = state.is_mine(cell);
        boards.layouts.push_back(std::move(layout));
    }
    return boards;
}

std::string boards_text(const BoardSet& boards) {
    std::string text = header_text(boards) + "\n";
    for (const Grid<uint8_t>& layout : boards.layouts) {
        for (int cell = 0; cell < layout.size(); ++cell) {
            if (cell > 0 && layout.col_of(cell) == 0) text += '/';
            text += layout[cell] ? '*' : '.';
        }
        text += '\n';
    }
    return text;
}

BoardSet parse_boards(std::string_view text) {
    std::vector<std::string_view> lines;
    for (size_t start = 0; start < text.size();) {
        size_t end = std::min(text.find('\n', start), text.size());
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back(line);
        start = end + 1;
    }
    if (lines.empty()) throw ParseError(1, 0, "the file is empty");
    BoardSet boards = parse_header(lines[0]);
    for (size_t i = 1; i < lines.size(); ++i)
        boards.layouts.push_back(parse_layout(lines[i], static_cast<int>(i) + 1, boards));
    if (boards.layouts.empty()) throw ParseError(2, 0, "no boards after the header");
    return boards;
}

}  // namespace gridlab::minesweeper
