#include "minesweeper/learner.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>

#include "core/time_budget.h"
#include "minesweeper/play.h"

namespace gridlab::minesweeper {

namespace {

constexpr int kHiddenPlane = 9;
constexpr int kDensityPlane = 10;
constexpr int kWarmUpSide = 9;  // the warm-up's boards are 9x9, beginner's size
constexpr int kBoardsPerUpdate = 16;  // batch_for()'s boards of 9x9 (measured on beginner)

bool hidden(int8_t view) { return view == kHidden || view == kFlag; }

void require(bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument(what);
}

// Where cell (r, c) goes under symmetry k of a rows x cols board: bit 0 flips the rows, bit 1 the
// columns, bit 2 (square boards only) swaps rows and columns. The rules do not care, so each board
// the agent saw teaches the same lesson up to 8 times over, and the agent can look at a board in
// every orientation before it decides.
int symmetry_count(int rows, int cols) { return rows == cols ? 8 : 4; }

int symmetric_cell(int cell, int rows, int cols, int k) {
    int r = cell / cols, c = cell % cols;
    if (k & 1) r = rows - 1 - r;
    if (k & 2) c = cols - 1 - c;
    if (k & 4) std::swap(r, c);
    return r * cols + c;
}

int looks(const NetworkShape& shape) { return shape.second_look ? 2 : 1; }

}  // namespace

int input_planes(const NetworkShape& shape) { return kLearnedInputPlanes + looks(shape) - 1; }

learn::Network make_cell_network(const NetworkShape& shape) {
    learn::Network network;
    network.add(std::make_unique<learn::Conv2d>(input_planes(shape), shape.width));
    network.add(std::make_unique<learn::ReLU>());
    for (int layer = 1; layer < shape.depth; ++layer) {
        const bool last = layer == shape.depth - 1;
        if (last && shape.pool) network.add(std::make_unique<learn::GlobalPool>(shape.width));
        network.add(std::make_unique<learn::Conv2d>(last && shape.pool ? 2 * shape.width : shape.width, shape.width, 3,
                                                    last ? 1 : shape.dilation));
        network.add(std::make_unique<learn::ReLU>());
    }
    network.add(std::make_unique<learn::Conv2d>(shape.width, shape.zero_head ? 2 : 1, 1));
    return network;
}

std::vector<int8_t> revealed_labels(const Grid<uint8_t>& mines) {
    std::vector<int8_t> labels(mines.cells().size());
    for (int cell = 0; cell < mines.size(); ++cell) {
        int around = 0;
        mines.for_each_neighbour_index(cell, [&](int neighbour) { around += mines[neighbour] != 0; });
        labels[cell] = mines[cell] ? 1 : around == 0 ? kSafeZero : 0;
    }
    return labels;
}

void encode_view(std::span<const int8_t> view, int mines, learn::Tensor& inputs, int n) {
    const int cells = inputs.shape[2] * inputs.shape[3], plane_count = inputs.shape[1];
    assert(static_cast<int>(view.size()) == cells && plane_count >= kLearnedInputPlanes && plane_count <= kEstimatePlane + 1);
    float* planes = inputs.sample(n);
    std::fill(planes, planes + plane_count * cells, 0.0f);
    int hidden_cells = 0;
    for (int cell = 0; cell < cells; ++cell) {
        const int8_t value = view[cell];
        if (hidden(value)) {
            planes[kHiddenPlane * cells + cell] = 1.0f;
            ++hidden_cells;
        } else if (value >= 0 && value <= 8) {
            planes[value * cells + cell] = 1.0f;
        }
    }
    const float density = hidden_cells > 0 ? std::min(1.0f, static_cast<float>(mines) / static_cast<float>(hidden_cells)) : 0.0f;
    std::fill(planes + kDensityPlane * cells, planes + (kDensityPlane + 1) * cells, density);
    if (plane_count > kEstimatePlane)
        for (int cell = 0; cell < cells; ++cell)
            if (hidden(view[cell])) planes[kEstimatePlane * cells + cell] = density;
}

void write_estimates(learn::Tensor& inputs, int n, const float* mine_logits) {
    const int cells = inputs.shape[2] * inputs.shape[3];
    assert(inputs.shape[1] > kEstimatePlane);
    float* planes = inputs.sample(n);
    for (int cell = 0; cell < cells; ++cell)
        if (planes[kHiddenPlane * cells + cell] == 1.0f) planes[kEstimatePlane * cells + cell] = learn::sigmoid(mine_logits[cell]);
}

void validate(const TrainSettings& s) {
    validate(s.board);
    require(s.shape.width >= 1 && s.shape.width <= 128, "width: " + std::to_string(s.shape.width) + " is outside 1..128");
    require(s.shape.depth >= 1 && s.shape.depth <= 12, "depth: " + std::to_string(s.shape.depth) + " is outside 1..12");
    require(s.learning_rate > 0.0f && s.learning_rate <= 1.0f, "learning rate: must be in (0, 1]");
    require(s.exploration >= 0.0 && s.exploration <= 1.0, "exploration: must be in [0, 1]");
    require(s.batch >= 0 && s.batch <= 1024, "batch: " + std::to_string(s.batch) + " is outside 0..1024");
    require(s.steps_per_update >= 1 && s.steps_per_update <= 1000,
            "steps per update: " + std::to_string(s.steps_per_update) + " is outside 1..1000");
    require(s.replay_capacity >= (s.batch > 0 ? s.batch : kBoardsPerUpdate) && s.replay_capacity <= 1'000'000,
            "replay capacity: " + std::to_string(s.replay_capacity) + " is outside batch..1000000");
    require(s.window >= 1 && s.window <= 1'000'000, "window: " + std::to_string(s.window) + " is outside 1..1000000");
    require(s.warm_up >= 0 && s.warm_up <= 100'000'000, "warm-up: " + std::to_string(s.warm_up) + " episodes is outside 0..100000000");
    require(s.curriculum.size() <= 8, "curriculum: more than 8 stages");
    for (const Stage& stage : s.curriculum) {
        validate(stage.board);
        require(stage.episodes >= 1 && stage.episodes <= 100'000'000,
                "curriculum: " + std::to_string(stage.episodes) + " episodes is outside 1..100000000");
    }
}

Settings warm_up_board(const Settings& board) {
    constexpr int kCells = kWarmUpSide * kWarmUpSide;
    const double density = static_cast<double>(board.mines) / (board.rows * board.cols);
    // At most 72 mines leave the 9 cells a first click may need free.
    const int mines = std::clamp(static_cast<int>(std::lround(density * kCells)), 1, kCells - 9);
    return {kWarmUpSide, kWarmUpSide, mines, board.first_click};
}

int batch_for(const TrainSettings& settings, const Settings& board) {
    if (settings.batch > 0) return settings.batch;
    const double cells = kBoardsPerUpdate * kWarmUpSide * kWarmUpSide;
    return std::clamp(static_cast<int>(std::lround(cells / (board.rows * board.cols))), 1, kBoardsPerUpdate);
}

bool warms_up(const TrainSettings& settings) {
    return settings.warm_up > 0 && settings.board.rows * settings.board.cols > kWarmUpSide * kWarmUpSide;
}

std::vector<Stage> stages(const TrainSettings& settings) {
    std::vector<Stage> stages;
    if (warms_up(settings)) stages.push_back({warm_up_board(settings.board), settings.warm_up});
    stages.insert(stages.end(), settings.curriculum.begin(), settings.curriculum.end());
    return stages;
}

namespace {

EnvConfig training_env(const Settings& board, RewardScheme rewards) {
    // A step limit of the board's size never truncates: each step opens at least one cell.
    return {board, ObservationLayout::PlayerView, rewards, board.rows * board.cols};
}

const TrainSettings& validated(const TrainSettings& settings) {
    validate(settings);
    return settings;
}

const Settings& first_board(const TrainSettings& settings, const std::vector<Stage>& stages) {
    return stages.empty() ? settings.board : stages.front().board;
}

}  // namespace

Trainer::Trainer(const TrainSettings& settings)
    : settings_(validated(settings)),
      stages_(stages(settings_)),
      env_(training_env(first_board(settings_, stages_), settings_.rewards)),
      network_(make_cell_network(settings.shape)),
      rng_(Rng::for_stream(settings.seed, 1)),
      first_cell_(default_first_cell(first_board(settings_, stages_))) {
    Rng init_rng = Rng::for_stream(settings.seed, 0);
    network_.init(init_rng);
    optimizer_ = std::make_unique<learn::Adam>(network_, learn::AdamSettings{.learning_rate = settings.learning_rate});
}

namespace {

// The settings describe() wrote; what only the command line sets (batch, replay) may be absent.
TrainSettings settings_from_description(const nlohmann::json& d) {
    TrainSettings s;
    s.board.rows = d.at("rows").get<int>();
    s.board.cols = d.at("cols").get<int>();
    s.board.mines = d.at("mines").get<int>();
    s.board.first_click = parse_first_click(d.at("first_click").get<std::string>());
    s.rewards = parse_reward_scheme(d.at("rewards").get<std::string>());
    // Files from before the zero head or the second look had none.
    s.shape = {d.at("width").get<int>(), d.at("depth").get<int>(), d.value("pool", false), d.value("dilation", 1),
               d.value("zero_head", false), d.value("second_look", false)};
    s.learning_rate = d.at("learning_rate").get<float>();
    s.exploration = d.at("exploration").get<double>();
    s.batch = d.value("batch", s.batch);
    s.steps_per_update = d.value("steps_per_update", s.steps_per_update);
    s.replay_capacity = d.value("replay_capacity", s.replay_capacity);
    s.window = d.value("window", s.window);
    s.warm_up = d.value("warm_up", int64_t{0});  // files from before the warm-up had none
    s.seed = d.at("seed").get<uint64_t>();
    for (const nlohmann::json& stage : d.value("curriculum", nlohmann::json::array()))
        s.curriculum.push_back({{stage.at("rows").get<int>(), stage.at("cols").get<int>(), stage.at("mines").get<int>(),
                                 parse_first_click(stage.at("first_click").get<std::string>())},
                                stage.at("episodes").get<int64_t>()});
    return s;
}

}  // namespace

Trainer::Trainer(const learn::Model& model) try : Trainer(settings_from_description(model.settings)) {
    if (model.network.architecture() != network_.architecture())
        throw Refusal(translatable("the network is not the shape its settings describe"));
    network_ = model.network;
    optimizer_ = std::make_unique<learn::Adam>(network_, learn::AdamSettings{.learning_rate = settings_.learning_rate});
    const nlohmann::json& d = model.settings;
    episodes_ = d.at("episodes").get<int64_t>();
    steps_ = d.at("steps").get<int64_t>();
    updates_ = d.at("updates").get<int64_t>();
    rng_ = Rng::for_stream(settings_.seed, 2 + static_cast<uint64_t>(episodes_));
    for (const nlohmann::json& point : d.value("curve", nlohmann::json::array()))
        curve_.push_back({point.at(0).get<int64_t>(), point.at(1).get<double>(), point.at(2).get<double>(),
                          point.at(3).get<double>()});
} catch (const nlohmann::json::exception& error) {
    throw Refusal(translatable("the model's settings are incomplete ({reason})", {{"reason", error.what()}}));
}

void Trainer::think(double budget_ms) {
    const TimeBudget budget(budget_ms);
    do step();
    while (!budget.expired());
}

void Trainer::train_until(int64_t episodes) {
    while (episodes_ < episodes) step();
}

void Trainer::advance(double budget_ms) {
    const TimeBudget budget(budget_ms);
    const int64_t episodes = episodes_;
    do step();
    while (episodes_ == episodes && !budget.expired());
}

const Settings& Trainer::board() const {
    int64_t stage_end = 0;
    for (const Stage& stage : stages_)
        if (episodes_ < (stage_end += stage.episodes)) return stage.board;
    return settings_.board;
}

void Trainer::start_episode() {
    const Settings& board = this->board();
    if (board.rows != env_.config().settings.rows || board.cols != env_.config().settings.cols ||
        board.mines != env_.config().settings.mines || board.first_click != env_.config().settings.first_click) {
        // The next stage: its board's games, and a replay of its own (a batch is boards of one size).
        env_ = Env(training_env(board, settings_.rewards));
        first_cell_ = default_first_cell(board);
        replay_.clear();
        replay_next_ = 0;
    }
    env_.reset(rng_.next_u64());
    episode_reward_ = 0;
    // The first click is the evaluation's: always safe, so it teaches nothing and is not a sample.
    if (board.first_click != FirstClick::RandomStart) episode_reward_ += env_.step(first_cell_).reward;
}

void Trainer::step() {
    if (env_.episode_over()) {
        start_episode();
        if (env_.episode_over()) return end_episode();  // a tiny board the first click won
    }
    const std::span<const float> planes = env_.observation().planes;
    Sample sample{std::vector<int8_t>(planes.begin(), planes.end()), std::vector<int8_t>(planes.size(), -1)};
    const int action = choose(sample.view);
    const StepResult result = env_.step(action);
    ++steps_;
    episode_reward_ += result.reward;
    episode_.push_back(std::move(sample));
    if (env_.episode_over()) end_episode();
    const bool batch_ready = static_cast<int>(replay_.size()) >= batch_for(settings_, env_.config().settings);
    if (batch_ready && steps_ % settings_.steps_per_update == 0) update();
}

int Trainer::choose(std::span<const int8_t> view) {
    const std::span<const uint8_t> mask = env_.action_mask();
    if (rng_.chance(settings_.exploration)) {
        std::vector<int> legal;
        for (int cell = 0; cell < static_cast<int>(mask.size()); ++cell)
            if (mask[cell]) legal.push_back(cell);
        return rng_.pick(legal);
    }
    const Settings& board = env_.config().settings;
    one_board_.reset({1, input_planes(settings_.shape), board.rows, board.cols});
    encode_view(view, board.mines, one_board_, 0);
    const learn::Tensor* logits = &network_.forward(one_board_);  // the mines' plane first
    if (settings_.shape.second_look) {
        write_estimates(one_board_, 0, logits->values.data());
        logits = &network_.forward(one_board_);
    }
    int best = -1;
    for (int cell = 0; cell < static_cast<int>(mask.size()); ++cell)
        if (mask[cell] && (best < 0 || logits->values[cell] < logits->values[best])) best = cell;
    return best;
}

void Trainer::end_episode() {
    const bool won = env_.info().outcome == Outcome::Won;
    const Settings& board = env_.config().settings;
    Grid<uint8_t> mines(board.rows, board.cols);
    for (int cell = 0; cell < mines.size(); ++cell) mines[cell] = env_.mine_shown(cell);
    const std::vector<int8_t> answer = revealed_labels(mines);
    for (Sample& sample : episode_) {
        // The game is over, so the board shows where the mines were: every hidden cell of every
        // board on the way gets its answer.
        for (size_t cell = 0; cell < sample.view.size(); ++cell)
            if (hidden(sample.view[cell])) sample.labels[cell] = answer[cell];
        if (static_cast<int>(replay_.size()) < settings_.replay_capacity)
            replay_.push_back(std::move(sample));
        else
            replay_[replay_next_] = std::move(sample);
        replay_next_ = (replay_next_ + 1) % static_cast<size_t>(settings_.replay_capacity);
    }
    episode_.clear();
    ++episodes_;
    ++window_episodes_;
    window_wins_ += won;
    window_reward_ += episode_reward_;
    if (window_episodes_ < settings_.window) return;
    curve_.push_back({episodes_, static_cast<double>(window_wins_) / window_episodes_, window_reward_ / window_episodes_,
                      window_updates_ > 0 ? window_loss_ / window_updates_ : 0.0});
    window_wins_ = window_episodes_ = window_updates_ = 0;
    window_reward_ = window_loss_ = 0;
}

void Trainer::update() {
    const Settings& board = env_.config().settings;
    const int rows = board.rows, cols = board.cols, batch = batch_for(settings_, board);
    batch_inputs_.reset({batch, input_planes(settings_.shape), rows, cols});
    const bool zero_head = settings_.shape.zero_head;
    const int outputs = zero_head ? 2 : 1;
    batch_targets_.reset({batch, outputs, rows, cols});
    batch_weights_.reset({batch, outputs, rows, cols});
    const int symmetries = symmetry_count(rows, cols), cells = rows * cols;
    std::vector<int8_t> view(static_cast<size_t>(cells));
    for (int n = 0; n < batch; ++n) {
        const Sample& sample = replay_[rng_.below(replay_.size())];
        const int k = static_cast<int>(rng_.below(symmetries));
        for (int cell = 0; cell < cells; ++cell) {
            const int to = symmetric_cell(cell, rows, cols, k);
            view[to] = sample.view[cell];
            const int8_t label = sample.labels[cell];
            if (label < 0) continue;
            batch_targets_.at(n, to) = label == 1;
            batch_weights_.at(n, to) = 1.0f;
            if (!zero_head) continue;
            batch_targets_.at(n, cells + to) = label == kSafeZero;  // the second output's plane
            batch_weights_.at(n, cells + to) = 1.0f;
        }
        encode_view(view, board.mines, batch_inputs_, n);
    }
    // Each look learns from the same labels; the gradients of both add up before the step. The
    // second look's estimates are the first's outputs taken as they are (no gradient flows through
    // them), and its loss is the one the curve shows: the decisions are its.
    double loss_value = 0;
    for (int look = 1;; ++look) {
        const learn::Tensor& logits = network_.forward(batch_inputs_);
        const learn::Loss loss = learn::binary_cross_entropy_from_logits(logits, batch_targets_, &batch_weights_);
        network_.backward_parameters(loss.grad);
        loss_value = loss.value;
        if (look == looks(settings_.shape)) break;
        for (int n = 0; n < batch; ++n) write_estimates(batch_inputs_, n, logits.sample(n));
    }
    optimizer_->step();
    ++updates_;
    ++window_updates_;
    window_loss_ += loss_value;
}

nlohmann::json Trainer::describe() const {
    const TrainSettings& s = settings_;
    nlohmann::json curriculum = nlohmann::json::array();
    for (const Stage& stage : s.curriculum)
        curriculum.push_back({{"rows", stage.board.rows}, {"cols", stage.board.cols}, {"mines", stage.board.mines},
                              {"first_click", first_click_name(stage.board.first_click)}, {"episodes", stage.episodes}});
    return {{"rows", s.board.rows},
            {"cols", s.board.cols},
            {"mines", s.board.mines},
            {"first_click", first_click_name(s.board.first_click)},
            {"rewards", reward_scheme_name(s.rewards)},
            {"width", s.shape.width},
            {"depth", s.shape.depth},
            {"pool", s.shape.pool},
            {"dilation", s.shape.dilation},
            {"zero_head", s.shape.zero_head},
            {"second_look", s.shape.second_look},
            {"learning_rate", s.learning_rate},
            {"exploration", s.exploration},
            {"batch", s.batch},
            {"steps_per_update", s.steps_per_update},
            {"replay_capacity", s.replay_capacity},
            {"seed", s.seed},
            {"warm_up", s.warm_up},
            {"episodes", episodes_},
            {"steps", steps_},
            {"updates", updates_},
            {"window", s.window},
            {"curriculum", curriculum},
            {"curve", curve_points_json(curve_)}};
}

nlohmann::json curve_points_json(const std::vector<CurvePoint>& curve) {
    nlohmann::json points = nlohmann::json::array();
    for (const CurvePoint& point : curve) points.push_back({point.episodes, point.win_rate, point.mean_reward, point.loss});
    return points;
}

namespace {

// How many times a network looks at a board (1, or 2 with the estimates plane), if it scores the
// cells of any board: convolutions only, the first reading the input planes, the last giving the
// mines' plane (and perhaps the zeros'). A model file may hold any network; another is refused.
int board_looks(const learn::Network& network) {
    const nlohmann::json layers = network.architecture();
    const auto refuse = [](const std::string& why) { throw std::invalid_argument("not a Minesweeper network: " + why); };
    for (const nlohmann::json& layer : layers)
        if (layer.at("type") == "dense") refuse("it has a dense layer, which fits one board size");
    const auto conv_size = [](const nlohmann::json& layer, const char* key) {
        return layer.at("type") == "conv2d" ? layer.at(key).get<int>() : 0;
    };
    const int planes = layers.empty() ? 0 : conv_size(layers.front(), "in");
    if (planes != kLearnedInputPlanes && planes != kEstimatePlane + 1)
        refuse("its first layer must be a convolution of 11 or 12 input planes");
    const int outputs = conv_size(layers.back(), "out");
    if (outputs != 1 && outputs != 2) refuse("its last layer must be a convolution giving 1 or 2 planes");
    return planes - kLearnedInputPlanes + 1;
}

// The network's chances are estimates, and cells a few percent apart are alike to it; which of them it
// opens decides how often it must guess again. Among the hidden cells whose chance is at most 30%
// above the lowest, the one with the fewest hidden neighbours (then the safer): it opens a zero more
// often, and a zero opens the cells around it. On beginner the games needing a guess fell from
// ~2,000 to ~1,400 of 2,000, as many as the exact solver's (docs/minesweeper-learning.md).
int fewest_hidden_nearly_as_safe(const Position& position, const std::vector<double>& probability, int safest) {
    constexpr double kNearlyAsSafe = 1.3;  // a chance up to 1.3 times the lowest
    const double limit = probability[safest] * kNearlyAsSafe;
    int best = safest, best_hidden = hidden_neighbours(position, safest);
    for (int cell = 0; cell < position.cells.size(); ++cell) {
        if (position.cells[cell] != kHidden || probability[cell] > limit) continue;
        const int hidden = hidden_neighbours(position, cell);
        if (hidden < best_hidden || (hidden == best_hidden && probability[cell] < probability[best]))
            best = cell, best_hidden = hidden;
    }
    return best;
}

}  // namespace

LearnedSolver::LearnedSolver(learn::Network network) : network_(std::move(network)), looks_(board_looks(network_)) {}

Decision LearnedSolver::decide_now(const Position& position) {
    const Grid<int8_t>& cells = position.cells;
    const int rows = cells.rows(), cols = cells.cols(), symmetries = symmetry_count(rows, cols);
    // The board in each orientation, one batch; a cell's score is the mean of its scores in them all.
    input_.reset({symmetries, kLearnedInputPlanes + looks_ - 1, rows, cols});
    std::vector<int8_t> view(cells.cells().size());
    for (int k = 0; k < symmetries; ++k) {
        for (int cell = 0; cell < cells.size(); ++cell) view[symmetric_cell(cell, rows, cols, k)] = cells[cell];
        encode_view(view, position.mines, input_, k);
    }
    std::vector<float> logits(cells.cells().size()), oriented_logits(cells.cells().size());
    for (int look = 1; look <= looks_; ++look) {
        if (look > 1)  // every orientation sees the means of the look before
            for (int k = 0; k < symmetries; ++k) {
                for (int cell = 0; cell < cells.size(); ++cell) oriented_logits[symmetric_cell(cell, rows, cols, k)] = logits[cell];
                write_estimates(input_, k, oriented_logits.data());
            }
        const learn::Tensor& oriented = network_.forward(input_);  // per sample, the mines' plane first
        std::fill(logits.begin(), logits.end(), 0.0f);
        for (int k = 0; k < symmetries; ++k)
            for (int cell = 0; cell < cells.size(); ++cell) logits[cell] += oriented.at(k, symmetric_cell(cell, rows, cols, k));
        for (float& logit : logits) logit /= static_cast<float>(symmetries);
    }
    Decision decision;
    std::vector<double>& probability = decision.knowledge.mine_probability;
    probability.assign(cells.size(), -1.0);
    int safest = -1;
    for (int cell = 0; cell < cells.size(); ++cell) {
        if (cells[cell] == kFlag) probability[cell] = 1.0;
        if (cells[cell] != kHidden) continue;
        probability[cell] = learn::sigmoid(logits[cell]);
        if (safest < 0 || logits[cell] < logits[safest]) safest = cell;
    }
    decision.move = safest < 0 ? -1 : fewest_hidden_nearly_as_safe(position, probability, safest);
    decision.guess = decision.move >= 0;
    if (decision.move != safest) decision.reason = GuessReason::FewerHidden;
    decision.knowledge.exact = false;  // the network's estimates, not counted probabilities
    return decision;
}

}  // namespace gridlab::minesweeper
