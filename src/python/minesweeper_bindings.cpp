// Minesweeper from Python: the player's view of a game (a Position) and the solvers that decide on it.
#include <cmath>
#include <pybind11/stl.h>

#include "minesweeper/solver.h"
#include "python/bindings.h"
#include "python/env_bindings.h"

namespace gridlab::python {

namespace {

using namespace minesweeper;

// The analysis text ('.' hidden, 'F' flag, '0'-'8' open) of a view array, which parse_position then
// checks as it checks typed text.
std::string text_of_view(const py::array& view) {
    if (view.dtype().kind() != 'i' && view.dtype().kind() != 'u' && view.dtype().kind() != 'f')
        throw py::type_error("a view must be an array of numbers, got " + std::string(py::str(view.dtype())));
    if (view.ndim() != 2 || view.shape(0) < 1 || view.shape(1) < 1 || view.shape(0) > kMaxSide || view.shape(1) > kMaxSide)
        throw py::value_error("a view must be a 2-d array of at most " + std::to_string(kMaxSide) + " x " +
                              std::to_string(kMaxSide) + " cells");
    const auto cells = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(view);
    std::string text;
    for (py::ssize_t r = 0; r < view.shape(0); ++r) {
        for (py::ssize_t c = 0; c < view.shape(1); ++c) {
            const double value = cells.at(r, c);
            if (value == kHidden)
                text += '.';
            else if (value == kFlag)
                text += 'F';
            else if (value >= 0 && value <= 8 && value == std::floor(value))
                text += static_cast<char>('0' + static_cast<int>(value));
            else
                throw py::value_error("cell (" + std::to_string(r) + "," + std::to_string(c) + ") is " +
                                      std::string(py::str(py::float_(value))) +
                                      ": a view holds 0-8 (open), 9 (hidden) or 10 (flag)");
        }
        text += '\n';
    }
    return text;
}

py::array_t<int8_t> view_array(const Position& position) {
    const Grid<int8_t>& cells = position.cells;
    return array_copy<int8_t>({cells.rows(), cells.cols()}, cells.cells().data());
}

py::dict decision_dict(const Decision& decision, int rows, int cols) {
    const Knowledge& knowledge = decision.knowledge;
    py::array_t<double> probabilities({rows, cols});
    double* out = probabilities.mutable_data();
    for (int cell = 0; cell < rows * cols; ++cell) {
        const double p = knowledge.mine_probability[static_cast<size_t>(cell)];
        out[cell] = p < 0 ? NAN : p;  // open cells have none
    }
    py::list sentences;
    for (const Sentence& sentence : knowledge.sentences)
        sentences.append(py::dict(py::arg("cells") = cell_list(sentence.cells, cols), py::arg("mines") = sentence.mines));
    py::dict result;
    result["action"] = decision.move;
    result["cell"] = decision.move < 0 ? py::object(py::none()) : py::object(cell_tuple(decision.move, cols));
    result["guess"] = decision.guess;
    result["reason"] = std::string(guess_reason_name(decision.reason));
    result["win_probability"] = decision.win_probability < 0 ? py::object(py::none()) : py::object(py::float_(decision.win_probability));
    result["safe"] = cell_list(knowledge.safe, cols);
    result["mines"] = cell_list(knowledge.mines, cols);
    result["probabilities"] = std::move(probabilities);
    result["sentences"] = std::move(sentences);
    result["exact"] = knowledge.exact;
    return result;
}

// A solver and the lock that lets one Python thread at a time use it.
struct SolverHandle {
    std::unique_ptr<Solver> solver;
    std::mutex mutex;
    std::string name() const { return std::string(solver->name()); }
};

}  // namespace

void bind_minesweeper(py::module_& m) {
    py::class_<Position>(m, "MinesweeperPosition", "What a Minesweeper player sees: the cells and the number of mines")
        .def_static(
            "parse", [](const std::string& text, int mines) { return parse_position(text, mines); }, py::arg("text"),
            py::arg("mines"))
        .def_static(
            "from_view", [](const py::array& view, int mines) { return parse_position(text_of_view(view), mines); },
            py::arg("view"), py::arg("mines"))
        .def_static(
            "of_env",
            [](py::handle env) {
                return env_of(env).with_game([](const GameEnv& game) { return as_game<MinesweeperEnv>(game).env().state()->position(); });
            },
            py::arg("env"))
        .def_property_readonly("rows", [](const Position& p) { return p.cells.rows(); })
        .def_property_readonly("cols", [](const Position& p) { return p.cells.cols(); })
        .def_property_readonly("mines", [](const Position& p) { return p.mines; })
        .def("view", &view_array)
        .def("__str__", &analysis_text);

    bind_ai<SolverHandle>(
        m, "MinesweeperSolver", "A Minesweeper solver made from its spec",
        [](const std::string& spec, uint64_t seed) {
            auto handle = std::make_unique<SolverHandle>();
            handle->solver = make_solver_from_spec(spec, Rng(seed));
            return handle;
        },
        [](SolverHandle& handle, const Position& position) {
            const Decision decision = think_released(handle.mutex, [&] { return handle.solver->decide(position); });
            return decision_dict(decision, position.cells.rows(), position.cells.cols());
        },
        "position");
}

}  // namespace gridlab::python
