// The Puyo learner: an agent that learns how good a field is from its own games, and plays by it.
//
// For the current pair it tries every legal placement of the 22 and looks at what each leaves: the
// score the placement earns at once (the chain it sets off, if any) and the field after the chain,
// the "afterstate". It plays the placement with the best
//
//     score now / kScoreScale + gamma * V(afterstate)
//
// where V is a small network: "what will I still score from this field until the game ends?". It
// learns V by temporal-difference learning: after each game, every afterstate it played gets the
// lambda-return as its target (the score of the next move plus the value of the next afterstate,
// mixed with what actually followed, see lambda_returns), and the network is pulled towards it.
//
// V sees the field in one of two ways, which the lesson compares:
//  - `features`: numbers a player would name (column heights, bumpiness, wells, same-colour links,
//    groups of 2 and 3, the biggest chain one or two added puyos would set off, danger), into a small
//    dense network;
//  - `field`: the raw field, one plane per colour and one for empty cells, into a small convolutional
//    network that has to find such things itself.
// Both also get the pairs left before the game ends (capped at kPairsLeftCap), without which a field
// holding a big unfired chain could not be told from one that will never fire it.
//
// The trainer is anytime like the AIs: think(ms) plays and learns for about that long; the weights after
// N games do not depend on the slicing and are bit-identical natively and in WebAssembly.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rng.h"
#include "learn/model_file.h"
#include "learn/nn.h"
#include "puyo/ai.h"

namespace gridlab::puyo {

enum class LearnerInputs { Features, Field };
std::string inputs_name(LearnerInputs inputs);           // "features", "field"
LearnerInputs parse_inputs(const std::string& name);     // throws std::invalid_argument

// Scores are divided by this before the network sees them: one unit of value is 1,000 points, so a
// 5-chain (a few thousand points) is worth a few units and a 10-chain (tens of thousands) tens. The
// scale is linear, not a logarithm, because temporal-difference learning adds rewards along a game:
// V(field) must be the sum of the scores still to come, and a logarithm of a sum is not a sum of
// logarithms. A logarithm would also flatten exactly what the agent must learn to want: a big chain
// scores far more than the small chains made of the same puyos.
constexpr double kScoreScale = 1000.0;
// The pairs-left input counts at most this many: further ahead, the end of the game does not matter.
constexpr int kPairsLeftCap = 50;

// The hand-made features, in this order (each scaled to about 0..1, see features.cpp's comments).
enum Feature : int {
    kHeight0,  // heights of columns 0..5, /12
    kBumpiness = kHeight0 + kColumns,  // sum of |height difference| of neighbouring columns, /24
    kWells,          // sum over columns of how far each lies below both neighbours (walls count 12), /24
    kPuyoCount,      // puyos in the visible rows, /72
    kLinks,          // neighbouring pairs of same-coloured puyos, /36
    kGroupsOfTwo,    // groups of exactly 2 same-coloured puyos, /12
    kGroupsOfThree,  // groups of exactly 3, /12
    kPotentialChain,  // the longest chain one or two added puyos of one colour set off, /10
    kPotentialScore,  // that chain's score, log(1 + score / 100) / 10
    kPotentialNeedsTwo,  // 1 when that chain needs two added puyos
    kDanger,        // how far the spawn column stands above 9, /3
    kPairsLeft,     // min(pairs left, kPairsLeftCap) / kPairsLeftCap (no limit counts as the cap)
    kFeatureCount
};
std::array<float, kFeatureCount> field_features(const Field& field, int pairs_left);

// The raw-field planes: colours 1..5, then empty; a last plane holds the pairs-left input everywhere.
constexpr int kFieldPlanes = kMaxColors + 2;

struct ValueShape {
    LearnerInputs inputs = LearnerInputs::Features;
    int width = 64;  // hidden units (features) or channels (field)
};
int default_width(LearnerInputs inputs);  // 64 for features, 16 for the field
// features: dense (kFeatureCount -> width), ReLU, dense (width -> width), ReLU, dense (width -> 1).
// field: conv 3x3 (kFieldPlanes -> width), ReLU, conv 3x3 (width -> width), ReLU, dense (-> 32), ReLU,
// dense (32 -> 1). Weights not initialised.
learn::Network make_value_network(const ValueShape& shape, RuleSet rules);

// The network's input tensor for `count` fields, and one field's input in sample n of it.
std::vector<int> input_shape(LearnerInputs inputs, RuleSet rules, int count);
void encode(LearnerInputs inputs, const Field& field, int pairs_left, learn::Tensor& batch, int n);

// TD(lambda) targets of one game's afterstates, computed backwards from its end: rewards[t] is the
// (scaled) score of the move after afterstate t, next_values[t] the value V gave the afterstate that
// move led to (0 when the game ended there), and
//     G[t] = rewards[t] + gamma * ((1 - lambda) * next_values[t] + lambda * G[t + 1]),  G[T] = 0.
// lambda 0 is TD(0) (one step, then trust V); lambda 1 is the plain sum of the scores that followed.
std::vector<float> lambda_returns(const std::vector<float>& rewards, const std::vector<float>& next_values,
                                  float gamma, float lambda);

// What each placement of the current pair is worth to the agent.
struct Candidate {
    bool legal = false;
    MoveResult move;         // what the placement scores at once
    bool ends_game = false;  // the game is over after it (lost, or the last pair)
    float value = 0;         // V(afterstate), 0 when the game ends there
    float total = 0;         // move.score / kScoreScale + gamma * value
};

// Tries every legal placement of the current pair (the state must not be terminal) and scores it by
// the network; `afterstates` receives the state after each placement (index = action).
class PlacementScorer {
public:
    PlacementScorer(LearnerInputs inputs, RuleSet rules) : inputs_(inputs), rules_(rules) {}
    void score(const State& state, learn::Network& network, float gamma);
    const std::array<Candidate, kPlacementCount>& candidates() const { return candidates_; }
    const State& afterstate(int action) const { return afterstates_[static_cast<size_t>(action)]; }
    int best() const;  // the legal action with the highest total (the first in action order on ties)

private:
    LearnerInputs inputs_;
    RuleSet rules_;
    std::array<Candidate, kPlacementCount> candidates_{};
    std::vector<State> afterstates_;
    learn::Tensor batch_;
};

struct TrainSettings {
    RuleSet rules = RuleSet::Tsu;
    int colors = 4;
    int pairs = 50;  // pairs per training game
    ValueShape shape;
    float learning_rate = 0.001f;
    double exploration = 0.05;  // chance that a move is a random legal placement
    float gamma = 1.0f;         // the games are short (pairs), so future scores count in full
    float lambda = 0.7f;
    int batch = 32;             // afterstates per update
    int updates_per_game = 4;
    int replay_capacity = 20000;  // afterstates remembered with their targets; the oldest go first
    int window = 50;            // games per point of the learning curve
    uint64_t seed = 1;
};
// Throws std::invalid_argument naming the first setting out of range.
void validate(const TrainSettings& settings);

// One point per `window` games (exploratory moves included).
struct CurvePoint {
    int64_t games = 0;
    double mean_score = 0;
    double mean_max_chain = 0;
    double loss = 0;  // mean training loss of the window's updates
};
// [[games, mean_score, mean_max_chain, loss], ...], as model files keep it.
nlohmann::json curve_points_json(const std::vector<CurvePoint>& curve);

class Trainer {
public:
    explicit Trainer(const TrainSettings& settings);  // throws std::invalid_argument for bad settings
    // Resumes the run of a model file written from network() and describe() (weights, counts, curve);
    // the replay memory and Adam's moments start afresh. Throws learn::ModelError (an
    // std::invalid_argument) when the description is incomplete or out of range, or the network is
    // not the shape it describes.
    explicit Trainer(const learn::Model& model);

