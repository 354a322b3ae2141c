#include <catch2/catch.hpp>

#include <cmath>

#include "gomoku/ai.h"
#include "gomoku/az_mcts.h"
#include "gomoku/az_network.h"
#include "gomoku/az_trainer.h"
#include "learn/model_file.h"

using namespace gridlab::gomoku;
namespace learn = gridlab::learn;

namespace {

const Settings kFive{5, 4, Rule::Freestyle};

// Every weight 0 except those `set` gives.
void zero(learn::Network& network) {
    for (learn::Parameter* parameter : network.parameters()) std::fill(parameter->value.begin(), parameter->value.end(), 0.0f);
}

// A network whose policy prefers cells next to the side to move's stones and whose value grows with
// them: trunk = relu(number of own stones in the 3x3 around a cell); policy logit = that number;
// value = tanh(0.1 * the sum of it over the board).
AzNetwork counting_network() {
    AzNetwork network(kFive, AzShape{1, 1});
    zero(network.trunk());
    zero(network.policy_head());
    zero(network.value_head());
    std::vector<float>& taps = network.trunk().parameters()[0]->value;  // (1, 4, 3, 3): plane 0 first
    std::fill(taps.begin(), taps.begin() + 9, 1.0f);
    network.policy_head().parameters()[0]->value[0] = 1.0f;
    const auto value = network.value_head().parameters();  // conv w, conv b, dense w, dense b, dense w, dense b
    value[0]->value[0] = 1.0f;
    std::fill(value[2]->value.begin(), value[2]->value.begin() + 25, 1.0f);  // hidden unit 0 sums plane 0
    value[4]->value[0] = 0.1f;
    return network;
}

std::shared_ptr<AzNetwork> zero_network(const Settings& board, float value_bias = 0.0f) {
    auto network = std::make_shared<AzNetwork>(board, AzShape{4, 1});
    zero(network->trunk());
    zero(network->policy_head());
    zero(network->value_head());
    network->value_head().parameters().back()->value[0] = value_bias;
    return network;
}

}  // namespace

TEST_CASE("az network: the forward pass of a known position with fixed weights", "[gomoku][az]") {
    AzNetwork network = counting_network();
    State state(kFive);
    state.apply(2 * 5 + 2);  // black in the centre
    state.apply(0);          // white in the corner; black to move
    const AzEvaluation evaluation = network.evaluate(state);
    const double e = std::exp(1.0);
    // 8 empty neighbours of the black stone have logit 1, the 15 other empty cells logit 0.
    CHECK(evaluation.priors[1 * 5 + 1] == Approx(e / (8 * e + 15)).epsilon(1e-6));
    CHECK(evaluation.priors[4 * 5 + 4] == Approx(1 / (8 * e + 15)).epsilon(1e-6));
    CHECK(evaluation.priors[0] == 0.0f);
    CHECK(evaluation.priors[12] == 0.0f);
    // The black stone is counted by the 9 cells around it: value tanh(0.9).
    CHECK(evaluation.value == Approx(std::tanh(0.9)).epsilon(1e-6));

    // White to move: its own stone in the corner is seen by 4 cells, 3 of them empty.
    state.apply(4 * 5 + 4);
    const AzEvaluation white = network.evaluate(state);
    CHECK(white.value == Approx(std::tanh(0.4)).epsilon(1e-6));
    CHECK(white.priors[1] == Approx(e / (3 * e + 19)).epsilon(1e-6));
}

TEST_CASE("az network: the input planes", "[gomoku][az]") {
    State state(kFive);
    state.apply(7);
    learn::Tensor planes({1, kAzInputPlanes, 5, 5});
    encode_position(state, planes, 0);  // white to move: black's stone is the opponent's
    CHECK(planes.at(0, 0, 1, 2) == 0.0f);
    CHECK(planes.at(0, 1, 1, 2) == 1.0f);
    CHECK(planes.at(0, 2, 1, 2) == 1.0f);
    CHECK(planes.at(0, 3, 4, 4) == 0.0f);
    double sum = 0;
    for (float value : planes.values) sum += value;
    CHECK(sum == 2.0);
}

