// The policy-value network of the AlphaZero learner: it looks at a Gomoku position and says which
// moves look good (the policy, a probability for every empty cell) and who is winning (the value, -1
// lost .. +1 won for the side to move). The search (az_mcts.h) asks it instead of playing random games.
//
// Shape: a trunk of 3x3 convolutions (each followed by ReLU) shared by two heads:
//   policy: a 1x1 convolution to one logit per cell, or (policy_planes > 0) a 1x1 convolution to a few
//           planes, ReLU, and a dense layer to one logit per cell, so that every cell's logit sees the
//           whole board (a small trunk sees only 2 * layers + 1 cells across); a softmax over the
//           empty cells gives the priors;
//   value:  a 1x1 convolution to 2 planes, ReLU, dense to 32, ReLU, dense to 1, tanh.
// These are three learn::Networks: the trunk's output feeds both heads, and backward adds the two
// heads' gradients before they go back through the trunk.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/rng.h"
#include "gomoku/rules.h"
#include "learn/model_file.h"
#include "learn/nn.h"

namespace gridlab::gomoku {

// The input planes: the side to move's stones, the opponent's stones, the last move, and a plane of
// ones when black is to move (zeros when white is).
constexpr int kAzInputPlanes = 4;
constexpr int kAzMinSize = 5, kAzMaxSize = 15;
constexpr int kAzMinWin = 4, kAzMaxWin = 5;

struct AzShape {
    int channels = 32;  // of each trunk layer
    int layers = 3;     // 3x3 convolutions in the trunk
    int policy_planes = 0;  // 0: a 1x1 convolution to the logits; else planes before a dense layer

    bool operator==(const AzShape&) const = default;
};

// Writes the planes of `state` into sample n of `inputs`, shape (N, kAzInputPlanes, size, size).
void encode_position(const State& state, learn::Tensor& inputs, int n);

// What the network says about one position.
struct AzEvaluation {
    std::vector<float> priors;  // per action (row * size + col): 0 on occupied cells, summing to 1
    float value = 0;            // for the side to move, -1..1
};

class AzNetwork {
public:
    // Weights 0 (init() draws them). Throws std::invalid_argument for a board or shape out of range.
    AzNetwork(const Settings& board, const AzShape& shape);
    // The network of a model file made by to_model(), for the board it records: the best one it keeps,
    // if any, else its network (latest_from_model). Throws learn::ModelError for a model of another
    // game, a board out of range, or a file without both heads or of another shape.
    static AzNetwork from_model(const learn::Model& model);
    // The model's own network (the trunk and the heads "policy" and "value"), which training goes on with.
    static AzNetwork latest_from_model(const learn::Model& model);
    // Throws learn::ModelError ("the model is for 6x6, 4 in a row, not 8x8, 5 in a row") unless
    // `board` has this network's size and win length.
    void require_board(const Settings& board) const;

    void init(Rng& rng);
    // One position, for the search. The state must be ongoing and of this network's board.
    AzEvaluation evaluate(const State& state);

    // A batch, for training: inputs (N, kAzInputPlanes, size, size) -> policy logits (N, 1, size,
    // size) and values (N, 1), valid until the next forward(). backward() takes the losses'
    // gradients of the last forward().
    struct Outputs {
        const learn::Tensor& logits;
        const learn::Tensor& values;
    };
    Outputs forward(const learn::Tensor& inputs);
    void backward(const learn::Tensor& logits_grad, const learn::Tensor& values_grad);

    learn::Network& trunk() { return trunk_; }
    learn::Network& policy_head() { return policy_; }
    learn::Network& value_head() { return value_; }
    const Settings& board() const { return board_; }
    const AzShape& shape() const { return shape_; }
    std::size_t parameter_count() const;
    // FNV-1a 64 over the weights of the trunk, the policy head and the value head, in that order:
    // equal hashes mean bit-identical networks.
    uint64_t weight_hash() const;
    // A model file's content: game "gomoku", the trunk with heads "policy" and "value", and in the
    // settings the board ("size", "win") merged into `settings`; with `best`, that network's three
    // parts too, as the heads "best.trunk", "best.policy" and "best.value" (which from_model plays).
    learn::Model to_model(nlohmann::json settings, const AzNetwork* best = nullptr) const;

private:
    Settings board_;
    AzShape shape_;
    learn::Network trunk_, policy_, value_;
    learn::Tensor one_position_, trunk_grad_;
};

}  // namespace gridlab::gomoku
