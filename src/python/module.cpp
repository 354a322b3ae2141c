// gridlab._core: the engines' face for Python. It converts types, owns buffers and releases the GIL
// while an engine works; every rule and every AI is the engines' own (python/gridlab/ is the API
// users call, built on this).
#include "core/env.h"
#include "core/text.h"
#include "learn/model_file.h"
#include "python/bindings.h"

PYBIND11_MODULE(_core, m) {
    namespace py = pybind11;
    m.doc() = "gridlab's engines (use the gridlab package, not this module)";
    // ValueErrors all, as every refusal of bad input is.
    py::register_exception<gridlab::RefusedStep>(m, "RefusedStep", PyExc_ValueError);
    py::register_exception<gridlab::learn::ModelError>(m, "ModelError", PyExc_ValueError);
    py::register_exception<gridlab::ParseError>(m, "ParseError", PyExc_ValueError);
    gridlab::python::bind_envs(m);
    gridlab::python::bind_minesweeper(m);
    gridlab::python::bind_puyo(m);
    gridlab::python::bind_gomoku(m);
    gridlab::python::bind_learn(m);
    gridlab::python::bind_lessons(m);
}
