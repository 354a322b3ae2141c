// The Minesweeper learner: a small convolutional network that looks at the board as a player sees it
// and gives every hidden cell a score, the chance it thinks the cell holds a mine. The agent opens the
// cell with the lowest score. It learns only from its own games in the environment (env.h):
//
//   - every step it takes is a lesson about one cell: the reward of that step is negative exactly
//     when the cell was a mine, so "what reward will opening this cell bring?" is "is it a mine?";
//   - a won game ends with every mine still hidden and every other cell open, so at the end of a
//     won game every cell of every board it saw on the way gets its answer too.
//
// The network never sees the mine layout or a solver: only observations, rewards and game ends. The
// same weights play any board size, because a convolution slides the same small filters over every
// cell (a 3x3 filter sees a cell and its neighbours, as a player reading numbers does; four of them
// in a row see 9x9).
//
// The trainer is anytime like the AIs: think(ms) plays and learns for about that long and returns,
// so the web app can run it in a worker or in slices; the weights after N episodes do not depend on
// the slicing, and are bit-identical natively and in WebAssembly for the same seed.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/grid.h"
#include "core/rng.h"
#include "learn/model_file.h"
#include "learn/nn.h"
#include "minesweeper/env.h"
#include "minesweeper/solver.h"

namespace gridlab::minesweeper {

// What a board revealed at a game's end says of each cell (`mines`: 1 where a mine is): 1 a mine,
// 0 safe, kSafeZero safe with no mine around it; the labels of every hidden cell seen in the game.
constexpr int8_t kSafeZero = 2;
std::vector<int8_t> revealed_labels(const Grid<uint8_t>& mines);

// The network's input for one board: planes 0-8 one-hot of the open numbers, plane 9 the hidden cells
// (flags count as hidden: the agent never flags), plane 10 the density of mines among hidden cells on
// every cell (the mine counter, which a player sees too). Off the board, every plane is 0. A network
// that looks twice (NetworkShape::second_look) has a twelfth plane, its estimates: on every hidden
// cell the density at the first look, the first look's chance of a mine at the second.
constexpr int kLearnedInputPlanes = 11;
constexpr int kEstimatePlane = 11;

struct NetworkShape {
    int width = 16;  // channels of each hidden layer
    int depth = 4;   // 3x3 convolution layers (each followed by ReLU) before the 1x1 layer that scores
    // A global-pooling layer (learn::GlobalPool) before the last 3x3 convolution: every cell also
    // sees the board's means of the channels (how much is still hidden, say).
    bool pool = false;
    int dilation = 1;  // of the middle 3x3 convolutions (not the first, not the last): they see further
    // A second output per cell, learned beside the first and used for nothing else: the chance that
    // the cell is safe and shows 0 (no mine around it), which the board revealed at a game's end
    // tells as surely as the mines. On beginner it won no more games than the defaults at equal CPU
    // (it costs 6.5% per update); on expert it made the network worse (docs/minesweeper-learning.md).
    bool zero_head = false;
    // The network looks at the board twice with the same weights, the second time seeing the chances
    // its first look gave every hidden cell (the estimates plane): a mine it is sure of in one place
    // then tells what it means for the cells beyond, further than one look's 9x9 view. Twice
    // the arithmetic per move and per update, and at equal CPU more games won on every level
    // measured (docs/minesweeper-learning.md).
    bool second_look = true;
};

// The planes of a network's input: kLearnedInputPlanes, and the estimates plane when it looks twice.
int input_planes(const NetworkShape& shape);

// Conv 3x3 (input_planes(shape) -> width), ReLU, (depth - 1) x [conv 3x3 (width -> width), ReLU], conv 1x1 (width -> 1,
// or 2 with the zero head): per cell, sigmoid(first logit) = the chance the cell is a mine (and
// sigmoid(second) = the chance it is safe with no mine around it). Weights not initialised.
learn::Network make_cell_network(const NetworkShape& shape);

// Writes the input planes of `view` (a player view: 0..8 open, kHidden, kFlag) into sample n of
// `inputs`, a tensor of shape (N, planes, rows, cols) with input_planes() planes: with the estimates
// plane, the first look's (the density on every hidden cell).
void encode_view(std::span<const int8_t> view, int mines, learn::Tensor& inputs, int n);

// For the second look: the estimates plane of sample n of `inputs` gets, on every hidden cell,
// sigmoid(mine_logits[cell]) (the cells in the order of the input's board).
void write_estimates(learn::Tensor& inputs, int n, const float* mine_logits);

// A board learned on before the run's own: a curriculum is a list of them, each for some episodes.
struct Stage {
    Settings board;
    int64_t episodes = 0;
};

struct TrainSettings {
    Settings board = level_settings("beginner");  // the first click (Safe, Zero, None) goes to the eval's cell
    // On a board larger than 9x9, the run's first `warm_up` episodes are played on 9x9 boards of the
    // same density of mines (warm_up_board), before any curriculum: the numbers teach the same lessons
    // there for a sixth of the arithmetic per board, and the same filters then play the large board.
    int64_t warm_up = 5000;
    // Boards to learn on next, in order, each for its episodes, before `board` (for the rest of the
    // run): the same filters fit every board, and small boards' games are quicker lessons.
    std::vector<Stage> curriculum;
    RewardScheme rewards = RewardScheme::Seed000;
    NetworkShape shape;
    float learning_rate = 0.002f;
    // Chance that a step opens a random hidden cell instead of the best. None by default: on a large
    // board a random cell is a mine one time in five, so random steps end the long games (whose
    // middles and ends are the lessons) early; the network's own mistakes explore enough.
    double exploration = 0.0;
    // Boards per update; 0 (the default): batch_for() picks by the board, 16 on a board of 81 cells
    // or fewer and on a larger one as many as hold about as many cells (16 x 30: 3), so an update
    // costs the same on every board and a large board's run plays more of its games.
    int batch = 0;
    int steps_per_update = 4;   // environment steps between two updates
    int replay_capacity = 20000;  // boards remembered; the oldest are forgotten first
    int window = 100;           // episodes per point of the learning curve
    uint64_t seed = 1;
};

// The boards per update of a run's games on `board`: settings.batch, or when that is 0 the number of
// boards, 1 to 16, whose cells come nearest to those of 16 boards of 9x9 (1,296).
int batch_for(const TrainSettings& settings, const Settings& board);

// Throws std::invalid_argument naming the first setting out of range.
void validate(const TrainSettings& settings);

// The warm-up's board for `board`: 9x9, as many mines as the same density gives (rounded, at least 1),
// the same first-click rule.
Settings warm_up_board(const Settings& board);

// Whether a run of these settings warms up: its board is larger than 9x9 and warm_up is not 0.
bool warms_up(const TrainSettings& settings);

// The boards a run plays before its own: the warm-up (when it warms up), then the curriculum.
std::vector<Stage> stages(const TrainSettings& settings);

// One point per `window` episodes.
struct CurvePoint {
    int64_t episodes = 0;  // episodes played when the point was taken
    double win_rate = 0;   // of the window's episodes (exploration included)
    double mean_reward = 0;
    double loss = 0;       // mean training loss of the window's updates
};

// The curve as [[episodes, win_rate, mean_reward, loss], ...], as model files keep it.
nlohmann::json curve_points_json(const std::vector<CurvePoint>& curve);

class Trainer {
public:
    explicit Trainer(const TrainSettings& settings);  // throws std::invalid_argument for bad settings
    // Resumes the run saved in a model file of network() and describe(): its settings, weights,
    // counts and curve. The replay buffer and Adam's moments are not in the file and start empty, and
    // the games go on from a stream of their own, so a resumed run is not bit-identical to one that
    // never stopped. Throws std::invalid_argument if the description is incomplete or out of range,
    // or the network is not the shape it describes.
    explicit Trainer(const learn::Model& model);