TEST_CASE("az training: the 8 symmetries of a sample", "[gomoku][az]") {
    // Cell (0, 1) of a 3x3 board under each symmetry: turned clockwise 0-3 times, then mirrored.
    const std::vector<int> images = {1, 5, 7, 3, 1, 3, 7, 5};
    for (int k = 0; k < 8; ++k) CHECK(transform_cell(1, 3, k) == images[static_cast<std::size_t>(k)]);
    AzTrainer::Sample sample;
    for (int i = 0; i < kAzInputPlanes * 9; ++i) sample.planes.push_back(static_cast<float>(i));
    for (int i = 0; i < 9; ++i) sample.visits.push_back(static_cast<float>(i));
    sample.outcome = -1;
    const auto all = AzTrainer::symmetries(sample, 3);
    CHECK(all[0].visits == sample.visits);
    CHECK(all[0].planes == sample.planes);
    CHECK(all[1].visits == std::vector<float>{6, 3, 0, 7, 4, 1, 8, 5, 2});  // a quarter turn clockwise
    CHECK(all[2].visits == std::vector<float>{8, 7, 6, 5, 4, 3, 2, 1, 0});
    CHECK(all[4].visits == std::vector<float>{2, 1, 0, 5, 4, 3, 8, 7, 6});  // mirrored
    CHECK(all[5].visits == std::vector<float>{0, 3, 6, 1, 4, 7, 2, 5, 8});  // the main diagonal
    // Each plane moves like the visits; the outcome stays.
    for (const auto& oriented : all) {
        CHECK(oriented.outcome == -1);
        for (int plane = 0; plane < kAzInputPlanes; ++plane)
            for (int cell = 0; cell < 9; ++cell)
                CHECK(oriented.planes[static_cast<std::size_t>(plane * 9 + cell)] == oriented.visits[static_cast<std::size_t>(cell)] + plane * 9);
    }
}

TEST_CASE("az search: a uniform policy and equal values visit every move in turn", "[gomoku][az]") {
    const std::unique_ptr<Mcts> search = make_az_search(std::make_unique<AzPolicy>(zero_network(kFive, 0.5f)), Budget{25, 0}, 1);
    const SearchReport report = search->decide(State(kFive));
    REQUIRE(report.candidates.size() == 25);
    for (const CandidateStats& candidate : report.candidates) {
        CHECK(candidate.visits == 1);
        CHECK(candidate.prior == Approx(1.0 / 25));
        // Every leaf is worth tanh(0.5) to white, who moves there next: -tanh(0.5) to black.
        CHECK(candidate.value == Approx(-std::tanh(0.5)).epsilon(1e-6));
    }
}

TEST_CASE("az search: with no knowledge, the tree still finds a win and a block", "[gomoku][az]") {
    const State win = State::parse(
        ".....\n"
        ".XXX.\n"
        ".....\n"
        ".OO..\n"
        "..O..\n", 4);
    const std::unique_ptr<Mcts> search = make_az_search(std::make_unique<AzPolicy>(zero_network(kFive)), Budget{300, 0}, 1);
    const int move = search->choose(win);
    CHECK((move == 1 * 5 + 0 || move == 1 * 5 + 4));
    const State block = State::parse(
        ".....\n"
        "OOO..\n"
        ".....\n"
        "X.X..\n"
        "....X\n", 4);
    REQUIRE(block.to_move() == Stone::Black);
    CHECK(search->choose(block) == 1 * 5 + 3);
}

