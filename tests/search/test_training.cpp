// The Puyo and Gomoku training jobs of the search protocol (games.h): the same weights as the
// trainers' own train_until(), however sliced, natively and in WebAssembly; resuming; bad requests.
#include <catch2/catch.hpp>

#include <limits>

#include "core/text.h"
#include "gomoku/az_trainer.h"
#include "learn/model_file.h"
#include "puyo/learner.h"
#include "search/games.h"
#include "search/search.h"

using namespace gridlab;
using nlohmann::json;

namespace {

puyo::TrainSettings puyo_training() {
    puyo::TrainSettings settings;
    settings.pairs = 20;
    settings.shape = {puyo::LearnerInputs::Features, 16};
    settings.batch = 16;
    settings.window = 5;
    settings.seed = 5;
    return settings;
}

// 5x5, four in a row, a small network and search, evaluated every 3 games.
gomoku::AzTrainSettings gomoku_training() {
    gomoku::AzTrainSettings settings;
    settings.board = {5, 4, gomoku::Rule::Freestyle};
    settings.shape = {8, 2};
    settings.playouts = 30;
    settings.batch = 32;
    settings.replay_capacity = 4000;
    settings.temperature_moves = 4;
    settings.eval_every = 3;
    settings.eval_games = 2;
    settings.eval_az_playouts = 20;
    settings.eval_pure_playouts = 50;
    settings.eval_pure_max = 150;
    settings.window = 2;
    settings.seed = 7;
    return settings;
}

json with_header(json request, int64_t id, int64_t episodes = 0) {
    request.update({{"v", 1}, {"type", "train"}, {"id", id}});
    if (episodes > 0) request["episodes"] = episodes;
    return request;
}

// The final message of a worker that runs `request` in slices of `slice_ms`.
json run_to_end(const json& request, double slice_ms) {
    search::Worker worker;
    REQUIRE(worker.receive(request.dump()).is_null());
    json last;
    while (worker.busy())
        if (json message = worker.step(slice_ms); !message.is_null()) last = message;
    return last;
}

// The report of the job of `request` thought about in one call.
json unsliced(const json& request) {
    std::unique_ptr<search::Job> job = search::parse_request(request).job;
    job->think(std::numeric_limits<double>::infinity());
    REQUIRE(job->finished());
    return job->report();
}

json error(int64_t id, const std::string& text) { return {{"v", 1}, {"type", "error"}, {"id", id}, {"message", text}}; }

}  // namespace

TEST_CASE("training protocol: Puyo games in the worker give the trainer's weights, however sliced", "[search][learner]") {
    puyo::Trainer expected(puyo_training());
    expected.train_until(12);
    const std::string hash = learn::hex16(learn::weight_hash(expected.network()));
    CHECK(hash == "42fa247392840463");  // the same natively and in WebAssembly
    const json request = with_header(search::puyo_training_request(puyo_training(), ""), 3, 12);
    for (double slice_ms : {0.0, 2.0}) {
        const json result = run_to_end(request, slice_ms);
        REQUIRE(result["type"] == "result");
        CHECK(result["report"]["games"] == 12);
        CHECK(result["report"]["moves"] == expected.moves());
        CHECK(result["report"]["updates"] == expected.updates());
        CHECK(result["report"]["weight_hash"] == hash);
        // The model file is the command line's: `gridlab puyo eval --model` plays it.
        const learn::Model model = learn::load_model(base64_decode(result["report"]["model"].get<std::string>()), "puyo");
        CHECK(learn::weight_hash(model.network) == learn::weight_hash(expected.network()));
        CHECK(model.settings["curve"] == puyo::curve_points_json(expected.curve()));
        CHECK(model.settings["seconds"] == result["report"]["seconds"]);
        CHECK_NOTHROW(puyo::LearnedAi(model));
    }
    CHECK(unsliced(request)["weight_hash"] == hash);
}

TEST_CASE("training protocol: Gomoku games in the worker give the trainer's weights, however sliced", "[search][learner]") {
    gomoku::AzTrainer expected(gomoku_training());
    expected.train_until(6);
    const std::string hash = learn::hex16(expected.network().weight_hash());
    CHECK(hash == "6c3edda676a30050");  // the same natively and in WebAssembly
    const json request = with_header(search::gomoku_training_request(gomoku_training(), ""), 4, 6);
    for (double slice_ms : {0.0, 1.0}) {
        const json result = run_to_end(request, slice_ms);
        REQUIRE(result["type"] == "result");
        CHECK(result["report"]["games"] == 6);
        CHECK(result["report"]["moves"] == expected.moves());
        CHECK(result["report"]["updates"] == expected.updates());
        CHECK(result["report"]["weight_hash"] == hash);
        // The model file is the command line's: az:model=FILE plays the best tested network, training
        // goes on with the latest, and the evaluation of game 6 is in it.
        const learn::Model model = learn::load_model(base64_decode(result["report"]["model"].get<std::string>()), "gomoku");
        CHECK(gomoku::AzNetwork::from_model(model).weight_hash() == expected.best_network().weight_hash());
        CHECK(gomoku::AzNetwork::latest_from_model(model).weight_hash() == expected.network().weight_hash());
        CHECK(model.settings["evaluations"].size() == 2u);
        CHECK(model.settings["seconds"] == result["report"]["seconds"]);
    }
    CHECK(unsliced(request)["weight_hash"] == hash);
}

