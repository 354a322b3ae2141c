// What the Code lesson's functions (gridlab.minesweeper.play, gridlab.gomoku.play) need beyond the
// rest of the module: a Minesweeper game played cell by cell with plain lists, and gridlab's tree
// search valued by a Python function. The page's Python (web/code/core.py) offers the same classes
// over the engines' WebAssembly build (src/code/engines.cpp), so a lesson runs unchanged in both.
#include "gomoku/value_mcts.h"
#include "minesweeper/rules.h"
#include "python/bindings.h"

namespace gridlab::python {

namespace {

// A Minesweeper game and the settings it was made with.
struct MinesweeperGame {
    minesweeper::State state;
    MinesweeperGame(const std::string& level, int rows, int cols, int mines, const std::string& first_click, uint64_t seed)
        : state(settings_of(level, rows, cols, mines, first_click), seed) {}

    static minesweeper::Settings settings_of(const std::string& level, int rows, int cols, int mines, const std::string& first_click) {
        const minesweeper::FirstClick rule = minesweeper::parse_first_click(first_click);
        minesweeper::Settings settings = level.empty() ? minesweeper::Settings{rows, cols, mines, rule} : minesweeper::level_settings(level, rule);
        minesweeper::validate(settings);
        return settings;
    }
    int cell_of(int row, int col) const {
        if (row < 0 || row >= state.rows() || col < 0 || col >= state.cols())
            throw RefusedStep("cell (" + std::to_string(row) + ", " + std::to_string(col) + ") is not on the " +
                              std::to_string(state.rows()) + "x" + std::to_string(state.cols()) + " board");
        return state.index(row, col);
    }
};

const char* outcome_name(minesweeper::Outcome outcome) {
    return outcome == minesweeper::Outcome::Won ? "won" : outcome == minesweeper::Outcome::Lost ? "lost" : "playing";
}

// A Gomoku board as the lessons see it: rows top first, -1 black, 1 white, 0 empty.
py::list board_rows(const gomoku::State& state) {
    py::list rows;
    for (int row = 0; row < state.size(); ++row) {
        py::list cells;
        for (int col = 0; col < state.size(); ++col) cells.append(side_number(state.at(row, col)));
        rows.append(std::move(cells));
    }
    return rows;
}

// gridlab's tree search with its leaves valued by a Python function of the board (black's view).
struct ValueSearch {
    py::object value;
    int64_t playouts;
    uint64_t seed;
};

}  // namespace

void bind_lessons(py::module_& m) {
    py::class_<MinesweeperGame>(m, "MinesweeperGame", "A Minesweeper game played cell by cell (the Code lesson's)")
        .def(py::init([](const std::string& level, int rows, int cols, int mines, const std::string& first_click, py::handle seed) {
                 return MinesweeperGame(level, rows, cols, mines, first_click, seed_from(seed));
             }),
             py::arg("level") = "beginner", py::arg("rows") = 0, py::arg("cols") = 0, py::arg("mines") = 0,
             py::arg("first_click") = "safe", py::arg("seed") = 1)
        .def_property_readonly("rows", [](const MinesweeperGame& g) { return g.state.rows(); })
        .def_property_readonly("cols", [](const MinesweeperGame& g) { return g.state.cols(); })
        .def_property_readonly("mines", [](const MinesweeperGame& g) { return g.state.settings().mines; })
        .def_property_readonly("outcome", [](const MinesweeperGame& g) { return outcome_name(g.state.outcome()); })
        .def("view",
             [](const MinesweeperGame& g) {
                 py::list rows;
                 for (int row = 0; row < g.state.rows(); ++row) {
                     py::list cells;
                     for (int col = 0; col < g.state.cols(); ++col) cells.append(static_cast<int>(g.state.view(g.state.index(row, col))));
                     rows.append(std::move(cells));
                 }
                 return rows;
             })
        .def(
            "reveal",
            [](MinesweeperGame& g, int row, int col) {
                const int cell = g.cell_of(row, col);
                const std::string refusal = g.state.reveal_error(cell);
                if (!refusal.empty()) throw RefusedStep(refusal);
                g.state.reveal_unchecked(cell);
            },
            py::arg("row"), py::arg("col"))
        .def("is_mine", [](const MinesweeperGame& g, int row, int col) { return g.state.is_mine(g.cell_of(row, col)); },
             py::arg("row"), py::arg("col"))
        .def("position", [](const MinesweeperGame& g) { return g.state.position(); });

    py::class_<ValueSearch>(m, "GomokuValueSearch", "gridlab's MCTS with its leaves valued by a function of the board")
        .def(py::init([](py::function value, int64_t playouts, py::handle seed) {
                 if (playouts < 1 || playouts > 10'000'000) throw py::value_error("playouts must be in 1..10000000");
                 return ValueSearch{std::move(value), playouts, seed_from(seed)};
             }),
             py::arg("value"), py::arg("playouts"), py::arg("seed"))
        .def(
            "move",
            [](ValueSearch& search, const gomoku::State& state) {
                if (state.is_terminal()) throw py::value_error("the game is over: there is no move to choose");
                // The GIL stays held: every leaf calls back into Python.
                const auto mcts = gomoku::make_value_mcts(
                    [&search](const gomoku::State& leaf) { return search.value(board_rows(leaf)).cast<double>(); },
                    {search.playouts, 0}, search.seed);
                return mcts->choose(state);
            },
            py::arg("state"));
}

}  // namespace gridlab::python