TEST_CASE("az search: the root's threat screening blocks a four after one playout, whatever the network says", "[gomoku][az]") {
    // 8x8, five in a row, black to move: white's four on the bottom row has one open end, e1 (7, 4).
    const State four = State::parse(
        "X......X\n"
        "........\n"
        ".......X\n"
        "...X....\n"
        "........\n"
        "........\n"
        "........\n"
        "OOOO....\n", 5);
    REQUIRE(four.to_move() == Stone::Black);
    const Settings board{8, 5, Rule::Freestyle};
    const std::unique_ptr<Mcts> search = make_az_search(std::make_unique<AzPolicy>(zero_network(board)), Budget{1, 0}, 1);
    const SearchReport report = search->decide(four);
    CHECK(search->best_action() == 7 * 8 + 4);
    REQUIRE(report.candidates.size() == 1u);  // every other move lets white make five
    CHECK(report.playouts == 1);
    // And its own five first: black's four on the top row (a8 b8 c8 d8 taken, e8 free) wins at once.
    const State own = State::parse(
        "XXXX....\n"
        "........\n"
        "........\n"
        "........\n"
        "........\n"
        "........\n"
        ".......O\n"
        "OOO.....\n", 5);
    CHECK(search->choose(own) == 4);
}

TEST_CASE("az network: a dense policy head, its parameters and its model file", "[gomoku][az]") {
    AzNetwork network(Settings{6, 4, Rule::Freestyle}, AzShape{8, 2, 4});
    gridlab::Rng rng(3);
    network.init(rng);
    // conv 1x1 8 -> 4 planes, then dense 4 x 36 -> 36.
    CHECK(network.policy_head().parameter_count() == (8 * 4 + 4) + (4 * 36 * 36 + 36));
    State state(Settings{6, 4, Rule::Freestyle});
    state.apply(14);
    const AzEvaluation evaluation = network.evaluate(state);
    double sum = 0;
    for (float prior : evaluation.priors) sum += prior;
    CHECK(sum == Approx(1.0));
    CHECK(evaluation.priors[14] == 0.0f);
    AzNetwork loaded = AzNetwork::from_model(learn::load_model(learn::save_model(network.to_model({})), "gomoku"));
    CHECK(loaded.shape() == AzShape{8, 2, 4});
    CHECK(loaded.weight_hash() == network.weight_hash());
    CHECK(loaded.evaluate(state).priors == evaluation.priors);
    CHECK_THROWS_WITH(AzNetwork(Settings{6, 4, Rule::Freestyle}, AzShape{8, 2, 9}), "policy planes 9 is not in 0..8");
}

TEST_CASE("az model files: round trip, other games and other boards are refused", "[gomoku][az]") {
    AzNetwork network(Settings{6, 4, Rule::Freestyle}, AzShape{8, 2});
    gridlab::Rng rng(5);
    network.init(rng);
    const std::string bytes = learn::save_model(network.to_model({{"games", 3}}));
    const learn::Model model = learn::load_model(bytes, "gomoku");
    CHECK(model.settings["size"] == 6);
    CHECK(model.settings["win"] == 4);
    CHECK(model.settings["games"] == 3);
    const AzNetwork loaded = AzNetwork::from_model(model);
    CHECK(loaded.weight_hash() == network.weight_hash());
    CHECK(loaded.shape().channels == 8);
    CHECK(loaded.shape().layers == 2);
    CHECK_NOTHROW(loaded.require_board(Settings{6, 4, Rule::Freestyle}));
    CHECK_THROWS_WITH(loaded.require_board(Settings{8, 5, Rule::Freestyle}), "the model is for 6x6, 4 in a row, not 8x8, 5 in a row");
    CHECK_THROWS_WITH(learn::load_model(bytes, "minesweeper"), "model for game gomoku, not minesweeper");

    learn::Model other = model;
    other.game = "puyo";
    CHECK_THROWS_WITH(AzNetwork::from_model(other), "model for game puyo, not gomoku");
    learn::Model headless = model;
    headless.heads.erase("value");
    CHECK_THROWS_WITH(AzNetwork::from_model(learn::load_model(learn::save_model(headless), "gomoku")),
                      "not a Gomoku policy-value network: it needs the heads \"policy\" and \"value\"");
    learn::Model sizeless = model;
    sizeless.settings.erase("size");
    CHECK_THROWS_WITH(AzNetwork::from_model(sizeless), "no board \"size\" in the model's settings");

    // A search of a 6x6 model refuses an 8x8 game and leaves the game to the caller.
    AiSpec spec = parse_ai_spec("az:model=unused,playouts=10");
    spec.network = std::make_shared<AzNetwork>(loaded);
    const std::unique_ptr<Search> search = make_ai(spec, 1);
    CHECK_THROWS_WITH(search->begin(State(Settings{8, 5, Rule::Freestyle})), "the model is for 6x6, 4 in a row, not 8x8, 5 in a row");
    CHECK_NOTHROW(search->choose(State(Settings{6, 4, Rule::Freestyle})));
    CHECK_THROWS_WITH(parse_ai_spec("az:playouts=10"), "az needs a model: az:model=FILE");
    CHECK_THROWS_WITH(make_ai(parse_ai_spec("az:model=/nonexistent/file"), 1), "cannot read the model file '/nonexistent/file'");
}

