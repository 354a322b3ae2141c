// The Puyo learner: its features, its TD targets, its training and its model files.
#include <algorithm>
#include <bit>

#include <catch2/catch.hpp>

#include "learn/model_file.h"
#include "puyo/beam.h"
#include "puyo/helpers.h"
#include "puyo/learner.h"

using namespace gridlab::puyo;
namespace learn = gridlab::learn;
using puyo_test::board;
using puyo_test::kTwoChainReady;

namespace {


// No two same-coloured puyos touch; column 1 is a well between columns of 3 and 11, and the spawn
// column stands 11 high.
const std::string kTallSpawnColumn = board({"..B...", "..G...", "..R...", "..Y...", "..B...", "..G...", "..R..R",
                                            "..Y..G", "R.B..R", "Y.GRYG", "B.RYGR"});

TrainSettings small_training(uint64_t seed, LearnerInputs inputs = LearnerInputs::Features) {
    TrainSettings settings;
    settings.rules = RuleSet::Tsu;
    settings.pairs = 20;
    settings.shape = {inputs, inputs == LearnerInputs::Field ? 4 : 16};
    settings.batch = 16;
    settings.window = 10;
    settings.seed = seed;
    return settings;
}

// Mean score of `games` games of `pairs` pairs played by `ai`, game i on pair sequence 1000 + i.
double mean_score(Ai& ai, const Settings& settings, int games) {
    double total = 0;
    for (int game = 0; game < games; ++game) {
        State state(settings, 1000 + static_cast<uint64_t>(game));
        while (!state.terminal()) state.apply(ai.decide(state).placement);
        total += static_cast<double>(state.score());
    }
    return total / games;
}

}  // namespace

TEST_CASE("puyo learner features: heights, links, groups and the chain a puyo would set off", "[puyo][learner]") {
    const std::array<float, kFeatureCount> f = field_features(Field::parse(kTwoChainReady, RuleSet::Tsu), 20);
    CHECK(f[kHeight0] == 6.0f / 12);
    CHECK(f[kHeight0 + 1] == 1.0f / 12);
    CHECK(f[kHeight0 + 2] == 0.0f);
    CHECK(f[kBumpiness] == 6.0f / 24);  // |6 - 1| + |1 - 0|
    CHECK(f[kWells] == 0.0f);
    CHECK(f[kPuyoCount] == 7.0f / 72);
    CHECK(f[kLinks] == 4.0f / 36);  // R-R, R-R, G-G, G-G up column 0
    CHECK(f[kGroupsOfTwo] == 0.0f);
    CHECK(f[kGroupsOfThree] == 2.0f / 12);  // RRR and GGG; the lone G is a group of one
    CHECK(f[kPotentialChain] == 2.0f / 10);
    CHECK(f[kPotentialScore] == learn::log(1.0f + 360.0f / 100) / 10);
    CHECK(f[kPotentialNeedsTwo] == 0.0f);
    CHECK(f[kDanger] == 0.0f);
    CHECK(f[kPairsLeft] == 20.0f / 50);
}

TEST_CASE("puyo learner features: wells, danger and the pairs left", "[puyo][learner]") {
    const Field field = Field::parse(kTallSpawnColumn, RuleSet::Tsu);
    const std::array<float, kFeatureCount> f = field_features(field, 80);
    CHECK(f[kHeight0] == 3.0f / 12);
    CHECK(f[kHeight0 + 1] == 0.0f);
    CHECK(f[kHeight0 + 2] == 11.0f / 12);
    CHECK(f[kHeight0 + 5] == 5.0f / 12);
    CHECK(f[kBumpiness] == 26.0f / 24);  // 3 + 11 + 9 + 0 + 3
    CHECK(f[kWells] == 3.0f / 24);       // column 1, 3 below its lower neighbour
    CHECK(f[kPuyoCount] == 23.0f / 72);
    CHECK(f[kLinks] == 0.0f);
    CHECK(f[kGroupsOfTwo] == 0.0f);
    CHECK(f[kGroupsOfThree] == 0.0f);
    CHECK(f[kPotentialChain] == static_cast<float>(find_potential(field).chains) / 10);
    CHECK(f[kDanger] == 2.0f / 3);       // 11 high, 2 above 9
    CHECK(f[kPairsLeft] == 1.0f);        // 80 pairs left count as the cap, 50
    CHECK(field_features(field, -1)[kPairsLeft] == 1.0f);  // no limit
}