    // Plays and learns for about `budget_ms` (at least one step).
    void think(double budget_ms);
    // Plays and learns until `episodes` episodes have ended in all.
    void train_until(int64_t episodes);
    // As think(), but stops early where an episode ends: a training job's slice never waits for a
    // whole expert episode (~0.5 s), and a run to N episodes stops where train_until(N) does.
    void advance(double budget_ms);

    int64_t episodes() const { return episodes_; }
    int64_t steps() const { return steps_; }
    int64_t updates() const { return updates_; }
    const std::vector<CurvePoint>& curve() const { return curve_; }
    const learn::Network& network() const { return network_; }
    const TrainSettings& settings() const { return settings_; }
    // What a model file keeps besides the weights: the board, the rewards, the shape and the run
    // (its counts and its curve, see curve_points_json).
    nlohmann::json describe() const;

private:
    struct Sample {                  // one board the agent decided on
        std::vector<int8_t> view;    // the player view before the step
        std::vector<int8_t> labels;  // per cell: -1 unknown, else revealed_labels'
    };
    void step();  // one environment step, and an update when one is due
    const Settings& board() const;  // the board of this episode: the curriculum's, then the run's own
    void start_episode();
    void end_episode();
    int choose(std::span<const int8_t> view);
    void update();

    TrainSettings settings_;
    std::vector<Stage> stages_;  // stages(settings_)
    Env env_;
    learn::Network network_;
    std::unique_ptr<learn::Optimizer> optimizer_;
    Rng rng_;
    int first_cell_;
    std::vector<Sample> episode_;    // this episode's boards, labelled when it ends
    std::vector<Sample> replay_;     // a ring of at most replay_capacity boards
    size_t replay_next_ = 0;
    learn::Tensor one_board_, batch_inputs_, batch_targets_, batch_weights_;
    int64_t episodes_ = 0, steps_ = 0, updates_ = 0;
    double episode_reward_ = 0;
    // Sums over the current curve window.
    int window_wins_ = 0, window_episodes_ = 0, window_updates_ = 0;
    double window_reward_ = 0, window_loss_ = 0;
    std::vector<CurvePoint> curve_;
};

// The learned agent as a solver: its knowledge is the network's chance of a mine for every hidden
// cell (what the app shows as its view), and it opens, of the cells nearly as safe as the safest (a
// chance up to 1.3 times the lowest), the one with the fewest hidden neighbours: it opens a zero
// more often (reason FewerHidden when that is not the safest). The network looks at the board in
// each of its orientations (8 for a square board, 4 otherwise) and a cell's score is the mean of its
// scores; a network with the estimates plane then looks again, each orientation seeing those means.
// It proves nothing, so every move is a guess and `safe`/`mines` stay empty. (The trainer's own games
// open the safest cell: this rule is how the solver plays, not what the network learns.)
class LearnedSolver : public InstantSolver {
public:
    // Throws std::invalid_argument for a network that cannot score a board's cells (see learner.cpp).
    explicit LearnedSolver(learn::Network network);
    std::string_view name() const override { return "learned"; }

protected:
    Decision decide_now(const Position& position) override;

private:
    learn::Network network_;
    int looks_;  // 2 for a network with the estimates plane, else 1
    learn::Tensor input_;
};

}  // namespace gridlab::minesweeper
