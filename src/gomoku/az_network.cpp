#include "gomoku/az_network.h"

#include <algorithm>
#include <stdexcept>

namespace gridlab::gomoku {

namespace {

constexpr int kValuePlanes = 2;
constexpr int kValueHidden = 32;

void validate_network(const Settings& board, const AzShape& shape) {
    if (board.size < kAzMinSize || board.size > kAzMaxSize)
        throw std::invalid_argument("size " + std::to_string(board.size) + " is not in " + std::to_string(kAzMinSize) +
                                    ".." + std::to_string(kAzMaxSize));
    if (board.win_length < kAzMinWin || board.win_length > kAzMaxWin)
        throw std::invalid_argument("win " + std::to_string(board.win_length) + " is not in " +
                                    std::to_string(kAzMinWin) + ".." + std::to_string(kAzMaxWin));
    if (shape.channels < 1 || shape.channels > 128)
        throw std::invalid_argument("channels " + std::to_string(shape.channels) + " is not in 1..128");
    if (shape.layers < 1 || shape.layers > 8)
        throw std::invalid_argument("layers " + std::to_string(shape.layers) + " is not in 1..8");
    if (shape.policy_planes < 0 || shape.policy_planes > 8)
        throw std::invalid_argument("policy planes " + std::to_string(shape.policy_planes) + " is not in 0..8");
}

learn::Network make_trunk(const AzShape& shape) {
    learn::Network trunk;
    for (int layer = 0; layer < shape.layers; ++layer) {
        trunk.add(std::make_unique<learn::Conv2d>(layer == 0 ? kAzInputPlanes : shape.channels, shape.channels));
        trunk.add(std::make_unique<learn::ReLU>());
    }
    return trunk;
}

learn::Network make_policy_head(const AzShape& shape, int size) {
    learn::Network head;
    if (shape.policy_planes == 0) {
        head.add(std::make_unique<learn::Conv2d>(shape.channels, 1, 1));
        return head;
    }
    head.add(std::make_unique<learn::Conv2d>(shape.channels, shape.policy_planes, 1))
        .add(std::make_unique<learn::ReLU>())
        .add(std::make_unique<learn::Dense>(shape.policy_planes * size * size, size * size));
    return head;
}

learn::Network make_value_head(const AzShape& shape, int size) {
    learn::Network head;
    head.add(std::make_unique<learn::Conv2d>(shape.channels, kValuePlanes, 1))
        .add(std::make_unique<learn::ReLU>())
        .add(std::make_unique<learn::Dense>(kValuePlanes * size * size, kValueHidden))
        .add(std::make_unique<learn::ReLU>())
        .add(std::make_unique<learn::Dense>(kValueHidden, 1))
        .add(std::make_unique<learn::Tanh>());
    return head;
}

// "6x6, 4 in a row", worded in the user's language by the app.
Message board_name(const Settings& board) {
    return translatable("{size}x{size}, {win} in a row", {{"size", board.size}, {"win", board.win_length}});
}

// The shape from the trunk's architecture (conv 3x3 layers, each followed by ReLU) and the policy
// head's (a dense layer after its convolution, or none).
AzShape shape_of(const learn::Network& trunk, const learn::Network& policy) {
    const nlohmann::json layers = trunk.architecture();
    if (layers.empty() || layers[0].value("type", "") != "conv2d" || layers[0].value("in", 0) != kAzInputPlanes)
        throw learn::ModelError(translatable("not a Gomoku policy-value network: its first layer is not a convolution of {planes} planes",
                                             {{"planes", kAzInputPlanes}}));
    const nlohmann::json head = policy.architecture();
    const int policy_planes = head.size() > 1 ? head[0].value("out", 0) : 0;
    return AzShape{layers[0].value("out", 0), static_cast<int>(layers.size() / 2), policy_planes};
}

}  // namespace

void encode_position(const State& state, learn::Tensor& inputs, int n) {
    const int size = state.size();
    learn::require_shape(inputs.shape, {inputs.batch(), kAzInputPlanes, size, size}, "encode_position");
    const Stone own = state.to_move();
    const float black_to_move = own == Stone::Black ? 1.0f : 0.0f;
    for (int r = 0; r < size; ++r)
        for (int c = 0; c < size; ++c) {
            const Stone stone = state.at(r, c);
            inputs.at(n, 0, r, c) = stone == own ? 1.0f : 0.0f;
            inputs.at(n, 1, r, c) = stone == opponent(own) ? 1.0f : 0.0f;
            inputs.at(n, 2, r, c) = 0.0f;
            inputs.at(n, 3, r, c) = black_to_move;
        }
    if (state.num_moves() > 0) {
        const int last = state.move(state.num_moves() - 1);
        inputs.at(n, 2, last / size, last % size) = 1.0f;
    }
}

void AzNetwork::require_board(const Settings& board) const {
    if (board.size != board_.size || board.win_length != board_.win_length)
        throw learn::ModelError(translatable("the model is for {model_board}, not {board}",
                                             {{"model_board", board_name(board_)}, {"board", board_name(board)}}));
}

AzNetwork::AzNetwork(const Settings& board, const AzShape& shape) : board_(board), shape_(shape) {
    validate_network(board, shape);
    trunk_ = make_trunk(shape);
    policy_ = make_policy_head(shape, board.size);
    value_ = make_value_head(shape, board.size);
}

namespace {

constexpr const char* kBestParts[] = {"best.trunk", "best.policy", "best.value"};

}  // namespace

AzNetwork AzNetwork::from_model(const learn::Model& model) {
    if (!model.heads.contains(kBestParts[0])) return latest_from_model(model);
    for (const char* part : kBestParts)
        if (!model.heads.contains(part))
            throw learn::ModelError(translatable("not a Gomoku policy-value network: its best network has no part \"{part}\"", {{"part", part}}));
    learn::Model best = model;
    best.network = model.heads.at(kBestParts[0]);
    best.heads = {{"policy", model.heads.at(kBestParts[1])}, {"value", model.heads.at(kBestParts[2])}};
    return latest_from_model(best);
}

AzNetwork AzNetwork::latest_from_model(const learn::Model& model) {
    if (model.game != "gomoku")
        throw learn::ModelError(translatable("model for game {game}, not {expected}", {{"game", model.game}, {"expected", "gomoku"}}));
    if (!model.heads.contains("policy") || !model.heads.contains("value"))
        throw learn::ModelError(translatable("not a Gomoku policy-value network: it needs the heads \"policy\" and \"value\""));
    const auto setting = [&](const char* key) {
        const nlohmann::json& value = model.settings.contains(key) ? model.settings[key] : nlohmann::json();
        if (!value.is_number_integer())
            throw learn::ModelError(translatable("no board \"{key}\" in the model's settings", {{"key", key}}));
        return value.get<int>();
    };
    const Settings board{setting("size"), setting("win"), Rule::Freestyle};
    if (board.size < kAzMinSize || board.size > kAzMaxSize || board.win_length < kAzMinWin || board.win_length > kAzMaxWin)
        throw learn::ModelError(translatable("model for a board out of range: {board}", {{"board", board_name(board)}}));
    AzNetwork network(board, shape_of(model.network, model.heads.at("policy")));
    const auto same = [](const learn::Network& a, const learn::Network& b) { return a.architecture() == b.architecture(); };
    if (!same(network.trunk_, model.network) || !same(network.policy_, model.heads.at("policy")) ||
        !same(network.value_, model.heads.at("value")))
        throw learn::ModelError(translatable("not a Gomoku policy-value network of this program's shape"));
    network.trunk_ = model.network;
    network.policy_ = model.heads.at("policy");
    network.value_ = model.heads.at("value");
    return network;
}

void AzNetwork::init(Rng& rng) {
    trunk_.init(rng);
    policy_.init(rng);
    value_.init(rng);
}

AzNetwork::Outputs AzNetwork::forward(const learn::Tensor& inputs) {
    const learn::Tensor& features = trunk_.forward(inputs);
    return {policy_.forward(features), value_.forward(features)};
}

void AzNetwork::backward(const learn::Tensor& logits_grad, const learn::Tensor& values_grad) {
    trunk_grad_ = policy_.backward(logits_grad);
    const learn::Tensor& value_part = value_.backward(values_grad);
    for (std::size_t i = 0; i < trunk_grad_.size(); ++i) trunk_grad_.values[i] += value_part.values[i];
    trunk_.backward_parameters(trunk_grad_);
}

AzEvaluation AzNetwork::evaluate(const State& state) {
    const int size = board_.size;
    one_position_.reset({1, kAzInputPlanes, size, size});
    encode_position(state, one_position_, 0);
    const Outputs outputs = forward(one_position_);
    // Softmax over the empty cells only: the largest legal logit first, for stability.
    AzEvaluation evaluation;
    evaluation.priors.assign(static_cast<std::size_t>(size * size), 0.0f);
    float largest = -1e30f;
    for (int action = 0; action < size * size; ++action)
        if (state.at(action / size, action % size) == Stone::Empty) largest = std::max(largest, outputs.logits.values[action]);
    double sum = 0;
    for (int action = 0; action < size * size; ++action)
        if (state.at(action / size, action % size) == Stone::Empty) {
            evaluation.priors[action] = learn::exp(outputs.logits.values[action] - largest);
            sum += evaluation.priors[action];
        }
    for (float& prior : evaluation.priors) prior = static_cast<float>(prior / sum);
    evaluation.value = outputs.values.values[0];
    return evaluation;
}

std::size_t AzNetwork::parameter_count() const {
    return trunk_.parameter_count() + policy_.parameter_count() + value_.parameter_count();
}

uint64_t AzNetwork::weight_hash() const {
    const std::string bytes = learn::weight_bytes(trunk_) + learn::weight_bytes(policy_) + learn::weight_bytes(value_);
    return learn::fnv1a64({reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()});
}

learn::Model AzNetwork::to_model(nlohmann::json settings, const AzNetwork* best) const {
    settings["size"] = board_.size;
    settings["win"] = board_.win_length;
    learn::Model model{"gomoku", trunk_, std::move(settings)};
    model.heads.emplace("policy", policy_);
    model.heads.emplace("value", value_);
    if (best) {
        model.heads.emplace(kBestParts[0], best->trunk_);
        model.heads.emplace(kBestParts[1], best->policy_);
        model.heads.emplace(kBestParts[2], best->value_);
    }
    return model;
}

}  // namespace gridlab::gomoku
