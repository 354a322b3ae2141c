// The game screens playing with the Learn screen's AIs: Puyo's ai=learned and Gomoku's az.
#include <catch2/catch.hpp>

#include <bit>

#include "app/ai_runner.h"
#include "app/gomoku_screen.h"
#include "app/i18n.h"
#include "app/learn_screen.h"
#include "app/puyo_screen.h"
#include "gomoku/ai.h"
#include "learn/model_file.h"
#include "puyo/learner.h"
#include "screen_frames.h"

using namespace gridlab;
using namespace gridlab::app;
using nlohmann::json;

namespace {

// A small Puyo agent, trained for 20 games of 20 pairs under `rules`.
std::shared_ptr<const learn::Model> puyo_agent(puyo::RuleSet rules = puyo::RuleSet::Tsu) {
    puyo::TrainSettings settings;
    settings.rules = rules;
    settings.pairs = 20;
    settings.shape = {puyo::LearnerInputs::Features, 16};
    settings.batch = 16;
    settings.window = 10;
    settings.seed = 3;
    puyo::Trainer trainer(settings);
    trainer.train_until(20);
    return std::make_shared<const learn::Model>(learn::Model{"puyo", trainer.network(), trainer.describe()});
}

// The agent's own game on the pairs of `seed`, decided as the screen decides.
puyo::State agent_game(const learn::Model& model, uint64_t seed) {
    puyo::LearnedAi agent(model);
    puyo::State game({puyo::RuleSet::Tsu, 4, 20}, seed);
    while (!game.terminal()) game.apply(agent.decide(game).placement);
    return game;
}

std::string refusal_of(GameScreen& screen, const Params& params) {
    try {
        screen.new_game(params);
    } catch (const Refusal& refused) {
        return render(refused.message());
    }
    return "accepted";
}

// A 5x5, four-in-a-row AlphaZero network with fixed weights: all 0, so uniform priors and value 0.
std::shared_ptr<const learn::Model> blank_az_model() {
    gomoku::AzNetwork network(gomoku::Settings{5, 4, gomoku::Rule::Freestyle}, gomoku::AzShape{4, 1});
    for (learn::Network* part : {&network.trunk(), &network.policy_head(), &network.value_head()})
        for (learn::Parameter* parameter : part->parameters()) std::fill(parameter->value.begin(), parameter->value.end(), 0.0f);
    return std::make_shared<const learn::Model>(network.to_model({}));
}

}  // namespace

TEST_CASE("Puyo ai=learned needs the Learn screen's agent, and its rules", "[screens]") {
    LearnedModels models;
    PuyoScreen screen(models);
    screen.new_game({{"seed", "4"}});
    CHECK(refusal_of(screen, {{"ai", "learned"}, {"seed", "5"}}) ==
          "ai: there is no learned agent yet; train one on the Learn screen first");
    CHECK(screen.params().at("seed") == "4");  // the game before stays

    models.puyo = puyo_agent(puyo::RuleSet::Tsu);
    CHECK(refusal_of(screen, {{"ai", "learned"}, {"rules", "tutorial"}, {"seed", "5"}}) ==
          "ai: the learned agent was trained for the Tsu rules, not Classroom scoring");
    CHECK(screen.params().at("seed") == "4");
    // Without rules, colours and pairs in the link, the game is the agent's: its rules, 4 colours, 20 pairs.
    CHECK(refusal_of(screen, {{"ai", "learned"}, {"seed", "5"}}) == "accepted");
    CHECK(screen.params().at("rules") == "tsu");
    CHECK(screen.params().at("pairs") == "20");
    CHECK(screen.state()["pairs"] == 20);
    CHECK(screen.state()["ai"]["name"] == "learned");
    // Its own game is played out when the game starts: at most 200 pairs.
    try {
        screen.new_game({{"ai", "learned"}, {"pairs", "201"}});
        FAIL("201 pairs were accepted");
    } catch (const ValueError& refused) {
        CHECK(refused.param() == "pairs");
        CHECK(refused.high() == "200");
    }
    CHECK(screen.params().at("seed") == "5");
}