TEST_CASE("puyo learner: the field input has a plane per colour, one for empty cells and the pairs left", "[puyo][learner]") {
    const Field field = Field::parse(kTwoChainReady, RuleSet::Tutorial);
    learn::Tensor batch(input_shape(LearnerInputs::Field, RuleSet::Tutorial, 2));
    REQUIRE(batch.shape == std::vector<int>{2, kFieldPlanes, 12, 6});
    encode(LearnerInputs::Field, field, 10, batch, 1);
    CHECK(batch.at(1, static_cast<int>(Puyo::Red) - 1, 11, 0) == 1.0f);   // the floor is the last row
    CHECK(batch.at(1, static_cast<int>(Puyo::Green) - 1, 6, 0) == 1.0f);  // the top of column 0
    CHECK(batch.at(1, static_cast<int>(Puyo::Green) - 1, 11, 1) == 1.0f);
    CHECK(batch.at(1, kMaxColors, 11, 0) == 0.0f);  // occupied
    CHECK(batch.at(1, kMaxColors, 5, 0) == 1.0f);   // empty
    CHECK(batch.at(1, kMaxColors + 1, 0, 3) == 10.0f / 50);
    const auto ones = std::count(batch.values.begin(), batch.values.end(), 1.0f);
    CHECK(ones == 7 + 65);  // a colour or empty on every cell of sample 1
    CHECK(std::count(batch.values.begin(), batch.values.end(), 0.0f) == 2 * kFieldPlanes * 72 - 72 - 72);
}

TEST_CASE("puyo learner: TD(lambda) targets and one update on a two-state toy", "[puyo][learner]") {
    // Afterstate 0 earns 1 on the next move, which leads to afterstate 1 (valued 5); afterstate 1
    // earns 2 on the last move.
    const std::vector<float> rewards{1.0f, 2.0f}, next_values{5.0f, 0.0f};
    CHECK(lambda_returns(rewards, next_values, 0.5f, 0.0f) == std::vector<float>{3.5f, 2.0f});   // 1 + 0.5 * 5
    CHECK(lambda_returns(rewards, next_values, 0.5f, 1.0f) == std::vector<float>{2.0f, 2.0f});   // 1 + 0.5 * 2
    CHECK(lambda_returns(rewards, next_values, 0.5f, 0.5f) == std::vector<float>{2.75f, 2.0f});  // 1 + 0.5 * 3.5
    CHECK_THROWS_AS(lambda_returns(rewards, {1.0f}, 1.0f, 0.5f), std::invalid_argument);
    // V(x) = w x + b with x = 1, w = 0.5, b = 0: the squared error's step of 0.25 lands on the target.
    learn::Network value;
    value.add(std::make_unique<learn::Dense>(1, 1));
    value.parameters()[0]->value = {0.5f};
    learn::Sgd sgd(value, {.learning_rate = 0.25f});
    const learn::Tensor input({1, 1}, 1.0f);
    learn::Tensor target({1, 1}, 2.75f);
    value.backward(learn::mse(value.forward(input), target).grad);  // dLoss/dV = 2 (0.5 - 2.75) = -4.5
    sgd.step();
    CHECK(value.parameters()[0]->value[0] == 1.625f);
    CHECK(value.parameters()[1]->value[0] == 1.125f);
    CHECK(value.forward(input).values[0] == 2.75f);
}

TEST_CASE("puyo learner: each placement is scored by its score now plus the value of the field it leaves", "[puyo][learner]") {
    const uint64_t seed = puyo_test::seed_starting_with({{Puyo::Red, Puyo::Blue}});
    const State state({RuleSet::Tsu, 4, 10}, seed, Field::parse(kTwoChainReady, RuleSet::Tsu));
    learn::Network network = make_value_network({LearnerInputs::Features, 8}, RuleSet::Tsu);  // weights 0: V = 0
    PlacementScorer scorer(LearnerInputs::Features, RuleSet::Tsu);
    scorer.score(state, network, 1.0f);
    const int best = scorer.best();
    CHECK(scorer.candidates()[static_cast<size_t>(best)].move.score == 360);
    CHECK(scorer.candidates()[static_cast<size_t>(best)].total == 0.36f);
    CHECK(scorer.afterstate(best).score() == 360);
    int legal = 0;
    for (const Candidate& candidate : scorer.candidates()) legal += candidate.legal;
    CHECK(legal == std::popcount(state.legal_mask()));
}