TEST_CASE("az gamma and Dirichlet samples: seeded, positive, summing to 1", "[gomoku][az]") {
    gridlab::Rng rng(3), again(3);
    const std::vector<double> noise = sample_dirichlet(rng, 0.3, 36);
    CHECK(noise == sample_dirichlet(again, 0.3, 36));
    double sum = 0;
    for (double value : noise) {
        CHECK(value >= 0);
        sum += value;
    }
    CHECK(sum == Approx(1.0));
    // The mean of Gamma(k) is k.
    double mean = 0;
    for (int i = 0; i < 4000; ++i) mean += sample_gamma(rng, 2.5) / 4000;
    CHECK(mean == Approx(2.5).epsilon(0.05));
}

namespace {

AzTrainSettings small_run() {
    AzTrainSettings settings;
    settings.board = kFive;
    settings.shape = AzShape{8, 2};
    settings.playouts = 30;
    settings.batch = 32;
    settings.replay_capacity = 4000;
    settings.temperature_moves = 4;
    settings.eval_every = 0;
    settings.seed = 7;
    return settings;
}

}  // namespace

TEST_CASE("az training: a short seeded run learns, with the same weights everywhere", "[gomoku][az]") {
    AzTrainer trainer(small_run());
    trainer.train_until(40);
    CHECK(trainer.games() == 40);
    CHECK(trainer.updates() == 40 * small_run().updates_per_game);
    // The same seed gives the same weights natively and in WebAssembly (the wasm ctest runs this too).
    CHECK(learn::hex16(trainer.network().weight_hash()) == "dfb7c4ee03437725");
    // It learns: the policy loss of the last 10 games is below the first 10's. (Games against the
    // untrained network no longer show it: with the root's threat screening on both sides, 5x5 four
    // in a row is drawn.)
    REQUIRE(trainer.curve().size() == 4u);
    INFO("policy loss " << trainer.curve().front().policy_loss << " -> " << trainer.curve().back().policy_loss);
    CHECK(trainer.curve().back().policy_loss < trainer.curve().front().policy_loss - 0.1);
}

TEST_CASE("az training: an update passes its batch in parts, one unit of work each, with the weights of one pass", "[gomoku][az]") {
    AzTrainSettings settings = small_run();
    settings.batch = 4 * AzTrainer::kUpdatePart;
    AzTrainer trainer(settings);
    while (!trainer.between_games()) trainer.step();  // the first game that fills a batch
    const int64_t before = trainer.updates();
    for (int part = 1; part <= settings.updates_per_game * 4; ++part) {
        REQUIRE(trainer.between_games());
        trainer.step();
        CHECK(trainer.updates() == before + part / 4);
    }
    CHECK_FALSE(trainer.between_games());
    trainer.train_until(12);
    // The hash of the trainer from before the parts, which passed each batch of 128 at once.
    CHECK(learn::hex16(trainer.network().weight_hash()) == "dd338ee3a1b58dc0");
}

namespace {

// small_run() with evaluations every 3 games (2 games each, against pure-mcts from 50 playouts,
// raised to at most 150) and a curve point every 2 games.
AzTrainSettings evaluated_run() {
    AzTrainSettings settings = small_run();
    settings.eval_every = 3;
    settings.eval_games = 2;
    settings.eval_az_playouts = 20;
    settings.eval_pure_playouts = 50;
    settings.eval_pure_max = 150;
    settings.window = 2;
    return settings;
}

learn::Model saved(const AzTrainer& trainer) {
    return learn::load_model(learn::save_model(trainer.to_model(trainer.describe())), "gomoku");
}

}  // namespace

