// The AlphaZero learner for Gomoku (after AlphaZero_Gomoku): the network plays games against itself,
// each move chosen by the search (az_mcts.h), and learns from them:
//   - every position of a game becomes a sample: the board, the share of the search's visits each move
//     got (what the network's policy should have said), and who won in the end (what its value should
//     have said); each sample is stored in the board's 8 orientations (rotations and mirror images
//     are the same position to Gomoku), in a replay buffer of the latest samples;
//   - after each game, a few minibatch updates with Adam: policy cross-entropy + value squared error,
//     plus L2 weight decay;
//   - every few games, an evaluation: games against a fixed opponent, the next on a ladder of stronger
//     ones (pure-mcts at rising playouts, then mcts) once the network scores 75% against it; the
//     network of the best evaluation is kept, so that a later collapse does not replace it.
// Self-play explores twice: Dirichlet noise in the root's priors, and the first moves of a game drawn
// in proportion to their visits (temperature 1) rather than the most visited.
//
// Anytime like the other learners: think(ms) plays and learns for about that long, so the web app can
// run it in slices or a worker. A slice may end inside a move: one search of 400 playouts takes about
// 32 ms of CPU with the default network natively (about 1.5 times that in WebAssembly), too long for
// a frame, so the search of the move in progress is kept and goes on in the next slice; likewise each
// update after a game passes its batch through the network in parts (kUpdatePart samples, one part per
// unit of work: a whole batch of 128 on 8x8 takes 50-65 ms natively, more than a worker's slice). The
// weights after N games do not depend on the slicing and are bit-identical natively and in WebAssembly.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rng.h"
#include "gomoku/az_mcts.h"
#include "gomoku/az_network.h"
#include "gomoku/mcts.h"

namespace gridlab::gomoku {

struct AzTrainSettings {
    Settings board{6, 4, Rule::Freestyle};
    AzShape shape;
    int64_t playouts = 400;      // self-play search per move
    float learning_rate = 0.002f;
    float weight_decay = 1e-4f;  // L2
    int batch = 128;             // samples per update
    int updates_per_game = 4;
    int replay_capacity = 10000;  // samples (one per orientation); the oldest go first
    int temperature_moves = 6;    // moves of a self-play game drawn in proportion to visits
    RootNoise noise;
    int eval_every = 50;          // self-play games between evaluations (0: never)
    int eval_games = 10;          // colours alternated
    int64_t eval_az_playouts = 400;
    // The ladder of opponents (evaluation_ladder): pure-mcts from eval_pure_playouts to eval_pure_max
    // in steps of 1000, then mcts from eval_mcts_playouts (0: none) doubling to eval_mcts_max. The
    // next evaluation plays the next one once the network scores kLadderPass against the last.
    int64_t eval_pure_playouts = 1000;
    int64_t eval_pure_max = 5000;
    int64_t eval_mcts_playouts = 0;
    int64_t eval_mcts_max = 0;
    int window = 10;              // self-play games per point of the loss curve
    int64_t lesson_games = 0;     // the games a lesson of the Learn screen plays (0: no end); not used here
    uint64_t seed = 1;
};

// The measured best settings for a board (docs/gomoku-alphazero.md), the Learn screen's presets and
// `gridlab gomoku train`'s defaults: five in a row gets the 8x8 lesson's, four in a row the 6x6 one's.
AzTrainSettings lesson_settings(const Settings& board);

// Throws std::invalid_argument naming the first setting out of range.
void validate(const AzTrainSettings& settings);

// Symmetry k (0..7) of a cell on a size x size board: k % 4 quarter turns clockwise, then a mirror
// image (columns reversed) when k >= 4. Symmetry 0 is the identity.
int transform_cell(int action, int size, int symmetry);

struct AzCurvePoint {
    int64_t games = 0;
    double policy_loss = 0;  // mean cross-entropy of the window's updates
    double value_loss = 0;   // mean squared error
    double moves = 0;        // mean length of the window's self-play games
};

// An opponent of the evaluations: one of the fixed AIs (ai.h) with a playout budget.
struct AzOpponent {
    const char* ai = "pure-mcts";  // or "mcts"
    int64_t playouts = 0;
};

// The evaluations' opponents, weakest first (see AzTrainSettings).
std::vector<AzOpponent> evaluation_ladder(const AzTrainSettings& settings);
constexpr double kLadderPass = 0.75;  // the share of the points that moves the ladder on

struct AzEvaluationPoint {
    int64_t games = 0;  // self-play games when it was played
    int level = 0;      // the opponent's place on the ladder, from 0
    AzOpponent opponent;
    int wins = 0, draws = 0, losses = 0;
    double win_ratio() const;  // (wins + draws / 2) / games, as AlphaZero_Gomoku counts
    // The strength curve's value: the levels passed, and the share of the points against the next.
    double strength() const { return level + win_ratio(); }
};

class AzTrainer {
public:
    explicit AzTrainer(const AzTrainSettings& settings);  // throws std::invalid_argument
    // Resumes the run of a model file written by to_model(describe()): the settings, the weights (the
    // latest, and the best evaluated), the counts, the curves, the evaluations and the ladder's level. The
    // replay buffer and Adam's moments start afresh, and so does a game or an evaluation that was in
    // progress (an evaluation due at the saved count is played again). Throws learn::ModelError when
    // the description is incomplete or out of range or the network is not the shape it describes.
    explicit AzTrainer(const learn::Model& model);

