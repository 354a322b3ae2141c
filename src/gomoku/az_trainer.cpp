#include "gomoku/az_trainer.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "core/time_budget.h"
#include "gomoku/ai.h"
#include "gomoku/pure_mcts.h"
#include "gomoku/threat_mcts.h"

namespace gridlab::gomoku {

namespace {

void require(bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument(what);
}

// The visit shares of a finished search, per action.
std::vector<float> visit_shares(const SearchReport& report, int num_actions) {
    std::vector<float> shares(static_cast<std::size_t>(num_actions), 0.0f);
    const int64_t total = report.total_visits();
    for (const CandidateStats& candidate : report.candidates)
        shares[static_cast<std::size_t>(candidate.action)] =
            static_cast<float>(static_cast<double>(candidate.visits) / static_cast<double>(total));
    return shares;
}

// An action drawn with probability proportional to its share.
int draw_action(const std::vector<float>& shares, Rng& rng) {
    double sum = 0;
    for (float share : shares) sum += share;
    double pick = rng.unit() * sum;
    int last_possible = 0;
    for (std::size_t action = 0; action < shares.size(); ++action) {
        if (shares[action] <= 0) continue;
        last_possible = static_cast<int>(action);
        pick -= shares[action];
        if (pick < 0) return last_possible;
    }
    return last_possible;
}

}  // namespace

void validate(const AzTrainSettings& s) {
    AzNetwork(s.board, s.shape);  // the board and the shape
    require(s.playouts >= 1 && s.playouts <= 100'000, "playouts must be in 1..100000");
    require(s.learning_rate > 0 && s.learning_rate <= 1, "learning rate must be in (0, 1]");
    require(s.weight_decay >= 0 && s.weight_decay <= 1, "weight decay must be in 0..1");
    require(s.batch >= 1 && s.batch <= 4096, "batch must be in 1..4096");
    require(s.updates_per_game >= 0 && s.updates_per_game <= 1000, "updates per game must be in 0..1000");
    require(s.replay_capacity >= s.batch && s.replay_capacity <= 1'000'000, "replay capacity must be in batch..1000000");
    require(s.temperature_moves >= 0, "temperature moves must be >= 0");
    require(s.noise.fraction >= 0 && s.noise.fraction <= 1 && s.noise.alpha > 0, "noise must be a fraction, alpha > 0");
    require(s.eval_every >= 0 && s.eval_games >= 1 && s.eval_games <= 1000, "evaluation games must be in 1..1000");
    require(s.eval_az_playouts >= 1 && s.eval_pure_playouts >= 1 && s.eval_pure_max >= s.eval_pure_playouts,
            "evaluation playouts must be >= 1");
    require(s.eval_mcts_playouts >= 0 && s.eval_mcts_max >= s.eval_mcts_playouts && s.eval_mcts_max <= 1'000'000,
            "mcts evaluation playouts must be in 0..1000000, the first at most the last");
    require(s.window >= 1, "window must be >= 1");
    require(s.lesson_games >= 0, "lesson games must be >= 0");
}

AzTrainSettings lesson_settings(const Settings& board) {
    AzTrainSettings s;
    s.board = board;
    s.eval_every = 100;
    if (board.win_length == 4) {  // 6x6: 1,600 games meet issue 17's targets in about 4 minutes of a browser
        s.shape = {16, 3, 0};
        s.playouts = 200;
        s.lesson_games = 1600;
        return s;
    }
    // 8x8, five in a row (docs/gomoku-alphazero.md, run C4): the dense policy head; about 2.2 s of native
    // CPU a game (3.3 s in a browser at 6x6's wasm/native 1.53), so 600 games are about 33 minutes of a
    // browser thread and their tests the rest of the 45 (an estimate: not run whole in a browser).
    s.shape = {32, 3, 4};
    s.playouts = 200;
    s.eval_mcts_playouts = 1000;
    s.eval_mcts_max = kDefaultThreatPlayouts;
    s.lesson_games = 600;
    return s;
}

int transform_cell(int action, int size, int symmetry) {
    int row = action / size, col = action % size;
    for (int turn = 0; turn < symmetry % 4; ++turn) {
        const int turned_row = col;
        col = size - 1 - row;
        row = turned_row;
    }
    if (symmetry >= 4) col = size - 1 - col;
    return row * size + col;
}

std::vector<AzOpponent> evaluation_ladder(const AzTrainSettings& s) {
    std::vector<AzOpponent> ladder;
    for (int64_t playouts = s.eval_pure_playouts; playouts < s.eval_pure_max + 1000; playouts += 1000)
        ladder.push_back({"pure-mcts", std::min(playouts, s.eval_pure_max)});
    for (int64_t playouts = s.eval_mcts_playouts; playouts > 0 && playouts < 2 * s.eval_mcts_max; playouts *= 2)
        ladder.push_back({"mcts", std::min(playouts, s.eval_mcts_max)});
    return ladder;
}

double AzEvaluationPoint::win_ratio() const {
    const int played = wins + draws + losses;
    return played == 0 ? 0.0 : (wins + 0.5 * draws) / played;
}

std::array<AzTrainer::Sample, 8> AzTrainer::symmetries(const Sample& sample, int size) {
    const int cells = size * size;
    std::array<Sample, 8> all;
    for (int k = 0; k < 8; ++k) {
        Sample& out = all[static_cast<std::size_t>(k)];
        out.planes.assign(sample.planes.size(), 0.0f);
        out.visits.assign(sample.visits.size(), 0.0f);
        out.outcome = sample.outcome;
        for (int cell = 0; cell < cells; ++cell) {
            const int to = transform_cell(cell, size, k);
            for (int plane = 0; plane < kAzInputPlanes; ++plane)
                out.planes[static_cast<std::size_t>(plane * cells + to)] = sample.planes[static_cast<std::size_t>(plane * cells + cell)];
            out.visits[static_cast<std::size_t>(to)] = sample.visits[static_cast<std::size_t>(cell)];
        }
    }
    return all;
}

AzTrainer::AzTrainer(const AzTrainSettings& settings)
    : settings_(settings), rng_(settings.seed), game_(settings.board) {
    validate(settings_);
    network_ = std::make_shared<AzNetwork>(settings_.board, settings_.shape);
    Rng init_rng = Rng::for_stream(settings_.seed, 0);
    network_->init(init_rng);
    make_optimisers();
    replay_.reserve(static_cast<std::size_t>(settings_.replay_capacity));
}

// Adam keeps pointers to the network's parameters: made again whenever the network is replaced.
void AzTrainer::make_optimisers() {
    const learn::AdamSettings adam{.learning_rate = settings_.learning_rate, .weight_decay = settings_.weight_decay};
    trunk_adam_ = std::make_unique<learn::Adam>(network_->trunk(), adam);
    policy_adam_ = std::make_unique<learn::Adam>(network_->policy_head(), adam);
    value_adam_ = std::make_unique<learn::Adam>(network_->value_head(), adam);
}

void AzTrainer::think(double budget_ms) {
    const TimeBudget budget(budget_ms);
    do advance(budget.remaining_ms());
    while (!budget.expired());
}

void AzTrainer::train_until(int64_t games) {
    while (games_ < games || between_games()) step();
}

void AzTrainer::step() { advance(std::numeric_limits<double>::infinity()); }

void AzTrainer::advance(double budget_ms) {
    if (pending_updates_ > 0) {
        if (update_part() && --pending_updates_ == 0) after_updates();
        return;
    }
    if (!searching_) begin_move();
    Mcts& search = mover();
    search.think(budget_ms);
    if (!search.finished()) return;
    searching_ = false;
    if (evaluation_)
        finish_evaluation_move();
    else
        finish_self_play_move();
}

void AzTrainer::begin_move() {
    if (evaluation_) {
        mover().begin(evaluation_->state);
    } else {
        // A fresh search per move: the policy caches its last evaluation, and the weights change between games.
        auto policy = std::make_unique<AzPolicy>(network_);
        policy->set_root_noise(game_.num_moves(), settings_.noise, rng_.next_u64());
        self_play_search_ = make_az_search(std::move(policy), Budget{settings_.playouts, 0}, rng_.next_u64());
        self_play_search_->begin(game_);
    }
    searching_ = true;
}

Mcts& AzTrainer::mover() {
    if (!evaluation_) return *self_play_search_;
    Evaluation& e = *evaluation_;
    const bool az_is_black = e.game % 2 == 0;
    return (e.state.to_move() == Stone::Black) == az_is_black ? *e.az : *e.opponent;
}

void AzTrainer::finish_self_play_move() {
    const SearchReport report = self_play_search_->result();
    Sample sample;
    learn::Tensor planes({1, kAzInputPlanes, game_.size(), game_.size()});
    encode_position(game_, planes, 0);
    sample.planes = planes.values;
    sample.visits = visit_shares(report, game_.num_actions());
    game_samples_.push_back(std::move(sample));
    game_movers_.push_back(game_.to_move());

    const int action = game_.num_moves() < settings_.temperature_moves ? draw_action(game_samples_.back().visits, rng_)
                                                                       : self_play_search_->best_action();
    self_play_search_.reset();
    game_.apply(action);
    ++moves_;
    if (game_.is_terminal()) end_self_play_game();
}

void AzTrainer::end_self_play_game() {
    const Stone winner = game_.winner();
    for (std::size_t i = 0; i < game_samples_.size(); ++i) {
        game_samples_[i].outcome = winner == Stone::Empty ? 0.0f : winner == game_movers_[i] ? 1.0f : -1.0f;
        for (Sample& oriented : symmetries(game_samples_[i], game_.size())) {
            if (replay_.size() < static_cast<std::size_t>(settings_.replay_capacity))
                replay_.push_back(std::move(oriented));
            else
                replay_[replay_next_] = std::move(oriented);
            replay_next_ = (replay_next_ + 1) % static_cast<std::size_t>(settings_.replay_capacity);
        }
    }
    ++games_;
    ++window_games_;
    window_moves_ += game_.num_moves();
    game_samples_.clear();
    game_movers_.clear();
    game_ = State(settings_.board);
    pending_updates_ = replay_.size() >= static_cast<std::size_t>(settings_.batch) ? settings_.updates_per_game : 0;
    if (pending_updates_ == 0) after_updates();
}

// The end of a game's work: its point of the curve, and the evaluation due.
void AzTrainer::after_updates() {
    if (window_games_ == settings_.window) {
        curve_.push_back({games_, window_updates_ ? window_policy_loss_ / window_updates_ : 0.0,
                          window_updates_ ? window_value_loss_ / window_updates_ : 0.0, window_moves_ / window_games_});
        window_games_ = window_updates_ = 0;
        window_policy_loss_ = window_value_loss_ = window_moves_ = 0;
    }
    if (evaluation_due()) start_evaluation();
}

// Every eval_every games, once (a resumed run plays again the evaluation its save interrupted).
bool AzTrainer::evaluation_due() const {
    return settings_.eval_every > 0 && games_ > 0 && games_ % settings_.eval_every == 0 &&
           (evaluations_.empty() || evaluations_.back().games != games_);
}

void AzTrainer::start_evaluation() {
    evaluation_ = Evaluation{};  // not emplace(): clang 14 finds a nested struct with member initialisers not default-constructible
    evaluation_->point.games = games_;
    evaluation_->point.level = level_;
    evaluation_->point.opponent = evaluation_ladder(settings_)[static_cast<std::size_t>(level_)];
    start_evaluation_game();
}

bool AzTrainer::update_part() {
    const int size = settings_.board.size, cells = size * size;
    const int count = std::min(kUpdatePart, settings_.batch - update_samples_);
    inputs_.reset({count, kAzInputPlanes, size, size});
    value_targets_.reset({count, 1});
    std::vector<const Sample*> drawn(static_cast<std::size_t>(count));
    for (int n = 0; n < count; ++n) {
        const Sample& sample = *(drawn[static_cast<std::size_t>(n)] = &replay_[rng_.below(replay_.size())]);
        std::copy(sample.planes.begin(), sample.planes.end(), inputs_.sample(n));
        value_targets_.at(n, 0) = sample.outcome;
    }
    const AzNetwork::Outputs outputs = network_->forward(inputs_);
    // The targets take the logits' shape: one plane, or a flat vector after a dense policy head.
    policy_targets_.reset(outputs.logits.shape);
    mask_.reset(outputs.logits.shape);
    for (int n = 0; n < count; ++n) {
        const Sample& sample = *drawn[static_cast<std::size_t>(n)];
        std::copy(sample.visits.begin(), sample.visits.end(), policy_targets_.sample(n));
        for (int cell = 0; cell < cells; ++cell)  // legal: neither the side to move's stone nor the opponent's
            mask_.at(n, cell) = sample.planes[static_cast<std::size_t>(cell)] + sample.planes[static_cast<std::size_t>(cells + cell)] == 0.0f ? 1.0f : 0.0f;
    }
    learn::Loss policy_loss = learn::cross_entropy_from_logits(outputs.logits, policy_targets_, &mask_);
    learn::Loss value_loss = learn::mse(outputs.values, value_targets_);
    const float share = static_cast<float>(count) / static_cast<float>(settings_.batch);
    for (learn::Loss* loss : {&policy_loss, &value_loss})
        for (float& grad : loss->grad.values) grad *= share;
    network_->backward(policy_loss.grad, value_loss.grad);
    window_policy_loss_ += policy_loss.value * share;
    window_value_loss_ += value_loss.value * share;
    update_samples_ += count;
    if (update_samples_ < settings_.batch) return false;
    update_samples_ = 0;
    trunk_adam_->step();
    policy_adam_->step();
    value_adam_->step();
    ++updates_;
    ++window_updates_;
    return true;
}

void AzTrainer::start_evaluation_game() {
    Evaluation& e = *evaluation_;
    // Streams of their own, so that evaluating does not change the self-play games that follow.
    Rng game_rng = Rng::for_stream(settings_.seed ^ 0x9e3779b97f4a7c15ull, static_cast<uint64_t>(games_ * 1000 + e.game));
    e.az = make_az_search(std::make_unique<AzPolicy>(std::make_shared<AzNetwork>(*network_)), Budget{settings_.eval_az_playouts, 0}, game_rng.next_u64());
    const Budget budget{e.point.opponent.playouts, 0};
    e.opponent = std::string_view(e.point.opponent.ai) == "mcts" ? make_threat_mcts(budget, game_rng.next_u64()) : make_pure_mcts(budget, game_rng.next_u64());
    e.state = State(settings_.board);
}

void AzTrainer::finish_evaluation_move() {
    Evaluation& e = *evaluation_;
    e.state.apply(mover().best_action());
    if (!e.state.is_terminal()) return;
    const Stone az_stone = e.game % 2 == 0 ? Stone::Black : Stone::White;
    (e.state.winner() == Stone::Empty ? e.point.draws : e.state.winner() == az_stone ? e.point.wins : e.point.losses)++;
    if (++e.game < settings_.eval_games) {
        start_evaluation_game();
        return;
    }
    evaluations_.push_back(e.point);
    if (best_evaluation_ < 0 || e.point.strength() >= evaluations_[static_cast<std::size_t>(best_evaluation_)].strength()) {
        best_ = *network_;
        best_evaluation_ = static_cast<int>(evaluations_.size()) - 1;
    }
    if (e.point.win_ratio() >= kLadderPass && level_ + 1 < static_cast<int>(evaluation_ladder(settings_).size())) ++level_;
    evaluation_.reset();
}

learn::Model AzTrainer::to_model(nlohmann::json description) const {
    return network_->to_model(std::move(description), best_ ? &*best_ : nullptr);
}

nlohmann::json AzTrainer::describe() const {
    const AzTrainSettings& s = settings_;
    nlohmann::json curve = nlohmann::json::array(), evaluations = nlohmann::json::array();
    for (const AzCurvePoint& p : curve_) curve.push_back({p.games, p.policy_loss, p.value_loss, p.moves});
    for (const AzEvaluationPoint& p : evaluations_) evaluations.push_back({p.games, p.level, p.wins, p.draws, p.losses});
    return {{"channels", s.shape.channels},
            {"layers", s.shape.layers},
            {"policy_planes", s.shape.policy_planes},
            {"playouts", s.playouts},
            {"learning_rate", s.learning_rate},
            {"weight_decay", s.weight_decay},
            {"batch", s.batch},
            {"updates_per_game", s.updates_per_game},
            {"replay_capacity", s.replay_capacity},
            {"temperature_moves", s.temperature_moves},
            {"noise_fraction", s.noise.fraction},
            {"noise_alpha", s.noise.alpha},
            {"eval_every", s.eval_every},
            {"eval_games", s.eval_games},
            {"eval_az_playouts", s.eval_az_playouts},
            {"eval_pure_playouts", s.eval_pure_playouts},
            {"eval_pure_max", s.eval_pure_max},
            {"eval_mcts_playouts", s.eval_mcts_playouts},
            {"eval_mcts_max", s.eval_mcts_max},
            {"window", s.window},
            {"lesson_games", s.lesson_games},
            {"seed", s.seed},
            {"games", games_},
            {"moves", moves_},
            {"updates", updates_},
            {"level", level_},
            {"best_evaluation", best_evaluation_},
            {"curve", curve},
            {"evaluations", evaluations}};
}

namespace {

// The settings describe() wrote, with the board to_model() added; every one is required.
AzTrainSettings settings_from_description(const nlohmann::json& d) {
    AzTrainSettings s;
    s.board = {d.at("size").get<int>(), d.at("win").get<int>(), Rule::Freestyle};
    s.shape = {d.at("channels").get<int>(), d.at("layers").get<int>(), d.value("policy_planes", 0)};  // 0 before there was a choice
    s.playouts = d.at("playouts").get<int64_t>();
    s.learning_rate = d.at("learning_rate").get<float>();
    s.weight_decay = d.at("weight_decay").get<float>();
    s.batch = d.at("batch").get<int>();
    s.updates_per_game = d.at("updates_per_game").get<int>();
    s.replay_capacity = d.at("replay_capacity").get<int>();
    s.temperature_moves = d.at("temperature_moves").get<int>();
    s.noise = {d.at("noise_fraction").get<double>(), d.at("noise_alpha").get<double>()};
    s.eval_every = d.at("eval_every").get<int>();
    s.eval_games = d.at("eval_games").get<int>();
    s.eval_az_playouts = d.at("eval_az_playouts").get<int64_t>();
    s.eval_pure_playouts = d.at("eval_pure_playouts").get<int64_t>();
    s.eval_pure_max = d.at("eval_pure_max").get<int64_t>();
    s.eval_mcts_playouts = d.value("eval_mcts_playouts", int64_t{0});  // none before the ladder had mcts
    s.eval_mcts_max = d.value("eval_mcts_max", int64_t{0});
    s.window = d.at("window").get<int>();
    s.lesson_games = d.value("lesson_games", int64_t{0});
    s.seed = d.at("seed").get<uint64_t>();
    learn::validate_described([&] { validate(s); });
    return s;
}

}  // namespace

AzTrainer::AzTrainer(const learn::Model& model) try : AzTrainer(settings_from_description(model.settings)) {
    const AzNetwork network = AzNetwork::latest_from_model(model);  // of the board in the settings
    if (network.shape() != settings_.shape)
        throw learn::ModelError(translatable("the network is not the shape its settings describe"));
    *network_ = network;
    make_optimisers();
    const nlohmann::json& d = model.settings;
    games_ = learn::described_count(d, "games");
    moves_ = learn::described_count(d, "moves");
    updates_ = learn::described_count(d, "updates");
    const std::vector<AzOpponent> ladder = evaluation_ladder(settings_);
    const int top = static_cast<int>(ladder.size()) - 1;
    // Runs from before the ladder name pure-mcts's playouts where they now name its level.
    const bool by_playouts = !d.contains("level");
    const auto level_of = [&](int64_t value) { return static_cast<int>(by_playouts ? (value - settings_.eval_pure_playouts) / 1000 : value); };
    level_ = by_playouts ? level_of(learn::described_count(d, "pure_playouts", settings_.eval_pure_playouts, settings_.eval_pure_max))
                         : static_cast<int>(learn::described_count(d, "level", 0, top));
    for (const nlohmann::json& p : d.at("curve"))
        curve_.push_back({p.at(0).get<int64_t>(), p.at(1).get<double>(), p.at(2).get<double>(), p.at(3).get<double>()});
    for (const nlohmann::json& p : d.at("evaluations")) {
        const int level = std::clamp(level_of(p.at(1).get<int64_t>()), 0, top);
        evaluations_.push_back({p.at(0).get<int64_t>(), level, ladder[static_cast<std::size_t>(level)], p.at(2).get<int>(),
                                p.at(3).get<int>(), p.at(4).get<int>()});
    }
    if (d.contains("best_evaluation"))  // kept since the ladder
        best_evaluation_ = static_cast<int>(learn::described_count(d, "best_evaluation", -1, static_cast<int64_t>(evaluations_.size()) - 1));
    if (best_evaluation_ >= 0) best_ = AzNetwork::from_model(model);
    rng_ = Rng::for_stream(settings_.seed, 2 + static_cast<uint64_t>(games_));
    if (evaluation_due()) start_evaluation();
} catch (const nlohmann::json::exception& error) {
    throw learn::ModelError(translatable("the model's settings are incomplete ({reason})", {{"reason", error.what()}}));
}

}  // namespace gridlab::gomoku
