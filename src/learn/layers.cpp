// The layers. Dense and Conv2d are matrix products (matrix_product.h) and the copies around them.
//
// Sections: Dense, Conv2d (im2col + matrix product), activations, layers from JSON.
#include <algorithm>

#include "learn/matrix_product.h"
#include "learn/nn.h"

namespace gridlab::learn {

namespace {

void require_positive(int value, const char* what) {
    if (value <= 0) throw std::invalid_argument(std::string(what) + " must be positive, got " + std::to_string(value));
}

}  // namespace

// ---- Dense --------------------------------------------------------------------------------------
// Forward Y = X Wᵀ + b; backward dW += dYᵀ X, db += column sums of dY, dX = dY W. The kernel wants
// its right operand row-major, so the forward pass multiplies by a transposed copy of W.

Dense::Dense(int in_features, int out_features) : in_(in_features), out_(out_features) {
    require_positive(in_features, "dense: in");
    require_positive(out_features, "dense: out");
    const auto weights = static_cast<std::size_t>(in_) * static_cast<std::size_t>(out_);
    weight_ = {std::vector<float>(weights), std::vector<float>(weights), true};
    bias_ = {std::vector<float>(out_), std::vector<float>(out_), false};
}

const Tensor& Dense::forward(const Tensor& input) {
    if (input.shape.size() < 2 || input.sample_size() != static_cast<std::size_t>(in_))
        throw std::invalid_argument("dense: expects " + std::to_string(in_) + " values per sample, got shape " +
                                    shape_string(input.shape));
    input_ = input;
    const int batch = input.batch();
    output_.reset({batch, out_});
    const MatrixView y{output_.values.data(), batch, out_};
    for (int n = 0; n < batch; ++n) std::copy(bias_.value.begin(), bias_.value.end(), y.row(n));
    weight_transposed_.resize(weight_.value.size());
    transpose(weight_.value.data(), out_, in_, weight_transposed_.data());
    multiply_add(y, row_major(input.values.data(), batch, in_), row_major(weight_transposed_.data(), in_, out_));
    return output_;
}

void Dense::backward_parameters(const Tensor& output_grad) {
    require_shape(output_grad.shape, output_.shape, "dense backward");
    const int batch = output_.batch();
    const float* dy = output_grad.values.data();
    multiply_add({weight_.grad.data(), out_, in_}, transposed(dy, batch, out_),
                 row_major(input_.values.data(), batch, in_));
    for (int n = 0; n < batch; ++n)
        for (int o = 0; o < out_; ++o) bias_.grad[o] += dy[static_cast<std::size_t>(n) * out_ + o];
}

const Tensor& Dense::backward(const Tensor& output_grad) {
    backward_parameters(output_grad);
    const int batch = output_.batch();
    input_grad_.reset(input_.shape);
    multiply_add({input_grad_.values.data(), batch, in_}, row_major(output_grad.values.data(), batch, out_),
                 row_major(weight_.value.data(), out_, in_));
    return input_grad_;
}

nlohmann::json Dense::describe() const { return {{"type", "dense"}, {"in", in_}, {"out", out_}}; }

// ---- Conv2d -------------------------------------------------------------------------------------
// im2col: for each sample, a matrix with one row per (input channel, ky, kx) tap and one column per
// cell, holding the input value that tap sees from that cell (0 outside the board). The convolution
// is then one product per sample: (out) x (taps) weights times (taps) x (cells) columns. Backward:
// dcolumns = Wᵀ dY, which col2im adds back onto the image, and dW += dY columnsᵀ, computed as its
// transpose dWᵀ += columns dYᵀ (the kernel wants its right operand row-major, and dY is much smaller
// than the columns to transpose).

namespace {

// Calls visit(column_index, image_index) for every tap that falls inside the image, and
// outside(column_index, count) for each run of taps that falls outside it: the one walk that both
// im2col (gather, writing the zeros of the padding too) and its transpose col2im (scatter-add) need.
// Tap (ky, kx) of the cell (y, x) reads the cell (y + (ky - k/2) d, x + (kx - k/2) d) for dilation d.
template <typename Visit, typename Outside>
void for_each_tap(int channels, int kernel, int dilation, int height, int width, Visit visit, Outside outside) {
    const int reach = kernel / 2;
    const std::size_t cells = static_cast<std::size_t>(height) * static_cast<std::size_t>(width);
    std::size_t row = 0;
    for (int c = 0; c < channels; ++c)
        for (int ky = 0; ky < kernel; ++ky)
            for (int kx = 0; kx < kernel; ++kx, ++row)
                for (int y = 0; y < height; ++y) {
                    const int source_y = y + (ky - reach) * dilation, shift_x = (kx - reach) * dilation;
                    const std::size_t column = row * cells + static_cast<std::size_t>(y) * width;
                    if (source_y < 0 || source_y >= height) {
                        outside(column, static_cast<std::size_t>(width));
                        continue;
                    }
                    const int x_begin = std::clamp(-shift_x, 0, width), x_end = std::clamp(width - shift_x, x_begin, width);
                    const std::size_t image = (static_cast<std::size_t>(c) * height + source_y) * width;
                    outside(column, static_cast<std::size_t>(x_begin));
                    for (int x = x_begin; x < x_end; ++x)
                        visit(column + static_cast<std::size_t>(x), image + static_cast<std::size_t>(x + shift_x));
                    outside(column + static_cast<std::size_t>(x_end), static_cast<std::size_t>(width - x_end));
                }
}

}  // namespace

Conv2d::Conv2d(int in_channels, int out_channels, int kernel, int dilation)
    : in_(in_channels), out_(out_channels), kernel_(kernel), dilation_(dilation) {
    require_positive(in_channels, "conv2d: in");
    require_positive(out_channels, "conv2d: out");
    require_positive(dilation, "conv2d: dilation");
    if (kernel <= 0 || kernel % 2 == 0)
        throw std::invalid_argument("conv2d: kernel must be odd and positive (same padding), got " +
                                    std::to_string(kernel));
    const auto weights = static_cast<std::size_t>(out_) * static_cast<std::size_t>(fan_in());
    weight_ = {std::vector<float>(weights), std::vector<float>(weights), true};
    bias_ = {std::vector<float>(out_), std::vector<float>(out_), false};
}

const Tensor& Conv2d::forward(const Tensor& input) {
    if (input.shape.size() != 4 || input.shape[1] != in_)
        throw std::invalid_argument("conv2d: expects (N, " + std::to_string(in_) + ", H, W), got shape " +
                                    shape_string(input.shape));
    input_shape_ = input.shape;
    const int batch = input.shape[0], height = input.shape[2], width = input.shape[3];
    const int taps = fan_in(), cells = height * width;
    const std::size_t columns_per_sample = static_cast<std::size_t>(taps) * static_cast<std::size_t>(cells);
    columns_.resize(columns_per_sample * static_cast<std::size_t>(batch));
    output_.reset({batch, out_, height, width});
    const ConstMatrixView weights = row_major(weight_.value.data(), out_, taps);
    for (int n = 0; n < batch; ++n) {
        float* columns = columns_.data() + columns_per_sample * static_cast<std::size_t>(n);
        const float* image = input.sample(n);
        for_each_tap(
            in_, kernel_, dilation_, height, width,
            [&](std::size_t column, std::size_t pixel) { columns[column] = image[pixel]; },
            [&](std::size_t column, std::size_t count) { std::fill_n(columns + column, count, 0.0f); });
        const MatrixView y{output_.sample(n), out_, cells};
        for (int o = 0; o < out_; ++o) std::fill(y.row(o), y.row(o) + cells, bias_.value[o]);  // the sums start at the bias
        multiply_add(y, weights, row_major(columns, taps, cells));
    }
    return output_;
}

// dWᵀ is summed from the gradient so far (not from zero, then added), sample by sample and cell by
// cell in order, so a batch's gradient has the same bits whether backward() sees it whole or in
// consecutive parts.
void Conv2d::backward_parameters(const Tensor& output_grad) {
    require_shape(output_grad.shape, output_.shape, "conv2d backward");
    const int batch = input_shape_[0], taps = fan_in(), cells = input_shape_[2] * input_shape_[3];
    const std::size_t columns_per_sample = static_cast<std::size_t>(taps) * static_cast<std::size_t>(cells);
    output_grad_transposed_.resize(static_cast<std::size_t>(cells) * static_cast<std::size_t>(out_));
    weight_grad_transposed_.resize(weight_.grad.size());
    transpose(weight_.grad.data(), out_, taps, weight_grad_transposed_.data());
    for (int n = 0; n < batch; ++n) {
        const float* dy = output_grad.sample(n);
        const float* columns = columns_.data() + columns_per_sample * static_cast<std::size_t>(n);
        transpose(dy, out_, cells, output_grad_transposed_.data());
        multiply_add({weight_grad_transposed_.data(), taps, out_}, row_major(columns, taps, cells),
                     row_major(output_grad_transposed_.data(), cells, out_));
        for (int o = 0; o < out_; ++o)
            for (int cell = 0; cell < cells; ++cell) bias_.grad[o] += dy[static_cast<std::size_t>(o) * cells + cell];
    }
    transpose(weight_grad_transposed_.data(), taps, out_, weight_.grad.data());
}

const Tensor& Conv2d::backward(const Tensor& output_grad) {
    backward_parameters(output_grad);
    const int batch = input_shape_[0], height = input_shape_[2], width = input_shape_[3];
    const int taps = fan_in(), cells = height * width;
    column_grad_.resize(static_cast<std::size_t>(taps) * static_cast<std::size_t>(cells));
    input_grad_.reset(input_shape_);
    for (int n = 0; n < batch; ++n) {
        std::fill(column_grad_.begin(), column_grad_.end(), 0.0f);
        multiply_add({column_grad_.data(), taps, cells}, transposed(weight_.value.data(), out_, taps),
                     row_major(output_grad.sample(n), out_, cells));
        float* image_grad = input_grad_.sample(n);
        for_each_tap(
            in_, kernel_, dilation_, height, width,
            [&](std::size_t column, std::size_t pixel) { image_grad[pixel] += column_grad_[column]; },
            [](std::size_t, std::size_t) {});
    }
    return input_grad_;
}

nlohmann::json Conv2d::describe() const {
    nlohmann::json description = {{"type", "conv2d"}, {"in", in_}, {"out", out_}, {"kernel", kernel_}};
    if (dilation_ != 1) description["dilation"] = dilation_;  // files from before dilation stay the same
    return description;
}

// ---- Global pooling -----------------------------------------------------------------------------
// Forward: out[c] = in[c], out[C + c] = mean(in[c]) everywhere. Backward: each input cell gets its own
// gradient plus, through the mean, the sum of the mean channel's gradient over the board / cells.

GlobalPool::GlobalPool(int channels) : channels_(channels) { require_positive(channels, "global_pool: in"); }

const Tensor& GlobalPool::forward(const Tensor& input) {
    if (input.shape.size() != 4 || input.shape[1] != channels_)
        throw std::invalid_argument("global_pool: expects (N, " + std::to_string(channels_) + ", H, W), got shape " +
                                    shape_string(input.shape));
    const int batch = input.shape[0];
    const std::size_t cells = static_cast<std::size_t>(input.shape[2]) * static_cast<std::size_t>(input.shape[3]);
    output_.reset({batch, 2 * channels_, input.shape[2], input.shape[3]});
    for (int n = 0; n < batch; ++n) {
        const float* in = input.sample(n);
        float* out = output_.sample(n);
        std::copy(in, in + static_cast<std::size_t>(channels_) * cells, out);
        for (int c = 0; c < channels_; ++c) {
            const float* plane = in + static_cast<std::size_t>(c) * cells;
            double sum = 0.0;
            for (std::size_t cell = 0; cell < cells; ++cell) sum += plane[cell];
            float* mean = out + static_cast<std::size_t>(channels_ + c) * cells;
            std::fill(mean, mean + cells, static_cast<float>(sum / static_cast<double>(cells)));
        }
    }
    return output_;
}

const Tensor& GlobalPool::backward(const Tensor& output_grad) {
    require_shape(output_grad.shape, output_.shape, "global_pool backward");
    const int batch = output_.shape[0];
    const std::size_t cells = static_cast<std::size_t>(output_.shape[2]) * static_cast<std::size_t>(output_.shape[3]);
    input_grad_.reset({batch, channels_, output_.shape[2], output_.shape[3]});
    for (int n = 0; n < batch; ++n) {
        const float* dy = output_grad.sample(n);
        float* dx = input_grad_.sample(n);
        for (int c = 0; c < channels_; ++c) {
            const float* mean_grad = dy + static_cast<std::size_t>(channels_ + c) * cells;
            double sum = 0.0;
            for (std::size_t cell = 0; cell < cells; ++cell) sum += mean_grad[cell];
            const auto share = static_cast<float>(sum / static_cast<double>(cells));
            const float* own = dy + static_cast<std::size_t>(c) * cells;
            float* own_grad = dx + static_cast<std::size_t>(c) * cells;
            for (std::size_t cell = 0; cell < cells; ++cell) own_grad[cell] = own[cell] + share;
        }
    }
    return input_grad_;
}

// ---- Activations --------------------------------------------------------------------------------

template <typename Function>
const Tensor& ElementWise<Function>::forward(const Tensor& input) {
    output_.shape = input.shape;
    output_.values.resize(input.size());
    for (std::size_t i = 0; i < input.size(); ++i) output_.values[i] = Function::apply(input.values[i]);
    return output_;
}

template <typename Function>
const Tensor& ElementWise<Function>::backward(const Tensor& output_grad) {
    require_shape(output_grad.shape, output_.shape, Function::name);
    input_grad_.shape = output_.shape;
    input_grad_.values.resize(output_.size());
    for (std::size_t i = 0; i < output_.size(); ++i)
        input_grad_.values[i] = Function::slope_from_output(output_.values[i]) * output_grad.values[i];
    return input_grad_;
}

template class ElementWise<ReluFunction>;
template class ElementWise<TanhFunction>;
template class ElementWise<SigmoidFunction>;

// ---- Layers from JSON ---------------------------------------------------------------------------
// Two passes: every description is read and checked, and the parameters counted, before any layer
// is made, so that a damaged or hostile model file cannot ask for gigabytes.

namespace {

constexpr int kMaxWidth = 4096;  // inputs, outputs or channels of one layer
constexpr int kMaxKernel = 31;

constexpr int kMaxDilation = 64;

struct LayerSpec {
    std::string type;
    // dense: in, out; conv2d: in, out, kernel, dilation; global_pool: in (it gives 2 in); activations: none
    int in = 0, out = 0, kernel = 0, dilation = 1;

