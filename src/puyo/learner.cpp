#include "puyo/learner.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <stdexcept>

#include "core/time_budget.h"
#include "puyo/beam.h"

namespace gridlab::puyo {

namespace {

constexpr int kFieldHiddenUnits = 32;  // the dense layer after the field network's convolutions
constexpr int kEmptyPlane = kMaxColors;
constexpr int kPairsLeftPlane = kMaxColors + 1;

void require(bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument(what);
}

std::string rules_name(RuleSet rules) { return rules == RuleSet::Tsu ? "tsu" : "tutorial"; }

RuleSet parse_rules(const std::string& name) {
    if (name == "tsu") return RuleSet::Tsu;
    if (name == "tutorial") return RuleSet::Tutorial;
    throw std::invalid_argument("unknown rules '" + name + "' (expected tutorial or tsu)");
}

float pairs_left_input(int pairs_left) {
    const int capped = pairs_left < 0 ? kPairsLeftCap : std::min(pairs_left, kPairsLeftCap);
    return static_cast<float>(capped) / kPairsLeftCap;
}

// Sizes of the groups of same-coloured puyos in the visible rows (the hidden row never connects).
void count_small_groups(const Field& field, int& twos, int& threes) {
    const Bitboard visible = Bitboard::rows_below(kVisibleRows);
    twos = threes = 0;
    for (int color = 1; color <= kMaxColors; ++color) {
        const Bitboard plane = field.plane(static_cast<Puyo>(color)) & visible;
        Bitboard rest = plane;
        while (!rest.empty()) {
            Bitboard group = rest.lowest();
            for (Bitboard grown = group.expand() & plane; grown != group; grown = group.expand() & plane) group = grown;
            rest = rest.without(group);
            twos += group.count() == 2;
            threes += group.count() == 3;
        }
    }
}

int same_colour_links(const Field& field) {
    const Bitboard visible = Bitboard::rows_below(kVisibleRows);
    int links = 0;
    for (int color = 1; color <= kMaxColors; ++color) {
        const Bitboard plane = field.plane(static_cast<Puyo>(color)) & visible;
        links += (plane & plane.up()).count() + (plane & plane.right()).count();
    }
    return links;
}

}  // namespace

std::string inputs_name(LearnerInputs inputs) { return inputs == LearnerInputs::Field ? "field" : "features"; }

LearnerInputs parse_inputs(const std::string& name) {
    if (name == "features") return LearnerInputs::Features;
    if (name == "field") return LearnerInputs::Field;
    throw std::invalid_argument("unknown inputs '" + name + "' (expected field or features)");
}

std::array<float, kFeatureCount> field_features(const Field& field, int pairs_left) {
    std::array<float, kFeatureCount> f{};
    std::array<int, kColumns> heights{};
    for (int col = 0; col < kColumns; ++col) {
        heights[col] = field.height(col);
        f[kHeight0 + col] = static_cast<float>(heights[col]) / kVisibleRows;
    }
    int bumpiness = 0, wells = 0;
    for (int col = 0; col < kColumns; ++col) {
        if (col + 1 < kColumns) bumpiness += std::abs(heights[col] - heights[col + 1]);
        const int left = col > 0 ? heights[col - 1] : kVisibleRows;
        const int right = col + 1 < kColumns ? heights[col + 1] : kVisibleRows;
        wells += std::max(0, std::min(left, right) - heights[col]);
    }
    f[kBumpiness] = static_cast<float>(bumpiness) / 24;
    f[kWells] = static_cast<float>(wells) / 24;
    f[kPuyoCount] = static_cast<float>((field.occupied() & Bitboard::rows_below(kVisibleRows)).count()) / 72;
    f[kLinks] = static_cast<float>(same_colour_links(field)) / 36;
    int twos = 0, threes = 0;
    count_small_groups(field, twos, threes);
    f[kGroupsOfTwo] = static_cast<float>(twos) / 12;
    f[kGroupsOfThree] = static_cast<float>(threes) / 12;
    const Potential potential = find_potential(field);
    f[kPotentialChain] = static_cast<float>(potential.chains) / 10;
    // A chain's score grows about tenfold from 3 to 6 chains: its logarithm keeps the input in range.
    f[kPotentialScore] = learn::log(1.0f + static_cast<float>(potential.score) / 100) / 10;
    f[kPotentialNeedsTwo] = potential.added > 1 ? 1.0f : 0.0f;
    f[kDanger] = static_cast<float>(std::max(0, heights[kSpawnColumn] - 9)) / 3;
    f[kPairsLeft] = pairs_left_input(pairs_left);
    return f;
}

int default_width(LearnerInputs inputs) { return inputs == LearnerInputs::Field ? 16 : 64; }

learn::Network make_value_network(const ValueShape& shape, RuleSet rules) {
    learn::Network network;
    if (shape.inputs == LearnerInputs::Features) {
        network.add(std::make_unique<learn::Dense>(kFeatureCount, shape.width));
        network.add(std::make_unique<learn::ReLU>());
        network.add(std::make_unique<learn::Dense>(shape.width, shape.width));
        network.add(std::make_unique<learn::ReLU>());
        network.add(std::make_unique<learn::Dense>(shape.width, 1));
        return network;
    }
    network.add(std::make_unique<learn::Conv2d>(kFieldPlanes, shape.width));
    network.add(std::make_unique<learn::ReLU>());
    network.add(std::make_unique<learn::Conv2d>(shape.width, shape.width));
    network.add(std::make_unique<learn::ReLU>());
    network.add(std::make_unique<learn::Dense>(shape.width * rows_of(rules) * kColumns, kFieldHiddenUnits));
    network.add(std::make_unique<learn::ReLU>());
    network.add(std::make_unique<learn::Dense>(kFieldHiddenUnits, 1));
    return network;
}

std::vector<int> input_shape(LearnerInputs inputs, RuleSet rules, int count) {
    if (inputs == LearnerInputs::Features) return {count, kFeatureCount};
    return {count, kFieldPlanes, rows_of(rules), kColumns};
}

void encode(LearnerInputs inputs, const Field& field, int pairs_left, learn::Tensor& batch, int n) {
    if (inputs == LearnerInputs::Features) {
        const std::array<float, kFeatureCount> features = field_features(field, pairs_left);
        std::copy(features.begin(), features.end(), batch.sample(n));
        return;
    }
    const int rows = field.rows();
    std::fill(batch.sample(n), batch.sample(n) + batch.sample_size(), 0.0f);
    const float pairs = pairs_left_input(pairs_left);
    for (int row = 0; row < rows; ++row) {
        const int y = rows - 1 - row;  // top row first, as the field is drawn
        for (int col = 0; col < kColumns; ++col) {
            const Puyo puyo = field.at(col, row);
            if (puyo == Puyo::None) batch.at(n, kEmptyPlane, y, col) = 1.0f;
            else if (puyo != Puyo::Garbage) batch.at(n, static_cast<int>(puyo) - 1, y, col) = 1.0f;
            batch.at(n, kPairsLeftPlane, y, col) = pairs;
        }
    }
}

std::vector<float> lambda_returns(const std::vector<float>& rewards, const std::vector<float>& next_values,
                                  float gamma, float lambda) {
    require(rewards.size() == next_values.size(), "lambda_returns: one next value per reward");
    std::vector<float> returns(rewards.size());
    float following = 0.0f;  // G[t + 1]
    for (size_t t = rewards.size(); t-- > 0;) {
        following = rewards[t] + gamma * ((1.0f - lambda) * next_values[t] + lambda * following);
        returns[t] = following;
    }
    return returns;
}

// ---- Choosing a placement ------------------------------------------------------------------------

void PlacementScorer::score(const State& state, learn::Network& network, float gamma) {
    const uint32_t legal = state.legal_mask();
    afterstates_.assign(kPlacementCount, state);
    std::array<int, kPlacementCount> sample_of{};
    int samples = 0;
    for (int action = 0; action < kPlacementCount; ++action) {
        Candidate& candidate = candidates_[static_cast<size_t>(action)];
        candidate = Candidate{};
        if (!(legal >> action & 1u)) continue;
        State& after = afterstates_[static_cast<size_t>(action)];
        candidate.legal = true;
        candidate.move = after.apply_unchecked(placement_of(action));
        candidate.ends_game = after.terminal();
        if (!candidate.ends_game) sample_of[static_cast<size_t>(action)] = samples++;
    }
    if (samples > 0) {
        batch_.reset(input_shape(inputs_, rules_, samples));
        for (int action = 0; action < kPlacementCount; ++action) {
            const Candidate& candidate = candidates_[static_cast<size_t>(action)];
            if (!candidate.legal || candidate.ends_game) continue;
            const State& after = afterstates_[static_cast<size_t>(action)];
            encode(inputs_, after.field(), after.pairs_left(), batch_, sample_of[static_cast<size_t>(action)]);
        }
        const learn::Tensor& values = network.forward(batch_);
        for (int action = 0; action < kPlacementCount; ++action) {
            Candidate& candidate = candidates_[static_cast<size_t>(action)];
            if (candidate.legal && !candidate.ends_game) candidate.value = values.values[sample_of[static_cast<size_t>(action)]];
        }
    }
    for (Candidate& candidate : candidates_)
        if (candidate.legal)
            candidate.total = static_cast<float>(static_cast<double>(candidate.move.score) / kScoreScale) + gamma * candidate.value;
}

int PlacementScorer::best() const {
    int best = -1;
    for (int action = 0; action < kPlacementCount; ++action) {
        const Candidate& candidate = candidates_[static_cast<size_t>(action)];
        if (candidate.legal && (best < 0 || candidate.total > candidates_[static_cast<size_t>(best)].total)) best = action;
    }
    return best;
}

// ---- Training ------------------------------------------------------------------------------------

void validate(const TrainSettings& s) {
    validate(Settings{s.rules, s.colors, s.pairs});
    require(s.pairs >= 2 && s.pairs <= 1000, "pairs: " + std::to_string(s.pairs) + " is outside 2..1000");
    require(s.shape.width >= 1 && s.shape.width <= 256, "width: " + std::to_string(s.shape.width) + " is outside 1..256");
    require(s.learning_rate > 0.0f && s.learning_rate <= 1.0f, "learning rate: must be in (0, 1]");
    require(s.exploration >= 0.0 && s.exploration <= 1.0, "exploration: must be in [0, 1]");
    require(s.gamma >= 0.0f && s.gamma <= 1.0f, "gamma: must be in [0, 1]");
    require(s.lambda >= 0.0f && s.lambda <= 1.0f, "lambda: must be in [0, 1]");
    require(s.batch >= 1 && s.batch <= 1024, "batch: " + std::to_string(s.batch) + " is outside 1..1024");
    require(s.updates_per_game >= 0 && s.updates_per_game <= 1000,
            "updates per game: " + std::to_string(s.updates_per_game) + " is outside 0..1000");
    require(s.replay_capacity >= s.batch && s.replay_capacity <= 1'000'000,
            "replay capacity: " + std::to_string(s.replay_capacity) + " is outside batch..1000000");
    require(s.window >= 1 && s.window <= 1'000'000, "window: " + std::to_string(s.window) + " is outside 1..1000000");
}

namespace {

const TrainSettings& validated(const TrainSettings& settings) {
    validate(settings);
    return settings;
}

Settings game_settings(const TrainSettings& settings) { return {settings.rules, settings.colors, settings.pairs}; }

}  // namespace

Trainer::Trainer(const TrainSettings& settings)
    : settings_(validated(settings)),
      network_(make_value_network(settings.shape, settings.rules)),
      rng_(Rng::for_stream(settings.seed, 1)),
      state_(game_settings(settings), 0),
      scorer_(settings.shape.inputs, settings.rules) {
    Rng init_rng = Rng::for_stream(settings.seed, 0);
    network_.init(init_rng);
    optimizer_ = std::make_unique<learn::Adam>(network_, learn::AdamSettings{.learning_rate = settings.learning_rate});
    state_ = State(game_settings(settings), rng_.next_u64());
}

namespace {

TrainSettings settings_from_description(const nlohmann::json& d) {
    TrainSettings s;
    s.rules = parse_rules(d.at("rules").get<std::string>());
    s.colors = d.at("colors").get<int>();
    s.pairs = d.at("pairs").get<int>();
    s.shape = {parse_inputs(d.at("inputs").get<std::string>()), d.at("width").get<int>()};
    s.learning_rate = d.at("learning_rate").get<float>();
    s.exploration = d.at("exploration").get<double>();
    s.gamma = d.at("gamma").get<float>();
    s.lambda = d.at("lambda").get<float>();
    s.batch = d.value("batch", s.batch);
    s.updates_per_game = d.value("updates_per_game", s.updates_per_game);
    s.replay_capacity = d.value("replay_capacity", s.replay_capacity);
    s.window = d.value("window", s.window);
    s.seed = d.at("seed").get<uint64_t>();
    learn::validate_described([&] { validate(s); });
    return s;
}

void require_shape_of(const learn::Network& network, const TrainSettings& settings) {
    if (network.architecture() != make_value_network(settings.shape, settings.rules).architecture())
        throw learn::ModelError(translatable("the network is not the shape its settings describe"));
}

learn::ModelError incomplete_settings(const nlohmann::json::exception& error) {
    return learn::ModelError(translatable("the model's settings are incomplete ({reason})", {{"reason", error.what()}}));
}

}  // namespace

Trainer::Trainer(const learn::Model& model) try : Trainer(settings_from_description(model.settings)) {
    require_shape_of(model.network, settings_);
    network_ = model.network;
    optimizer_ = std::make_unique<learn::Adam>(network_, learn::AdamSettings{.learning_rate = settings_.learning_rate});
    const nlohmann::json& d = model.settings;
    games_ = learn::described_count(d, "games");
    moves_ = learn::described_count(d, "moves");
    updates_ = learn::described_count(d, "updates");
    rng_ = Rng::for_stream(settings_.seed, 2 + static_cast<uint64_t>(games_));
    state_ = State(game_settings(settings_), rng_.next_u64());
    for (const nlohmann::json& point : d.value("curve", nlohmann::json::array()))
        curve_.push_back({point.at(0).get<int64_t>(), point.at(1).get<double>(), point.at(2).get<double>(),
                          point.at(3).get<double>()});
} catch (const nlohmann::json::exception& error) {
    throw incomplete_settings(error);
}

void Trainer::think(double budget_ms) {
    const TimeBudget budget(budget_ms);
    do move();
    while (!budget.expired());
}

void Trainer::train_until(int64_t games) {
    while (games_ < games) move();
}

void Trainer::move() {
    scorer_.score(state_, network_, settings_.gamma);
    int action = scorer_.best();
    if (rng_.chance(settings_.exploration)) action = action_of(rng_.pick(state_.legal_placements()));
    const Candidate& chosen = scorer_.candidates()[static_cast<size_t>(action)];
    // This move is what followed the previous afterstate: its score and the value of where it led.
    if (!episode_.empty()) {
        episode_.back().reward_after = static_cast<float>(static_cast<double>(chosen.move.score) / kScoreScale);
        episode_.back().next_value = chosen.value;  // 0 when the game ends here
    }
    state_ = scorer_.afterstate(action);
    ++moves_;
    if (chosen.ends_game) return end_game();
    episode_.push_back({state_.field(), state_.pairs_left(), 0.0f, 0.0f});
}

void Trainer::end_game() {
    std::vector<float> rewards, next_values;
    for (const Step& step : episode_) {
        rewards.push_back(step.reward_after);
        next_values.push_back(step.next_value);
    }
    const std::vector<float> targets = lambda_returns(rewards, next_values, settings_.gamma, settings_.lambda);
    for (size_t t = 0; t < episode_.size(); ++t) {
        Sample sample{episode_[t].field, episode_[t].pairs_left, targets[t]};
        if (static_cast<int>(replay_.size()) < settings_.replay_capacity)
            replay_.push_back(sample);
        else
            replay_[replay_next_] = sample;
        replay_next_ = (replay_next_ + 1) % static_cast<size_t>(settings_.replay_capacity);
    }
    episode_.clear();
    ++games_;
    ++window_games_;
    window_score_ += static_cast<double>(state_.score());
    window_chain_ += state_.max_chain();
    if (static_cast<int>(replay_.size()) >= settings_.batch)
        for (int u = 0; u < settings_.updates_per_game; ++u) update();
    if (window_games_ >= settings_.window) {
        curve_.push_back({games_, window_score_ / window_games_, window_chain_ / window_games_,
                          window_updates_ > 0 ? window_loss_ / window_updates_ : 0.0});
        window_games_ = window_updates_ = 0;
        window_score_ = window_chain_ = window_loss_ = 0;
    }
    state_ = State(game_settings(settings_), rng_.next_u64());
}

void Trainer::update() {
    const int batch = settings_.batch;
    batch_inputs_.reset(input_shape(settings_.shape.inputs, settings_.rules, batch));
    batch_targets_.reset({batch, 1});
    for (int n = 0; n < batch; ++n) {
        const Sample& sample = replay_[rng_.below(replay_.size())];
        encode(settings_.shape.inputs, sample.field, sample.pairs_left, batch_inputs_, n);
        batch_targets_.at(n, 0) = sample.target;
    }
    const learn::Tensor& values = network_.forward(batch_inputs_);
    const learn::Loss loss = learn::mse(values, batch_targets_);
    network_.backward_parameters(loss.grad);
    optimizer_->step();
    ++updates_;
    ++window_updates_;
    window_loss_ += loss.value;
}

nlohmann::json Trainer::describe() const {
    const TrainSettings& s = settings_;
    return {{"rules", rules_name(s.rules)},
            {"colors", s.colors},
            {"pairs", s.pairs},
            {"inputs", inputs_name(s.shape.inputs)},
            {"width", s.shape.width},
            {"learning_rate", s.learning_rate},
            {"exploration", s.exploration},
            {"gamma", s.gamma},
            {"lambda", s.lambda},
            {"batch", s.batch},
            {"updates_per_game", s.updates_per_game},
            {"replay_capacity", s.replay_capacity},
            {"window", s.window},
            {"seed", s.seed},
            {"games", games_},
            {"moves", moves_},
            {"updates", updates_},
            {"curve", curve_points_json(curve_)}};
}

nlohmann::json curve_points_json(const std::vector<CurvePoint>& curve) {
    nlohmann::json points = nlohmann::json::array();
    for (const CurvePoint& point : curve)
        points.push_back({point.games, point.mean_score, point.mean_max_chain, point.loss});
    return points;
}

// ---- The learned AI ------------------------------------------------------------------------------

namespace {

TrainSettings model_settings(const learn::Model& model) try {
    TrainSettings settings = settings_from_description(model.settings);
    require_shape_of(model.network, settings);
    return settings;
} catch (const nlohmann::json::exception& error) {
    throw incomplete_settings(error);
}

}  // namespace

LearnedAi::LearnedAi(const learn::Model& model, bool lookahead) : LearnedAi(model, model_settings(model), lookahead) {}

LearnedAi::LearnedAi(const learn::Model& model, const TrainSettings& settings, bool lookahead)
    : network_(model.network), gamma_(settings.gamma), rules_(settings.rules), lookahead_(lookahead),
      scorer_(settings.shape.inputs, settings.rules), next_scorer_(settings.shape.inputs, settings.rules) {}

int LearnedAi::choose_with_lookahead() {
    int choice = -1;
    float best_total = 0;
    for (int action = 0; action < kPlacementCount; ++action) {
        const Candidate& candidate = scorer_.candidates()[static_cast<size_t>(action)];
        if (!candidate.legal) continue;
        float total = candidate.total;  // a placement that ends the game has no next pair
        if (!candidate.ends_game) {
            next_scorer_.score(scorer_.afterstate(action), network_, gamma_);
            const int next = next_scorer_.best();
            if (next >= 0)
                total = static_cast<float>(static_cast<double>(candidate.move.score) / kScoreScale) +
                        gamma_ * next_scorer_.candidates()[static_cast<size_t>(next)].total;
        }
        if (choice < 0 || total > best_total) {
            choice = action;
            best_total = total;
        }
    }
    return choice;
}

void LearnedAi::begin(const State& state) {
    if (state.terminal()) throw std::invalid_argument("the game is over: nothing to decide");
    if (state.settings().rules != rules_)
        throw std::invalid_argument("the model was trained on the " + rules_name(rules_) + " rules");
    scorer_.score(state, network_, gamma_);
    const int choice = lookahead_ ? choose_with_lookahead() : scorer_.best();
    const Candidate& best = scorer_.candidates()[static_cast<size_t>(choice)];
    plan_ = Plan{};
    plan_.placement = placement_of(choice);
    plan_.path = {plan_.placement};
    plan_.firing = best.move.chains > 0;
    plan_.expected_chain = best.move.chains;
    plan_.expected_score = best.move.score;
    plan_.nodes = std::popcount(state.legal_mask());
}

}  // namespace gridlab::puyo