TEST_CASE("az training: the weights after N games do not depend on how the thinking is sliced", "[gomoku][az]") {
    AzTrainer whole(evaluated_run());
    whole.train_until(6);
    REQUIRE(whole.evaluations().size() == 2u);
    for (double slice_ms : {0.0, 0.5}) {
        AzTrainer sliced(evaluated_run());
        int slices = 0;
        while (sliced.games() < 6 || sliced.between_games()) {
            sliced.advance(slice_ms);
            ++slices;
        }
        CHECK(slices > sliced.moves());  // slices that ended inside a move's search
        CHECK(sliced.network().weight_hash() == whole.network().weight_hash());
        CHECK(sliced.moves() == whole.moves());
        CHECK(sliced.evaluations().back().wins == whole.evaluations().back().wins);
    }
}

TEST_CASE("az training: a run saved in a model file resumes with its settings, weights, counts and history", "[gomoku][az]") {
    AzTrainer first(evaluated_run());
    first.train_until(6);
    const AzTrainer resumed(saved(first));
    CHECK(resumed.network().weight_hash() == first.network().weight_hash());
    CHECK(resumed.games() == 6);
    CHECK(resumed.moves() == first.moves());
    CHECK(resumed.updates() == first.updates());
    CHECK(resumed.level() == first.level());
    CHECK(resumed.best_evaluation() == first.best_evaluation());
    CHECK(resumed.best_network().weight_hash() == first.best_network().weight_hash());
    CHECK(!resumed.evaluating());  // the evaluation of game 6 was played before the save
    const AzTrainSettings& s = resumed.settings();
    CHECK(s.board.size == 5);
    CHECK(s.board.win_length == 4);
    CHECK(s.shape.channels == 8);
    CHECK(s.shape.layers == 2);
    CHECK(s.playouts == 30);
    CHECK(s.batch == 32);
    CHECK(s.replay_capacity == 4000);
    CHECK(s.temperature_moves == 4);
    CHECK(s.noise.alpha == 0.3);
    CHECK(s.eval_pure_max == 150);
    CHECK(s.window == 2);
    CHECK(s.seed == 7);
    REQUIRE(resumed.curve().size() == 3u);
    CHECK(resumed.curve()[2].policy_loss == first.curve()[2].policy_loss);
    CHECK(resumed.curve()[2].moves == first.curve()[2].moves);
    REQUIRE(resumed.evaluations().size() == 2u);
    CHECK(resumed.evaluations()[1].games == 6);
    CHECK(resumed.evaluations()[1].wins == first.evaluations()[1].wins);
    CHECK(resumed.evaluations()[1].losses == first.evaluations()[1].losses);

    AzTrainer goes_on(saved(first));
    goes_on.train_until(9);
    CHECK(goes_on.games() == 9);
    CHECK(goes_on.updates() == first.updates() + 3 * 4);
    CHECK(goes_on.curve().size() == 4u);
    CHECK(goes_on.evaluations().size() == 3u);
    CHECK(goes_on.network().weight_hash() != first.network().weight_hash());
}