TEST_CASE("Puyo ai=learned: the agent's game on the same pairs is the score to beat, and the screen plays it", "[screens]") {
    LearnedModels models;
    models.puyo = puyo_agent();
    PuyoScreen screen(models);
    screen.new_game({{"ai", "learned"}, {"play", "ai"}, {"speed", "20"}, {"seed", "9"}});
    const puyo::State expected = agent_game(*models.puyo, 9);
    const json rival = screen.state()["ai"]["rival"];
    CHECK(rival["score"] == expected.score());
    CHECK(rival["max_chain"] == expected.max_chain());
    // Watching it play: the screen's game is that very game, and between frames its values for the
    // pair in play are always there to read (the agent decides in the frame it drops the last pair).
    int frames_without_values = 0;
    run_frames(screen, [&] {
        if (!screen.finished() && screen.state()["pairs_placed"] > 0 && screen.state()["ai"]["candidates"].empty())
            ++frames_without_values;
        return screen.finished();
    });
    REQUIRE(screen.finished());
    CHECK(frames_without_values == 0);
    CHECK(screen.state()["status"] == "finished");
    CHECK(screen.state()["pairs_placed"] == 20);
    CHECK(screen.state()["score"] == expected.score());
    CHECK(screen.summary().find("learned agent") == std::string::npos);  // nothing to compare: it played itself
}

TEST_CASE("Puyo ai=learned: each legal placement's value, as the agent decides", "[screens]") {
    LearnedModels models;
    models.puyo = puyo_agent();
    PuyoScreen screen(models);
    screen.new_game({{"ai", "learned"}, {"seed", "11"}});
    CHECK(screen.state()["ai"]["candidates"].empty());  // not decided yet
    run_frames(screen, [&] { return !screen.state()["ai"]["plan"].is_null(); });
    const json shown = screen.state()["ai"];
    puyo::LearnedAi agent(*models.puyo);
    const puyo::State game({puyo::RuleSet::Tsu, 4, 20}, 11);
    agent.begin(game);
    REQUIRE(shown["candidates"].size() == static_cast<size_t>(std::popcount(game.legal_mask())));
    for (const json& candidate : shown["candidates"]) {
        const int action = puyo::action_of({candidate["column"].get<int>(), candidate["rotation"].get<int>()});
        CHECK(candidate["total"].get<float>() == agent.scorer().candidates()[static_cast<size_t>(action)].total);
    }
    const puyo::Placement best = agent.result().placement;
    CHECK(shown["plan"]["column"] == best.column);
    CHECK(shown["plan"]["rotation"] == best.rotation);
}

TEST_CASE("Puyo ai=learned: playing against the score, the end compares, and a save restores it", "[screens]") {
    LearnedModels models;
    models.puyo = puyo_agent();
    PuyoScreen screen(models);
    screen.new_game({{"ai", "learned"}, {"seed", "9"}});
    for (int i = 0; i < 5; ++i) screen.act({{"place", {i % 6, 1}}});
    const json saved = screen.save();
    PuyoScreen restored(models);
    restored.restore(saved);
    for (const char* key : {"field", "score", "pairs_placed", "pairs", "rules"}) CHECK(restored.state()[key] == screen.state()[key]);
    CHECK(restored.state()["ai"]["rival"] == screen.state()["ai"]["rival"]);
    // Without the agent, the save cannot be played on: it is refused and the screen keeps its game.
    LearnedModels none;
    PuyoScreen empty(none);
    CHECK_THROWS_AS(empty.restore(saved), Refusal);
    // The student plays on to the end: the summary says who scored more.
    int column = 0;
    while (!screen.finished()) {
        try {
            screen.act({{"place", {column, 1}}});
        } catch (const std::invalid_argument&) {
        }
        column = (column + 1) % 6;
    }
    const int64_t rival = screen.state()["ai"]["rival"]["score"].get<int64_t>(), mine = screen.state()["score"].get<int64_t>();
    const std::string summary = screen.summary();
    if (mine < rival) CHECK(summary.find("The learned agent made " + std::to_string(rival) + ": more than you.") != std::string::npos);
    if (mine > rival) CHECK(summary.find("You beat the learned agent's " + std::to_string(rival) + "!") != std::string::npos);
    if (mine == rival) CHECK(summary.find("A tie with the learned agent") != std::string::npos);
}

