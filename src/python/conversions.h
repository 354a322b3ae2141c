// What every part of the Python binding shares: reading Python values the engines take (actions,
// seeds), writing what they return (JSON documents, cells), and the lock that keeps one engine
// object safe when several Python threads call it.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace gridlab::python {

namespace py = pybind11;

// Locks an engine object's mutex. A thread never waits for it while holding the GIL: the thread that
// holds the mutex may be thinking with the GIL released and need the GIL back to return.
std::unique_lock<std::mutex> lock_object(std::mutex& mutex);

// An action for an action space of `count`: a Python int, a numpy integer or a 0-d integer array.
// Throws gridlab::RefusedStep for a number outside 0..count-1 and TypeError for anything else.
int action_from(py::handle action, int count);

// A seed: a whole number in 0..2^64-1 (ValueError otherwise; TypeError for a non-integer).
uint64_t seed_from(py::handle seed);

// A JSON document as Python objects (dict, list, str, int, float, bool, None).
py::object to_python(const nlohmann::json& document);

// A path given as str or os.PathLike (TypeError otherwise).
std::string path_text(py::handle path);

// A file's bytes, or OSError naming the file.
std::string read_binary_file(const std::string& path);
void write_binary_file(const std::string& path, const std::string& bytes);

// A board cell index as (row, col), and a list of them.
py::tuple cell_tuple(int cell, int cols);
py::list cell_list(const std::vector<int>& cells, int cols);

// A new C-contiguous numpy array of `shape`, filled from `values` (converted to T; as many as the
// shape holds).
template <typename T, typename From>
py::array_t<T> array_copy(const std::vector<py::ssize_t>& shape, const From* values) {
    py::array_t<T> array(shape);
    std::copy(values, values + array.size(), array.mutable_data());
    return array;
}

}  // namespace gridlab::python