TEST_CASE("az training: the evaluations climb a ladder of opponents, and the best evaluated network is kept", "[gomoku][az]") {
    // 8x8's lesson: pure-mcts from 1000 to 5000 playouts, then mcts doubling from 1000 to its default.
    std::string ladder;
    for (const AzOpponent& opponent : evaluation_ladder(lesson_settings(Settings{8, 5, Rule::Freestyle})))
        ladder += std::string(opponent.ai) + ":" + std::to_string(opponent.playouts) + " ";
    CHECK(ladder == "pure-mcts:1000 pure-mcts:2000 pure-mcts:3000 pure-mcts:4000 pure-mcts:5000 mcts:1000 mcts:2000 "
                    "mcts:4000 mcts:8000 mcts:10000 ");
    CHECK(evaluation_ladder(lesson_settings(Settings{6, 4, Rule::Freestyle})).size() == 5u);  // pure-mcts only

    AzTrainer trainer(evaluated_run());
    trainer.train_until(12);
    const std::vector<AzEvaluationPoint>& tests = trainer.evaluations();
    REQUIRE(tests.size() == 4u);
    int best = 0;  // the highest strength, the latest among equals
    for (int i = 1; i < 4; ++i)
        if (tests[static_cast<std::size_t>(i)].strength() >= tests[static_cast<std::size_t>(best)].strength()) best = i;
    CHECK(trainer.best_evaluation() == best);
    for (std::size_t i = 1; i < tests.size(); ++i)  // one level up after a test won with 75% of the points
        CHECK(tests[i].level == std::min(1, tests[i - 1].level + (tests[i - 1].win_ratio() >= kLadderPass ? 1 : 0)));
    // The model file plays the best network and trains on with the latest.
    const learn::Model model = saved(trainer);
    CHECK(AzNetwork::from_model(model).weight_hash() == trainer.best_network().weight_hash());
    CHECK(AzNetwork::latest_from_model(model).weight_hash() == trainer.network().weight_hash());
    if (best != 3) CHECK(trainer.best_network().weight_hash() != trainer.network().weight_hash());
}

TEST_CASE("az training: a run saved during an evaluation plays that evaluation again", "[gomoku][az]") {
    AzTrainer first(evaluated_run());
    while (first.games() < 3 || !first.evaluating()) first.step();
    first.step();  // one move of the evaluation's first game
    AzTrainer resumed(saved(first));
    CHECK(resumed.evaluating());
    CHECK(resumed.evaluations().empty());
    resumed.train_until(3);
    REQUIRE(resumed.evaluations().size() == 1u);
    CHECK(resumed.evaluations()[0].games == 3);
    CHECK(resumed.evaluations()[0].wins + resumed.evaluations()[0].draws + resumed.evaluations()[0].losses == 2);
}

TEST_CASE("az training: a model whose description is incomplete, out of range or of another shape is refused", "[gomoku][az]") {
    AzTrainer trainer(evaluated_run());
    trainer.train_until(1);
    const learn::Model good = saved(trainer);
    const auto spoiled = [&](const char* key, const nlohmann::json& value) {
        learn::Model model = good;
        if (value.is_null()) model.settings.erase(key);
        else model.settings[key] = value;
        return model;
    };
    const auto refusal = [](const learn::Model& model) -> std::string {
        try {
            AzTrainer resumed(model);
        } catch (const learn::ModelError& error) {
            return error.what();
        }
        return "accepted";
    };
    CHECK(refusal(good) == "accepted");
    CHECK(refusal(spoiled("playouts", nullptr)).starts_with("the model's settings are incomplete ("));
    CHECK(refusal(spoiled("evaluations", nullptr)).starts_with("the model's settings are incomplete ("));
    CHECK(refusal(spoiled("batch", "many")).starts_with("the model's settings are incomplete ("));
    CHECK(refusal(spoiled("playouts", 0)) == "the model's settings are out of range (playouts must be in 1..100000)");
    CHECK(refusal(spoiled("replay_capacity", 8)) == "the model's settings are out of range (replay capacity must be in batch..1000000)");
    CHECK(refusal(spoiled("games", -1)) == "the model's settings are out of range (games -1)");
    CHECK(refusal(spoiled("level", 2)) == "the model's settings are out of range (level 2)");
    CHECK(refusal(spoiled("size", 16)) == "the model's settings are out of range (size 16 is not in 5..15)");
    CHECK(refusal(spoiled("size", 6)) == "not a Gomoku policy-value network of this program's shape");
    CHECK(refusal(spoiled("channels", 9)) == "the network is not the shape its settings describe");
    learn::Model puyo = good;
    puyo.game = "puyo";
    CHECK(refusal(puyo) == "model for game puyo, not gomoku");
}
