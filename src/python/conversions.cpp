#include "python/conversions.h"

#include <fstream>
#include <iterator>

#include "core/env.h"

namespace gridlab::python {

std::unique_lock<std::mutex> lock_object(std::mutex& mutex) {
    std::unique_lock lock(mutex, std::try_to_lock);
    if (!lock.owns_lock()) {
        py::gil_scoped_release release;
        lock.lock();
    }
    return lock;
}

namespace {

// The value of a Python integer (anything with __index__) as a 64-bit number; `overflow` is set when
// it does not fit.
long long index_value(py::handle value, bool& overflow, const char* what) {
    if (!PyIndex_Check(value.ptr()))
        throw py::type_error(std::string(what) + " must be an integer, got " + std::string(py::str(py::type::of(value).attr("__name__"))));
    const py::object number = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!number) throw py::error_already_set();
    int overflowed = 0;
    const long long result = PyLong_AsLongLongAndOverflow(number.ptr(), &overflowed);
    if (result == -1 && PyErr_Occurred()) throw py::error_already_set();
    overflow = overflowed != 0;
    return result;
}

}  // namespace

int action_from(py::handle action, int count) {
    bool overflow = false;
    const long long value = index_value(action, overflow, "an action");
    if (overflow || value < 0 || value >= count)
        throw RefusedStep("action " + std::string(py::str(action)) + " is outside 0.." + std::to_string(count - 1));
    return static_cast<int>(value);
}

uint64_t seed_from(py::handle seed) {
    if (!PyIndex_Check(seed.ptr()))
        throw py::type_error("a seed must be an integer, got " + std::string(py::str(py::type::of(seed).attr("__name__"))));
    const py::int_ number = py::reinterpret_steal<py::int_>(PyNumber_Index(seed.ptr()));
    if (!number) throw py::error_already_set();
    const unsigned long long value = PyLong_AsUnsignedLongLong(number.ptr());
    if (value == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
        PyErr_Clear();
        throw py::value_error("a seed must be a whole number in 0..18446744073709551615, got " + std::string(py::str(seed)));
    }
    return value;
}

py::object to_python(const nlohmann::json& document) {
    switch (document.type()) {
        case nlohmann::json::value_t::null: return py::none();
        case nlohmann::json::value_t::boolean: return py::bool_(document.get<bool>());
        case nlohmann::json::value_t::number_integer: return py::int_(document.get<int64_t>());
        case nlohmann::json::value_t::number_unsigned: return py::int_(document.get<uint64_t>());
        case nlohmann::json::value_t::number_float: return py::float_(document.get<double>());
        case nlohmann::json::value_t::string: return py::str(document.get_ref<const std::string&>());
        case nlohmann::json::value_t::array: {
            py::list list;
            for (const nlohmann::json& item : document) list.append(to_python(item));
            return list;
        }
        case nlohmann::json::value_t::object: {
            py::dict dict;
            for (const auto& [key, value] : document.items()) dict[py::str(key)] = to_python(value);
            return dict;
        }
        default: return py::none();  // binary and discarded values never come from the engines
    }
}

std::string path_text(py::handle path) {
    const py::object text = py::module_::import("os").attr("fspath")(path);
    if (!py::isinstance<py::str>(text)) throw py::type_error("a path must be text, not bytes");
    return text.cast<std::string>();
}

std::string read_binary_file(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
        throw py::error_already_set();
    }
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

void write_binary_file(const std::string& path, const std::string& bytes) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file || !file.write(bytes.data(), static_cast<std::streamsize>(bytes.size())) || !file.flush()) {
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
        throw py::error_already_set();
    }
}

py::tuple cell_tuple(int cell, int cols) { return py::make_tuple(cell / cols, cell % cols); }

py::list cell_list(const std::vector<int>& cells, int cols) {
    py::list list;
    for (const int cell : cells) list.append(cell_tuple(cell, cols));
    return list;
}

}  // namespace gridlab::python