    bool has_weights() const { return type == "dense" || type == "conv2d"; }
    bool shapes() const { return has_weights() || type == "global_pool"; }  // sets the channels that follow
    uint64_t parameter_count() const {
        if (!has_weights()) return 0;
        const uint64_t per_output =
            static_cast<uint64_t>(in) * static_cast<uint64_t>(kernel) * static_cast<uint64_t>(kernel);
        return static_cast<uint64_t>(out) * (per_output + 1);
    }
    std::unique_ptr<Layer> make() const {
        if (type == "dense") return std::make_unique<Dense>(in, out);
        if (type == "conv2d") return std::make_unique<Conv2d>(in, out, kernel, dilation);
        if (type == "global_pool") return std::make_unique<GlobalPool>(in);
        if (type == ReluFunction::name) return std::make_unique<ReLU>();
        if (type == TanhFunction::name) return std::make_unique<Tanh>();
        return std::make_unique<Sigmoid>();
    }
};

int bounded_field(const nlohmann::json& description, const char* key, int limit) {
    const auto field = description.find(key);
    if (field == description.end() || !field->is_number_integer())
        throw std::invalid_argument(std::string("missing integer \"") + key + "\"");
    const auto value = field->get<int64_t>();
    if (value <= 0 || value > limit)
        throw std::invalid_argument(std::string("\"") + key + "\" must be in 1.." + std::to_string(limit) + ", got " +
                                    std::to_string(value));
    return static_cast<int>(value);
}

LayerSpec read_spec(const nlohmann::json& description) {
    if (!description.is_object() || !description.contains("type") || !description["type"].is_string())
        throw std::invalid_argument("a layer must be an object with a string \"type\"");
    LayerSpec spec{description["type"].get<std::string>()};
    if (spec.type == "dense") {
        spec.in = bounded_field(description, "in", kMaxWidth);
        spec.out = bounded_field(description, "out", kMaxWidth);
        spec.kernel = 1;
    } else if (spec.type == "conv2d") {
        spec.in = bounded_field(description, "in", kMaxWidth);
        spec.out = bounded_field(description, "out", kMaxWidth);
        spec.kernel = bounded_field(description, "kernel", kMaxKernel);
        if (spec.kernel % 2 == 0)
            throw std::invalid_argument("\"kernel\" must be odd, got " + std::to_string(spec.kernel));
        if (description.contains("dilation")) spec.dilation = bounded_field(description, "dilation", kMaxDilation);
    } else if (spec.type == "global_pool") {
        spec.in = bounded_field(description, "in", kMaxWidth / 2);
        spec.out = 2 * spec.in;
    } else if (spec.type != ReluFunction::name && spec.type != TanhFunction::name &&
               spec.type != SigmoidFunction::name) {
        throw std::invalid_argument("unknown type \"" + spec.type + "\"");
    }
    return spec;
}

// Whether a layer that sets channels can take what the previous such layer gives: a conv2d or a
// global_pool gives channels; a dense gives a flat vector, after which only dense layers fit.
void check_fits(const LayerSpec& spec, const LayerSpec* previous) {
    if (!previous || !spec.shapes()) return;
    if (spec.type != "dense" && previous->type == "dense")
        throw std::invalid_argument(spec.type + " cannot follow dense (its output has no board shape)");
    const bool board_to_flat = spec.type == "dense" && previous->type != "dense";  // a dense flattens the board
    if (!board_to_flat && spec.in != previous->out)
        throw std::invalid_argument(spec.type + " takes " + std::to_string(spec.in) +
                                    " inputs, the layer before gives " + std::to_string(previous->out));
}

}  // namespace

std::vector<std::unique_ptr<Layer>> layers_from_json(const nlohmann::json& descriptions, uint64_t max_parameters) {
    if (!descriptions.is_array()) throw std::invalid_argument("the architecture must be a list of layers");
    std::vector<LayerSpec> specs;
    LayerSpec previous_shaping;
    uint64_t parameters = 0;
    for (std::size_t i = 0; i < descriptions.size(); ++i) {
        try {
            specs.push_back(read_spec(descriptions[i]));
            check_fits(specs.back(), previous_shaping.shapes() ? &previous_shaping : nullptr);
        } catch (const std::invalid_argument& error) {
            throw std::invalid_argument("layer " + std::to_string(i) + ": " + error.what());
        }
        if (specs.back().shapes()) previous_shaping = specs.back();
        parameters += specs.back().parameter_count();
    }
    if (parameters > max_parameters)
        throw std::invalid_argument("the layers have " + std::to_string(parameters) + " parameters, more than the " +
                                    std::to_string(max_parameters) + " allowed");
    std::vector<std::unique_ptr<Layer>> layers;
    for (const LayerSpec& spec : specs) layers.push_back(spec.make());
    return layers;
}

}  // namespace gridlab::learn