TEST_CASE("Gomoku az needs a network, plays on its board, and a link naming another board is refused naming both", "[screens]") {
    LearnedModels models;
    GomokuScreen screen(models);
    screen.new_game({{"black", "human"}, {"white", "human"}, {"seed", "2"}});
    CHECK(refusal_of(screen, {{"white", "az"}, {"seed", "3"}}) ==
          "white: there is no trained network yet; train one on the Learn screen first");
    models.gomoku = blank_az_model();
    CHECK(refusal_of(screen, {{"black", "az"}, {"size", "7"}, {"seed", "3"}}) ==
          "black: the trained network plays on another board (the model is for 5x5, 4 in a row, not 7x7, 4 in a row)");
    CHECK(refusal_of(screen, {{"black", "az"}, {"size", "5"}, {"win", "5"}, {"seed", "3"}}) ==
          "black: the trained network plays on another board (the model is for 5x5, 4 in a row, not 5x5, 5 in a row)");
    CHECK(screen.params().at("seed") == "2");
    // Without a board in the link, the game takes the network's.
    CHECK(refusal_of(screen, {{"black", "human"}, {"white", "az"}, {"seed", "3"}}) == "accepted");
    CHECK(screen.state()["size"] == 5);
    CHECK(screen.state()["players"]["white"] == "az");
    CHECK(screen.params().at("size") == "5");  // the share link names the board
    CHECK(screen.params().at("win") == "4");
}

TEST_CASE("Gomoku az answers with the move its search makes with the network, and a save restores the game", "[screens]") {
    LearnedModels models;
    models.gomoku = blank_az_model();
    GomokuScreen screen(models);
    screen.new_game({{"black", "human"}, {"white", "az"}, {"playouts", "200"}, {"seed", "3"}});
    screen.act({{"move", "c3"}});
    run_frames(screen, [&] { return screen.state()["moves"].size() == 2; });
    const json state = screen.state();
    REQUIRE(state["moves"].size() == 2u);
    gomoku::State position(gomoku::Settings{5, 4, gomoku::Rule::Freestyle});
    position.apply(gomoku::parse_move("c3", 5));
    gomoku::AiSpec spec{"az", gomoku::Budget{200, 0}, 300'000};
    spec.network = std::make_shared<const gomoku::AzNetwork>(gomoku::AzNetwork::from_model(*models.gomoku));
    const int expected = gomoku::make_ai(spec, std::stoull(state["ai"]["search_seed"].get<std::string>()))->choose(position);
    CHECK(state["moves"][1] == gomoku::to_notation(expected, 5));

    GomokuScreen restored(models);
    restored.restore(screen.save());
    CHECK(restored.state()["moves"] == state["moves"]);
    CHECK(restored.state()["players"]["white"] == "az");
}

TEST_CASE("A page hidden or closed while a run trains: keep_now() saves the games since the last checkpoint", "[screens]") {
    LearnedModels models;
    LearnScreen learn(models);
    // AlphaZero games of 400 playouts a move: a progress report (a quarter second of training) holds
    // a game or two, far from the first checkpoint at 50 games.
    learn.new_game({{"learn", "gomoku"}, {"size", "9"}, {"win", "5"}, {"playouts", "400"}, {"channels", "4"}, {"layers", "1"}, {"seed", "3"}});
    learn.act({{"train", "start"}});
    run_frames(learn, [&] { return learn.state()["episodes"] >= 1; });
    const int64_t games = learn.state()["episodes"].get<int64_t>();
    REQUIRE(games >= 1);
    REQUIRE(games < 50);
    learn.take_dirty();
    CHECK(models.gomoku == nullptr);
    learn.keep_now();
    CHECK(learn.take_dirty());
    CHECK(models.gomoku != nullptr);  // and the Gomoku screen plays against these games' network
    CHECK(learn.save()["runs"].contains("gomoku"));
    learn.keep_now();  // nothing new since: nothing to save
    CHECK_FALSE(learn.take_dirty());
}
