// Model files from Python: load, save, look inside, and run a network's forward pass on numpy arrays.
#include <pybind11/stl.h>

#include "learn/model_file.h"
#include "python/bindings.h"

namespace gridlab::python {

namespace {

// The largest input forward() takes: 4 M values (a batch of 8,000 expert boards of 11 planes); the
// convolutions' working memory is about 9 times the input.
constexpr py::ssize_t kMaxForwardValues = py::ssize_t{1} << 22;

struct ModelHandle {
    learn::Model model;
    std::mutex mutex;  // forward() keeps each layer's activations in the layer
};

learn::Tensor tensor_of(const py::array& input) {
    const char kind = input.dtype().kind();
    if (kind != 'f' && kind != 'i' && kind != 'u' && kind != 'b')
        throw py::type_error("the input must be an array of numbers, got " + std::string(py::str(input.dtype())));
    if (input.ndim() != 2 && input.ndim() != 4)
        throw py::value_error("the input must have 2 dims (N, features) or 4 (N, C, H, W), got " + std::to_string(input.ndim()));
    for (py::ssize_t d = 0; d < input.ndim(); ++d)
        if (input.shape(d) < 1) throw py::value_error("the input has an empty dimension");
    if (input.size() > kMaxForwardValues)
        throw py::value_error("the input has " + std::to_string(input.size()) + " values, more than the " +
                              std::to_string(kMaxForwardValues) + " forward() takes at once: split the batch");
    const auto values = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(input);
    learn::Tensor tensor(std::vector<int>(input.shape(), input.shape() + input.ndim()));
    std::copy(values.data(), values.data() + values.size(), tensor.values.begin());
    return tensor;
}

py::array_t<float> array_of(const learn::Tensor& tensor) {
    return array_copy<float>(std::vector<py::ssize_t>(tensor.shape.begin(), tensor.shape.end()), tensor.values.data());
}

std::unique_ptr<ModelHandle> handle_of(learn::Model model) {
    auto handle = std::make_unique<ModelHandle>();
    handle->model = std::move(model);
    return handle;
}

nlohmann::json heads_architecture(const learn::Model& model) {
    nlohmann::json heads = nlohmann::json::object();
    for (const auto& [name, head] : model.heads) heads[name] = head.architecture();
    return heads;
}

}  // namespace

void bind_learn(py::module_& m) {
    py::class_<ModelHandle>(m, "Model", "A model file: a network with its game, architecture, weights and settings")
        .def_static(
            "load",
            [](const py::handle& path, const std::string& game) { return handle_of(learn::load_model(read_binary_file(path_text(path)), game)); },
            py::arg("path"), py::arg("game") = "")
        .def_static(
            "from_bytes",
            [](const py::bytes& bytes, const std::string& game) { return handle_of(learn::load_model(std::string(bytes), game)); },
            py::arg("data"), py::arg("game") = "")
        .def("to_bytes", [](const ModelHandle& h) { return py::bytes(learn::save_model(h.model)); })
        .def("save", [](const ModelHandle& h, const py::handle& path) { write_binary_file(path_text(path), learn::save_model(h.model)); },
             py::arg("path"))
        .def_property_readonly("game", [](const ModelHandle& h) { return h.model.game; })
        .def_property_readonly("settings", [](const ModelHandle& h) { return to_python(h.model.settings); })
        .def_property_readonly("architecture", [](const ModelHandle& h) { return to_python(h.model.network.architecture()); })
        .def_property_readonly("heads", [](const ModelHandle& h) { return to_python(heads_architecture(h.model)); })
        .def_property_readonly("parameter_count", [](const ModelHandle& h) {
            size_t count = h.model.network.parameter_count();
            for (const auto& [name, head] : h.model.heads) count += head.parameter_count();
            return count;
        })
        .def(
            "forward",
            [](ModelHandle& handle, const py::array& input) -> py::object {
                const learn::Tensor batch = tensor_of(input);
                const std::unique_lock lock = lock_object(handle.mutex);
                learn::Model& model = handle.model;
                std::vector<std::pair<std::string, learn::Tensor>> outputs;  // the network's, or each head's
                {
                    py::gil_scoped_release release;
                    const learn::Tensor& trunk = model.network.forward(batch);
                    if (model.heads.empty()) outputs.emplace_back("", trunk);
                    for (auto& [name, head] : model.heads) outputs.emplace_back(name, head.forward(trunk));
                }
                if (model.heads.empty()) return array_of(outputs[0].second);
                py::dict result;
                for (const auto& [name, output] : outputs) result[py::str(name)] = array_of(output);
                return result;
            },
            py::arg("input"));
}

}  // namespace gridlab::python