TEST_CASE("puyo learner: training is seeded, and sliced training equals one run", "[puyo][learner]") {
    Trainer whole(small_training(5)), sliced(small_training(5)), other(small_training(6));
    whole.train_until(30);
    while (sliced.games() < 30) sliced.think(0.0);  // one move per slice
    other.train_until(30);
    CHECK(sliced.moves() == whole.moves());
    CHECK(learn::weight_hash(sliced.network()) == learn::weight_hash(whole.network()));
    CHECK(learn::weight_hash(other.network()) != learn::weight_hash(whole.network()));
    CHECK(whole.curve().size() == 3u);
    CHECK(whole.describe()["games"] == 30);
    // The same literals natively and in WebAssembly: training is bit-identical on both.
    CHECK(learn::hex16(learn::weight_hash(whole.network())) == "0da10c4a4ddcad76");
    Trainer field(small_training(5, LearnerInputs::Field));
    field.train_until(4);
    CHECK(learn::hex16(learn::weight_hash(field.network())) == "66a74395de5d7df2");
}

TEST_CASE("puyo learner: a short training run scores more than random play on the same pairs", "[puyo][learner]") {
    Trainer trainer(small_training(3));
    trainer.train_until(200);
    const learn::Model model{"puyo", trainer.network(), trainer.describe()};
    LearnedAi learned(model);
    RandomAi random(7);
    const Settings settings{RuleSet::Tsu, 4, 20};
    const double learned_score = mean_score(learned, settings, 30);
    const double random_score = mean_score(random, settings, 30);
    CHECK(learned_score > 1.5 * random_score);  // 532.0 against 273.3
}

TEST_CASE("puyo learner: with lookahead it plays the placement whose best follow-up with the next pair is best", "[puyo][learner]") {
    Trainer trainer(small_training(3));
    trainer.train_until(40);
    const learn::Model model{"puyo", trainer.network(), trainer.describe()};
    learn::Network network = model.network;
    const TrainSettings& s = trainer.settings();
    State state(Settings{s.rules, s.colors, 20}, 11);
    LearnedAi plain(model), ahead(model, true);
    int differing = 0;
    for (int move = 0; move < 12 && !state.terminal(); ++move) {
        // Brute force: every placement of this pair, then the next pair's best total after it.
        PlacementScorer first(s.shape.inputs, s.rules), second(s.shape.inputs, s.rules);
        first.score(state, network, s.gamma);
        int expected = -1;
        float expected_total = 0;
        for (int action = 0; action < kPlacementCount; ++action) {
            const Candidate& candidate = first.candidates()[static_cast<size_t>(action)];
            if (!candidate.legal) continue;
            float total = candidate.total;
            if (!candidate.ends_game) {
                second.score(first.afterstate(action), network, s.gamma);
                total = static_cast<float>(static_cast<double>(candidate.move.score) / kScoreScale) +
                        s.gamma * second.candidates()[static_cast<size_t>(second.best())].total;
            }
            if (expected < 0 || total > expected_total) {
                expected = action;
                expected_total = total;
            }
        }
        ahead.begin(state);
        plain.begin(state);
        CHECK(action_of(ahead.result().placement) == expected);
        CHECK(action_of(plain.result().placement) == first.best());
        differing += expected != first.best();
        state.apply(ahead.result().placement);
    }
    CHECK(differing > 0);  // the next pair changes some choices
}

TEST_CASE("puyo learner: bad settings are refused", "[puyo][learner]") {
    TrainSettings settings = small_training(1);
    settings.shape.width = 0;
    CHECK_THROWS_WITH(Trainer(settings), "width: 0 is outside 1..256");
    settings = small_training(1);
    settings.lambda = 1.5f;
    CHECK_THROWS_WITH(Trainer(settings), "lambda: must be in [0, 1]");
    settings = small_training(1);
    settings.colors = 6;
    CHECK_THROWS_AS(Trainer(settings), std::invalid_argument);
}