    void think(double budget_ms);        // plays and learns for about this long (at least one move)
    void train_until(int64_t games);     // plays and learns until this many games have ended

    int64_t games() const { return games_; }
    int64_t moves() const { return moves_; }
    int64_t updates() const { return updates_; }
    const std::vector<CurvePoint>& curve() const { return curve_; }
    const learn::Network& network() const { return network_; }
    const TrainSettings& settings() const { return settings_; }
    const State& state() const { return state_; }                  // the game being played
    const PlacementScorer& scorer() const { return scorer_; }     // the last decision's candidates
    nlohmann::json describe() const;  // the settings and the run, for the model file

private:
    struct Sample {
        Field field;
        int pairs_left = 0;
        float target = 0;
    };
    struct Step {  // one afterstate the agent played, before its game has ended
        Field field;
        int pairs_left = 0;
        float reward_after = 0;  // the scaled score of the next move
        float next_value = 0;    // V of the next afterstate (0 if the game ended)
    };
    void move();  // one placement; an episode's end and its updates when it ends
    void end_game();
    void update();

    TrainSettings settings_;
    learn::Network network_;
    std::unique_ptr<learn::Adam> optimizer_;
    Rng rng_;
    State state_;
    PlacementScorer scorer_;
    std::vector<Step> episode_;
    std::vector<Sample> replay_;
    size_t replay_next_ = 0;
    learn::Tensor batch_inputs_, batch_targets_;
    int64_t games_ = 0, moves_ = 0, updates_ = 0;
    int window_games_ = 0, window_updates_ = 0;
    double window_score_ = 0, window_chain_ = 0, window_loss_ = 0;
    std::vector<CurvePoint> curve_;
};

// The trained agent as an AI: the placement with the best total, by a model file's network. With
// `lookahead` it also tries the next pair (shown in the preview) after each placement of the current
// one, and values a placement by its score now plus the best total the next pair can then reach:
// 22 x 22 fields instead of 22, a network pass per placement of the current pair.
class LearnedAi : public Ai {
public:
    // Throws std::invalid_argument when the model's settings do not name its inputs and rules.
    explicit LearnedAi(const learn::Model& model, bool lookahead = false);
    std::string name() const override { return "learned"; }
    RuleSet rules() const { return rules_; }  // begin() refuses a game under other rules
    void begin(const State& state) override;
    void think(double) override {}
    bool finished() const override { return true; }
    Plan result() const override { return plan_; }
    const PlacementScorer& scorer() const { return scorer_; }

private:
    LearnedAi(const learn::Model& model, const TrainSettings& settings, bool lookahead);
    int choose_with_lookahead();  // the placement of the current pair with the best two-pair total

    learn::Network network_;
    float gamma_;
    RuleSet rules_;
    bool lookahead_;
    PlacementScorer scorer_, next_scorer_;
    Plan plan_;
};

}  // namespace gridlab::puyo
