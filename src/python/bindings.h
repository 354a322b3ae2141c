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

// The adapter of an env of game T, or TypeError when the env is another game's.
template <typename T>
const T& as_game(const GameEnv& game) {
    const T* typed = dynamic_cast<const T*>(&game);
    if (!typed) throw py::type_error("this env is another game's");
    return *typed;
}

}  // namespace gridlab::python