TEST_CASE("puyo learner: a run saved in a model file resumes with its weights, counts and curve", "[puyo][learner]") {
    Trainer first(small_training(7));
    first.train_until(20);
    const std::string bytes = learn::save_model({"puyo", first.network(), first.describe()});
    Trainer resumed(learn::load_model(bytes, "puyo"));
    CHECK(learn::weight_hash(resumed.network()) == learn::weight_hash(first.network()));
    CHECK(resumed.games() == 20);
    CHECK(resumed.moves() == first.moves());
    CHECK(resumed.updates() == first.updates());
    CHECK(resumed.settings().shape.inputs == LearnerInputs::Features);
    CHECK(resumed.settings().shape.width == 16);
    REQUIRE(resumed.curve().size() == 2u);
    CHECK(resumed.curve()[1].mean_score == first.curve()[1].mean_score);
    resumed.train_until(30);
    CHECK(resumed.curve().size() == 3u);
    CHECK(learn::weight_hash(resumed.network()) != learn::weight_hash(first.network()));
}

TEST_CASE("puyo learner: a run whose description is incomplete, out of range or of another shape is not resumed", "[puyo][learner]") {
    Trainer trainer(small_training(7));
    trainer.train_until(2);
    const auto refusal = [&](const char* key, const nlohmann::json& value) -> std::string {
        nlohmann::json settings = trainer.describe();
        if (value.is_null()) settings.erase(key);
        else settings[key] = value;
        try {
            Trainer resumed(learn::Model{"puyo", trainer.network(), settings});
        } catch (const learn::ModelError& error) {
            return error.what();
        }
        return "accepted";
    };
    CHECK(refusal("seed", 7) == "accepted");
    CHECK(refusal("lambda", nullptr).starts_with("the model's settings are incomplete ("));
    CHECK(refusal("games", nullptr).starts_with("the model's settings are incomplete ("));
    CHECK(refusal("curve", "rising").starts_with("the model's settings are incomplete ("));
    CHECK(refusal("lambda", 1.5) == "the model's settings are out of range (lambda: must be in [0, 1])");
    CHECK(refusal("width", 0) == "the model's settings are out of range (width: 0 is outside 1..256)");
    CHECK(refusal("moves", -3) == "the model's settings are out of range (moves -3)");
    CHECK(refusal("width", 17) == "the network is not the shape its settings describe");
}

TEST_CASE("puyo learner: a model for another game, or whose settings do not fit, is refused", "[puyo][learner]") {
    Trainer trainer(small_training(7));
    const std::string bytes = learn::save_model({"puyo", trainer.network(), trainer.describe()});
    CHECK_THROWS_WITH(learn::load_model(bytes, "minesweeper"), "model for game puyo, not minesweeper");
    const std::string minesweeper = learn::save_model({"minesweeper", trainer.network(), trainer.describe()});
    CHECK_THROWS_WITH(learn::load_model(minesweeper, "puyo"), "model for game minesweeper, not puyo");
    nlohmann::json settings = trainer.describe();
    settings["width"] = 17;  // the weights are for width 16
    CHECK_THROWS_WITH(LearnedAi(learn::Model{"puyo", trainer.network(), settings}),
                      "the network is not the shape its settings describe");
    settings = trainer.describe();
    settings["inputs"] = "pixels";
    CHECK_THROWS_WITH(LearnedAi(learn::Model{"puyo", trainer.network(), settings}),
                      "unknown inputs 'pixels' (expected field or features)");
    settings = trainer.describe();
    settings.erase("gamma");
    CHECK_THROWS_AS(LearnedAi(learn::Model{"puyo", trainer.network(), settings}), std::invalid_argument);
    // A model trained on Tsu plays no tutorial game.
    LearnedAi ai(learn::Model{"puyo", trainer.network(), trainer.describe()});
    CHECK_THROWS_WITH(ai.decide(State({RuleSet::Tutorial, 4, 10}, 1)), "the model was trained on the tsu rules");
}