    void think(double budget_ms);  // at least a few playouts or a part of an update; may end inside a move
    // Plays and learns until `games` self-play games have ended, with the updates and the evaluation
    // that follow the last.
    void train_until(int64_t games);
    // One unit of work: a part of one of the updates after a game (kUpdatePart samples of its batch:
    // about 15 ms on 8x8 with the lesson's network), or else the move in progress: its search for
    // about budget_ms (at least a few playouts), and the move itself once the search is done.
    void advance(double budget_ms);
    void step();  // a part of an update, or the rest of the move in progress (self-play or evaluation)

    // An update's samples per unit of work. The gradients of the parts add up in the network and Adam
    // steps once the batch is whole; each part's loss gradient, of its own mean scaled by its share of
    // the batch, is the batch's, to the bit when the batch is a power-of-two multiple of the part
    // (128; the curve's losses, sums of the parts' means, may differ in the last bits).
    static constexpr int kUpdatePart = 32;

    // The next unit of work begins a move (self-play or evaluation), with the root's screening.
    bool move_begins_next() const { return !searching_ && pending_updates_ == 0; }
    int64_t games() const { return games_; }
    int64_t moves() const { return moves_; }
    int64_t updates() const { return updates_; }
    const std::vector<AzCurvePoint>& curve() const { return curve_; }
    const std::vector<AzEvaluationPoint>& evaluations() const { return evaluations_; }
    bool evaluating() const { return evaluation_.has_value(); }  // playing an evaluation's games
    // The updates or the evaluation that follow a self-play game are not done.
    bool between_games() const { return pending_updates_ > 0 || evaluating(); }
    int level() const { return level_; }  // the ladder's level of the next evaluation's opponent
    const AzNetwork& network() const { return *network_; }  // the latest weights, which training goes on with
    // The network of the best evaluation so far (the latest, with the most games, among equals), which
    // a later collapse does not replace; the latest network before the first evaluation.
    const AzNetwork& best_network() const { return best_ ? *best_ : *network_; }
    int best_evaluation() const { return best_evaluation_; }  // its index in evaluations(), -1 before any
    const AzTrainSettings& settings() const { return settings_; }
    const State& self_play_position() const { return game_; }
    // Settings and the run's history, as a model file keeps them.
    nlohmann::json describe() const;
    // The run as a model file's content: the latest network with the `description`, and the best
    // network beside it (AzNetwork::from_model plays the best).
    learn::Model to_model(nlohmann::json description) const;

    // One sample: the input planes, the visit shares (policy target), the outcome for the side to
    // move (+1 won, -1 lost, 0 drawn). Public for the tests of the augmentation.
    struct Sample {
        std::vector<float> planes;  // kAzInputPlanes x size x size
        std::vector<float> visits;  // size x size
        float outcome = 0;
    };
    // The 8 orientations of `sample` (symmetry k at index k, see transform_cell).
    static std::array<Sample, 8> symmetries(const Sample& sample, int size);

private:
    void make_optimisers();
    void begin_move();
    Mcts& mover();  // the search of the move in progress
    void finish_self_play_move();
    void end_self_play_game();
    void after_updates();
    bool update_part();  // true when the update is whole
    bool evaluation_due() const;
    void start_evaluation();
    void finish_evaluation_move();
    void start_evaluation_game();

    AzTrainSettings settings_;
    std::shared_ptr<AzNetwork> network_;
    std::unique_ptr<learn::Adam> trunk_adam_, policy_adam_, value_adam_;
    Rng rng_;
    State game_;
    std::vector<Sample> game_samples_;
    std::vector<Stone> game_movers_;
    std::unique_ptr<Mcts> self_play_search_;  // of the self-play move in progress
    bool searching_ = false;                   // a move's search has begun and is not done
    int pending_updates_ = 0;                  // updates still to make after the last game
    int update_samples_ = 0;                   // of the update in progress, the samples its parts have passed
    std::vector<Sample> replay_;
    size_t replay_next_ = 0;
    learn::Tensor inputs_, policy_targets_, mask_, value_targets_;
    int64_t games_ = 0, moves_ = 0, updates_ = 0;
    // The evaluation in progress, if any.
    struct Evaluation {
        AzEvaluationPoint point;
        int game = 0;
        State state{Settings{}};  // spelt out: State() is explicit, which aggregate initialisation cannot call
        std::unique_ptr<Mcts> az, opponent;
    };
    std::optional<Evaluation> evaluation_;
    int level_ = 0;
    std::optional<AzNetwork> best_;
    int best_evaluation_ = -1;
    // Sums over the current curve window.
    int window_games_ = 0, window_updates_ = 0;
    double window_policy_loss_ = 0, window_value_loss_ = 0, window_moves_ = 0;
    std::vector<AzCurvePoint> curve_;
    std::vector<AzEvaluationPoint> evaluations_;
};

}  // namespace gridlab::gomoku
