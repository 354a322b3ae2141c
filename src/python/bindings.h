// The parts of the Python module gridlab._core, each bound by its own file (module.cpp joins them).
#pragma once

#include "python/conversions.h"
#include "python/game_envs.h"

namespace gridlab::python {

void bind_envs(py::module_& module);
void bind_minesweeper(py::module_& module);
void bind_puyo(py::module_& module);
void bind_gomoku(py::module_& module);
void bind_learn(py::module_& module);
void bind_lessons(py::module_& module);  // lesson_bindings.cpp: the Code lesson's games

// Runs `think` (an AI deciding) under `mutex`, the AI's lock, with the GIL released, and returns what
// it returns: other Python threads run meanwhile.
template <typename F>
auto think_released(std::mutex& mutex, F&& think) {
    const std::unique_lock lock = lock_object(mutex);
    py::gil_scoped_release release;
    return think();
}

// Binds an AI of one game as the Python class `name`: made from (spec, seed) by make(spec, seed),
// with `name` (Handle::name()) and decide(position) -> dict. Handle keeps the AI and its lock.
template <typename Handle, typename Make, typename Decide>
void bind_ai(py::module_& m, const char* name, const char* doc, Make make, Decide decide, const char* position) {
    py::class_<Handle>(m, name, doc)
        .def(py::init([make](const std::string& spec, py::handle seed) { return make(spec, seed_from(seed)); }),
             py::arg("spec"), py::arg("seed"))
        .def_property_readonly("name", &Handle::name)
        .def("decide", decide, py::arg(position));
}

// The adapter of an env of game T, or TypeError when the env is another game's.
template <typename T>
const T& as_game(const GameEnv& game) {
    const T* typed = dynamic_cast<const T*>(&game);
    if (!typed) throw py::type_error("this env is another game's");
    return *typed;
}

}  // namespace gridlab::python