TEST_CASE("training protocol: a Gomoku slice ends before a move would begin (its screening cannot be cut)", "[search][learner]") {
    const std::unique_ptr<search::Job> job =
        search::parse_request(with_header(search::gomoku_training_request(gomoku_training(), ""), 4, 6)).job;
    job->think(1e9);
    CHECK(job->report()["moves"] == 1);
    job->think(1e9);
    CHECK(job->report()["moves"] == 2);
}

TEST_CASE("training protocol: a Puyo or Gomoku run resumes from a report's model", "[search][learner]") {
    for (const json& first : {with_header(search::puyo_training_request(puyo_training(), ""), 5, 5),
                              with_header(search::gomoku_training_request(gomoku_training(), ""), 5, 3)}) {
        const json report = run_to_end(first, 1.0)["report"];
        const int64_t games = report["games"];
        const std::string model = base64_decode(report["model"].get<std::string>());
        const json resume = first["game"] == "puyo" ? search::puyo_training_request(puyo_training(), model)
                                                    : search::gomoku_training_request(gomoku_training(), model);
        const json result = run_to_end(with_header(resume, 6, games + 2), 1.0);
        REQUIRE(result["type"] == "result");
        CHECK(result["report"]["games"] == games + 2);
        CHECK(result["report"]["moves"].get<int64_t>() > report["moves"].get<int64_t>());
        CHECK(result["report"]["seconds"].get<double>() > report["seconds"].get<double>());  // counts on
        CHECK(result["report"]["weight_hash"] != report["weight_hash"]);
    }
}

TEST_CASE("training protocol: bad Puyo and Gomoku train requests are refused with the field named", "[search][learner]") {
    search::Worker worker;
    const auto spoiled = [&](json request, const char* key, const json& value) {
        if (value.is_null()) request["settings"].erase(key);
        else request["settings"][key] = value;
        return worker.receive(with_header(request, 6).dump());
    };
    const json puyo = search::puyo_training_request(puyo_training(), "");
    const json gomoku = search::gomoku_training_request(gomoku_training(), "");
    CHECK(worker.receive(R"({"v":1,"type":"train","id":6,"game":"chess"})") == error(6, "game: expected one of gomoku, minesweeper, puyo"));
    CHECK(worker.receive(R"({"v":1,"type":"train","id":6})") == error(6, "game: missing"));
    CHECK(worker.receive(R"({"v":1,"type":"train","id":6,"game":"puyo"})") == error(6, "settings: missing"));
    CHECK(spoiled(puyo, "rules", "classic") == error(6, "settings.rules: expected one of tsu, tutorial"));
    CHECK(spoiled(puyo, "inputs", nullptr) == error(6, "settings.inputs: missing"));
    CHECK(spoiled(puyo, "colors", 6) == error(6, "settings.colors: expected a whole number in 3..5"));
    CHECK(spoiled(puyo, "lambda", 2) == error(6, "settings.lambda: expected a number in 0..1"));
    CHECK(spoiled(puyo, "seed", 5) == error(6, "settings.seed: expected a seed as a decimal string"));
    CHECK(spoiled(puyo, "replay_capacity", 8) == error(6, "settings: replay capacity: 8 is outside batch..1000000"));
    CHECK(spoiled(gomoku, "size", 16) == error(6, "settings.size: expected a whole number in 5..15"));
    CHECK(spoiled(gomoku, "win", 3) == error(6, "settings.win: expected a whole number in 4..5"));
    CHECK(spoiled(gomoku, "playouts", 0) == error(6, "settings.playouts: expected a whole number in 1..100000"));
    CHECK(spoiled(gomoku, "noise_alpha", nullptr) == error(6, "settings.noise_alpha: missing"));
    CHECK(spoiled(gomoku, "eval_pure_max", 10) == error(6, "settings: evaluation playouts must be >= 1"));
    json request = with_header(gomoku, 6);
    request["episodes"] = -1;
    CHECK(worker.receive(request.dump()) == error(6, "episodes: expected a whole number in 1..1099511627776"));
    request = with_header(gomoku, 6);
    request["model"] = base64_encode(learn::save_model({"puyo", puyo::Trainer(puyo_training()).network(), json::object()}));
    CHECK(worker.receive(request.dump()) == error(6, "model: model for game puyo, not gomoku"));
    request = with_header(puyo, 6);
    request["model"] = "R0xOTgo=";
    CHECK(worker.receive(request.dump()).at("message").get<std::string>().starts_with("model: "));
    CHECK(!worker.busy());
}
