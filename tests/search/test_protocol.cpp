#include <catch2/catch.hpp>

#include "core/text.h"
#include "gomoku/ai.h"
#include "learn/model_file.h"
#include "minesweeper/learner.h"
#include "minesweeper/solver.h"
#include "puyo/ai.h"
#include "puyo/beam.h"
#include "search/games.h"
#include "search/search.h"

using namespace gridlab;
using nlohmann::json;

namespace {

// A valid Gomoku search on 9x9 after two moves, for tests to spoil one field at a time.
json gomoku_search(int64_t id = 1) {
    return {{"v", 1}, {"type", "search"}, {"id", id}, {"game", "gomoku"},
            {"params", {{"size", 9}, {"win", 5}, {"rule", "freestyle"}}}, {"moves", {40, 41}},
            {"ai", {{"name", "pure-mcts"}, {"seed", "7"}, {"playouts", 300}, {"ms", 0}, {"nodes", 300000}}}};
}

// Steps the worker in slices of `slice_ms` to the end of its search; returns every message.
std::vector<json> run(search::Worker& worker, double slice_ms) {
    std::vector<json> messages;
    while (worker.busy())
        if (json message = worker.step(slice_ms); !message.is_null()) messages.push_back(message);
    return messages;
}

// A quick run: the small board, a small network.
minesweeper::TrainSettings quick_training() {
    minesweeper::TrainSettings settings;
    settings.board = {6, 6, 5, minesweeper::FirstClick::Safe};
    settings.shape = {8, 2};
    settings.learning_rate = 0.003f;
    settings.window = 25;
    settings.seed = 3;
    return settings;
}

json train_request(int64_t id, const std::string& model = "") {
    json request = search::minesweeper_training_request(quick_training(), model);
    request.update({{"v", 1}, {"type", "train"}, {"id", id}});
    return request;
}

json error(const json& id, const std::string& text) {
    return {{"v", 1}, {"type", "error"}, {"id", id}, {"message", text}};
}

}  // namespace

TEST_CASE("search protocol: a malformed request is refused with an exact error, and the worker goes on", "[search]") {
    const std::vector<std::pair<std::string, json>> cases = {
        {"not json", error(nullptr, "a request is a JSON object")},
        {"[1,2]", error(nullptr, "a request is a JSON object")},
        {R"({"type":"search","id":3})", error(3, "v: missing")},
        {R"({"v":2,"type":"search","id":3})", error(3, "v: expected 1")},
        {R"({"v":1,"type":"think","id":3})", error(3, "type: expected one of search, train, cancel")},
        {R"({"v":1,"type":"search","id":-1})", error(nullptr, "id: expected a whole number in 1..9007199254740991")},
        {R"({"v":1,"type":"search","id":1.5})", error(nullptr, "id: expected a whole number in 1..9007199254740991")},
        {R"({"v":1,"type":"search","id":4,"game":"chess"})", error(4, "game: expected one of gomoku, minesweeper, puyo")},
        {R"({"v":1,"type":"search","id":4,"game":"gomoku"})", error(4, "params: missing")},
        {R"({"v":1,"type":"search","id":4,"game":"puyo","params":[]})", error(4, "params: expected an object")},
    };
    search::Worker worker;
    for (const auto& [text, expected] : cases) {
        INFO(text);
        CHECK(worker.receive(text) == expected);
        CHECK(!worker.busy());
    }
    auto spoiled = [&](const char* object, const char* key, const json& value) {
        json request = gomoku_search(5);
        request[object][key] = value;
        return worker.receive(request.dump());
    };
    CHECK(spoiled("params", "size", 21) == error(5, "params.size: expected a whole number in 5..20"));
    CHECK(spoiled("params", "win", 10) == error(5, "params.win: expected a whole number in 3..9"));
    CHECK(spoiled("params", "rule", "caro") == error(5, "params.rule: expected one of freestyle, standard, renju"));
    CHECK(spoiled("ai", "seed", 7) == error(5, "ai.seed: expected a seed as a decimal string"));
    CHECK(spoiled("ai", "seed", "18446744073709551616") == error(5, "ai.seed: expected a seed as a decimal string"));
    CHECK(spoiled("ai", "name", "alphazero") == error(5, "ai.name: expected one of pure-mcts, mcts, ab, az"));
    CHECK(spoiled("ai", "playouts", 0) == error(5, "ai: a budget of playouts or ms is needed"));
    CHECK(spoiled("ai", "ms", "fast") == error(5, "ai.ms: expected a number in 0..3600000"));
    CHECK(spoiled("ai", "nodes", 10) == error(5, "ai.nodes: expected a whole number in 401..100000000"));
    json request = gomoku_search(6);
    request["moves"] = {40, 81};
    CHECK(worker.receive(request.dump()) == error(6, "moves[1]: expected a point of the board, 0..80"));
    request["moves"] = {40, 40};
    CHECK(worker.receive(request.dump()) == error(6, "moves[1]: cell e5 is already taken"));
    request["moves"] = "e5";
    CHECK(worker.receive(request.dump()) == error(6, "moves: expected an array"));

    const json minesweeper = {{"v", 1}, {"type", "search"}, {"id", 8}, {"game", "minesweeper"},
                              {"params", {{"rows", 9}, {"cols", 9}, {"mines", 10}, {"first", "safe"}, {"seed", "42"}}},
                              {"actions", json::array({json::array({"dig", 3})})}, {"ai", {{"name", "probability"}, {"seed", "1"}}}};
    CHECK(worker.receive(minesweeper.dump()) == error(8, "actions[0]: unknown action 'dig'"));
    json bad_first = minesweeper;
    bad_first["params"]["first"] = "lucky";
    CHECK(worker.receive(bad_first.dump()) == error(8, "params.first: expected one of safe, zero, none, random-start"));
    json off_board = minesweeper;
    off_board["actions"] = json::array({json::array({"reveal", 81})});
    CHECK(worker.receive(off_board.dump()) == error(8, "actions[0]: expected [\"reveal\"|\"flag\"|\"chord\", cell 0..80]"));

    const json puyo = {{"v", 1}, {"type", "search"}, {"id", 9}, {"game", "puyo"},
                       {"params", {{"rules", "tsu"}, {"colors", 4}, {"pairs", 2}, {"seed", "7"}}}, {"actions", {22}},
                       {"ai", {{"name", "beam"}, {"seed", "1"}}}};
    CHECK(worker.receive(puyo.dump()) == error(9, "actions[0]: expected a placement 0..21"));
    json colours = puyo;
    colours["params"]["colors"] = 6;
    CHECK(worker.receive(colours.dump()) == error(9, "params.colors: expected a whole number in 3..5"));
    json no_limit = puyo;
    no_limit["params"].erase("pairs");
    CHECK(worker.receive(no_limit.dump()) == error(9, "params.pairs: missing"));
    json played_out = puyo;
    played_out["actions"] = {3, 3};  // both of the game's 2 pairs
    CHECK(worker.receive(played_out.dump()) == error(9, "actions: the game is over"));
    json ai = puyo;
    ai["actions"] = json::array();
    ai["ai"]["name"] = "smart";
    CHECK(worker.receive(ai.dump()) == error(9, "ai.name: expected one of random, greedy, beam"));
    CHECK(!worker.busy());

    // Nothing broke: a good request is searched to its result.
    request = gomoku_search(10);
    request["ai"]["playouts"] = 5000;
    CHECK(worker.receive(request.dump()).is_null());
    const std::vector<json> messages = run(worker, 0.05);
    REQUIRE(!messages.empty());
    CHECK(messages.front()["type"] == "progress");
    CHECK(messages.back()["type"] == "result");
    CHECK(messages.back()["id"] == 10);
}

TEST_CASE("search protocol: Gomoku results equal the AI's own for a playout budget, however sliced", "[search]") {
    for (const char* name : {"pure-mcts", "mcts", "ab"}) {
        INFO(name);
        gomoku::State state(gomoku::Settings{9, 5, gomoku::Rule::Freestyle});
        state.apply(40);
        state.apply(41);
        const gomoku::AiSpec spec{name, gomoku::Budget{400, 0}, 300000};
        const std::unique_ptr<gomoku::Search> direct = gomoku::make_ai(spec, 7);
        const int expected = direct->choose(state);
        const gomoku::SearchReport expected_report = direct->result();
        for (double slice_ms : {0.05, 1000.0}) {
            search::Worker worker;
            json request = search::gomoku_request(state, spec, 7);
            request.update({{"v", 1}, {"type", "search"}, {"id", 3}});
            REQUIRE(worker.receive(request.dump()).is_null());
            const json result = run(worker, slice_ms).back();
            REQUIRE(result["type"] == "result");
            CHECK(result["report"]["move"] == expected);
            const gomoku::SearchReport report = search::gomoku_report(result["report"]);
            CHECK(report.playouts == expected_report.playouts);
            CHECK(report.nodes == expected_report.nodes);
            CHECK(report.depth == expected_report.depth);
            CHECK(report.principal_line == expected_report.principal_line);
            REQUIRE(report.candidates.size() == std::min<size_t>(10, expected_report.candidates.size()));
            for (size_t i = 0; i < report.candidates.size(); ++i) {
                CHECK(report.candidates[i].action == expected_report.candidates[i].action);
                CHECK(report.candidates[i].visits == expected_report.candidates[i].visits);
                CHECK(report.candidates[i].value == expected_report.candidates[i].value);
            }
        }
    }
}

TEST_CASE("search protocol: Minesweeper and Puyo results equal the AIs' own", "[search]") {
    search::Worker worker;
    minesweeper::Settings settings = minesweeper::level_settings("expert");
    minesweeper::State game(settings, 5);
    game.reveal(0);
    json request = search::minesweeper_request(settings, 5, json::array({{"reveal", 0}}), "probability", 1);
    request.update({{"v", 1}, {"type", "search"}, {"id", 1}});
    REQUIRE(worker.receive(request.dump()).is_null());
    const json result = run(worker, 0.5).back();
    const minesweeper::Decision expected = minesweeper::make_solver("probability", Rng(1))->decide(game.position());
    const minesweeper::Decision decision = search::minesweeper_decision(result["report"]);
    CHECK(decision.move == expected.move);
    CHECK(decision.guess == expected.guess);
    CHECK(decision.reason == expected.reason);
    CHECK(decision.win_probability == expected.win_probability);
    CHECK(decision.knowledge.safe == expected.knowledge.safe);
    CHECK(decision.knowledge.mines == expected.knowledge.mines);
    CHECK(decision.knowledge.mine_probability == expected.knowledge.mine_probability);

    // A game of 3 pairs: the worker's AI, like the page's game, knows it ends after the next 2.
    const puyo::Settings three_pairs{puyo::RuleSet::Tsu, 4, 3};
    puyo::State puyo_game(three_pairs, 7);
    puyo_game.apply(puyo::placement_of(3));
    request = search::puyo_request(three_pairs, 7, {3}, "beam", 11);
    request.update({{"v", 1}, {"type", "search"}, {"id", 2}});
    REQUIRE(worker.receive(request.dump()).is_null());
    const puyo::Plan plan = search::puyo_plan(run(worker, 1.0).back()["report"]);
    const puyo::Plan expected_plan = puyo::make_ai("beam", 11, puyo::BeamOptions{})->decide(puyo_game);
    CHECK(plan.placement == expected_plan.placement);
    CHECK(plan.path == expected_plan.path);
    CHECK(plan.expected_chain == expected_plan.expected_chain);
    CHECK(plan.expected_score == expected_plan.expected_score);
    CHECK(plan.nodes == expected_plan.nodes);
}

TEST_CASE("search protocol: cancel ends the search it names, and only that one", "[search]") {
    search::Worker worker;
    json request = gomoku_search(4);
    request["ai"]["playouts"] = 100000000;
    REQUIRE(worker.receive(request.dump()).is_null());
    CHECK(worker.step(1.0)["type"] == "progress");
    CHECK(worker.receive(R"({"v":1,"type":"cancel","id":3})").is_null());
    CHECK(worker.busy());
    CHECK(worker.receive(R"({"v":1,"type":"cancel","id":4})").is_null());
    CHECK(!worker.busy());
    CHECK(worker.step(1.0).is_null());
}

TEST_CASE("training protocol: a malformed train request is refused with an exact error", "[search][learner]") {
    search::Worker worker;
    auto spoiled = [&](const char* key, const json& value) {
        json request = train_request(6);
        if (value.is_null()) request["settings"].erase(key);
        else request["settings"][key] = value;
        return worker.receive(request.dump());
    };
    CHECK(worker.receive(R"({"v":1,"type":"train","id":6,"game":"go"})") == error(6, "game: expected one of gomoku, minesweeper, puyo"));
    CHECK(worker.receive(R"({"v":1,"type":"train","id":6,"game":"minesweeper"})") == error(6, "settings: missing"));
    CHECK(spoiled("rows", nullptr) == error(6, "settings.rows: missing"));
    CHECK(spoiled("mines", 37) == error(6, "settings.mines: expected a whole number in 0..36"));
    CHECK(spoiled("first", "corner") == error(6, "settings.first: expected one of safe, zero, none, random-start"));
    CHECK(spoiled("rewards", "seed-001") == error(6, "settings.rewards: expected one of seed-000, seed-004"));
    CHECK(spoiled("width", 0) == error(6, "settings.width: expected a whole number in 1..128"));
    CHECK(spoiled("looks", 3) == error(6, "settings.looks: expected a whole number in 1..2"));
    CHECK(spoiled("batch", 0) == error(6, "settings.batch: expected a whole number in 1..1024"));
    CHECK(spoiled("lr", "fast") == error(6, "settings.lr: expected a number in 1e-06..1"));
    CHECK(spoiled("explore", 1.5) == error(6, "settings.explore: expected a number in 0..1"));
    CHECK(spoiled("seed", 3) == error(6, "settings.seed: expected a seed as a decimal string"));
    CHECK(spoiled("mines", 36).at("message").get<std::string>().starts_with("settings: "));
    json request = train_request(6);
    request["episodes"] = 0;
    CHECK(worker.receive(request.dump()) == error(6, "episodes: expected a whole number in 1..1099511627776"));
    request = train_request(6);
    request["model"] = "R0xOTgo=";
    CHECK(worker.receive(request.dump()).at("message").get<std::string>().starts_with("model: "));
    request["model"] = 5;
    CHECK(worker.receive(request.dump()).at("message").get<std::string>().starts_with("model: "));
    CHECK(!worker.busy());
}

TEST_CASE("training protocol: N episodes in the worker give the command line's weights, however sliced", "[search][learner]") {
    minesweeper::Trainer expected(quick_training());
    expected.train_until(60);
    for (double slice_ms : {0.0, 5.0}) {
        search::Worker worker;
        json request = train_request(7);
        request["episodes"] = 60;
        REQUIRE(worker.receive(request.dump()).is_null());
        const std::vector<json> messages = run(worker, slice_ms);
        REQUIRE(!messages.empty());
        const json& result = messages.back();
        CHECK(result["type"] == "result");
        CHECK(result["report"]["episodes"] == 60);
        CHECK(result["report"]["steps"] == expected.steps());
        CHECK(result["report"]["weight_hash"] == learn::hex16(learn::weight_hash(expected.network())));
        const learn::Model model = learn::load_model(base64_decode(result["report"]["model"].get<std::string>()), "minesweeper");
        CHECK(learn::weight_hash(model.network) == learn::weight_hash(expected.network()));
        CHECK(model.settings["curve"].size() == expected.curve().size());
    }
}

namespace {

// Whether 20 episodes of `request` (a minesweeper_training_request) as a job give the weights a
// Trainer of `settings` gives.
bool trains_like(json request, const minesweeper::TrainSettings& settings) {
    request.update({{"v", 1}, {"type", "train"}, {"id", 9}, {"episodes", 20}});
    const std::unique_ptr<search::Job> job = search::parse_request(request).job;
    minesweeper::Trainer expected(settings);
    expected.train_until(20);
    while (job->report()["episodes"] < 20) job->think(5.0);
    return job->report()["weight_hash"] == learn::hex16(learn::weight_hash(expected.network()));
}

}  // namespace

TEST_CASE("training protocol: a request says how many times the network looks", "[search][learner]") {
    minesweeper::TrainSettings once = quick_training();
    once.shape.second_look = false;
    json request = search::minesweeper_training_request(once, "");
    CHECK(request["settings"]["looks"] == 1);
    CHECK(search::minesweeper_training_request(quick_training(), "")["settings"]["looks"] == 2);
    CHECK(trains_like(request, once));
}

TEST_CASE("training protocol: a request gives a batch only when the settings do", "[search][learner]") {
    CHECK(!search::minesweeper_training_request(quick_training(), "")["settings"].contains("batch"));  // by the board
    minesweeper::TrainSettings four = quick_training();
    four.batch = 4;
    json request = search::minesweeper_training_request(four, "");
    CHECK(request["settings"]["batch"] == 4);
    CHECK(trains_like(request, four));
}

// A slice may end inside an episode (an expert one takes ~0.5 s natively): think(0) is one step.
TEST_CASE("training protocol: a Minesweeper slice ends inside an episode", "[search][learner]") {
    const std::unique_ptr<search::Job> job = search::parse_request(train_request(7)).job;
    int ended_inside = 0;  // slices after which the episode goes on
    for (int slice = 1; slice <= 20; ++slice) {
        const int64_t episodes = job->report()["episodes"];
        job->think(0);
        CHECK(job->report()["steps"] == slice);
        ended_inside += job->report()["episodes"] == episodes;
    }
    CHECK(ended_inside > 0);
}

TEST_CASE("training protocol: a training runs beside searches, and its cancel answers with the model to resume from",
          "[search][learner]") {
    search::Worker worker;
    REQUIRE(worker.receive(train_request(8).dump()).is_null());
    json search_request = gomoku_search(9);
    REQUIRE(worker.receive(search_request.dump()).is_null());
    REQUIRE(worker.receive(gomoku_search(10).dump()).is_null());  // replaces search 9, not the training
    bool searched = false;
    json progress;
    while (!searched || progress.is_null()) {
        const json message = worker.step(20.0);
        if (message.is_null()) continue;
        CHECK(message["id"] != 9);
        if (message["id"] == 10 && message["type"] == "result") searched = true;
        if (message["id"] == 8) progress = message;
    }
    CHECK(progress["type"] == "progress");
    CHECK(worker.busy());
    CHECK(worker.receive(R"({"v":1,"type":"cancel","id":10})").is_null());  // already over
    const json final = worker.receive(R"({"v":1,"type":"cancel","id":8})");
    CHECK(!worker.busy());
    REQUIRE(final["type"] == "result");
    CHECK(final["id"] == 8);
    const int64_t episodes = final["report"]["episodes"];
    CHECK(episodes >= progress["report"]["episodes"].get<int64_t>());

    // Resume: the run goes on from the model's counts, weights and curve.
    json resume = train_request(11, base64_decode(final["report"]["model"].get<std::string>()));
    resume["episodes"] = episodes + 5;
    REQUIRE(worker.receive(resume.dump()).is_null());
    const std::vector<json> messages = run(worker, 5.0);
    REQUIRE(!messages.empty());
    CHECK(messages.front()["report"]["episodes"].get<int64_t>() >= episodes);
    CHECK(messages.back()["type"] == "result");
    CHECK(messages.back()["report"]["episodes"] == episodes + 5);
}

namespace {

// A 5x5, four-in-a-row network that knows nothing: every weight 0 (uniform priors, value 0), or the
// value head's last bias `value_bias` (tanh of it for every position).
learn::Model blank_az_model(float value_bias = 0.0f) {
    gomoku::AzNetwork network(gomoku::Settings{5, 4, gomoku::Rule::Freestyle}, gomoku::AzShape{4, 1});
    for (learn::Network* part : {&network.trunk(), &network.policy_head(), &network.value_head()})
        for (learn::Parameter* parameter : part->parameters()) std::fill(parameter->value.begin(), parameter->value.end(), 0.0f);
    network.value_head().parameters().back()->value[0] = value_bias;
    return network.to_model({});
}

// Black a5 b5 c5 (row 0, columns 0..2), white a3 b3: black to move wins at d5 (action 3).
gomoku::State black_to_win() {
    gomoku::State state(gomoku::Settings{5, 4, gomoku::Rule::Freestyle});
    for (int action : {0, 10, 1, 11, 2}) state.apply(action);
    state.apply(12);
    return state;
}

}  // namespace

TEST_CASE("search protocol: az searches with the request's network, read once, and reports its value", "[search]") {
    const learn::Model model = blank_az_model(0.5f);
    const std::string base64 = base64_encode(learn::save_model(model));
    const gomoku::State state = black_to_win();
    gomoku::AiSpec spec{"az", gomoku::Budget{400, 0}, 300000};
    json request = search::gomoku_request(state, spec, 7, base64);
    CHECK(request["ai"]["model"] == base64);
    request.update({{"v", 1}, {"type", "search"}, {"id", 4}});
    search::Worker worker;
    REQUIRE(worker.receive(request.dump()).is_null());
    const json result = run(worker, 1000.0).back();
    REQUIRE(result["type"] == "result");
    CHECK(result["report"]["move"] == 3);  // d5: four in a row
    CHECK(result["report"]["network_value"].get<double>() == Approx(std::tanh(0.5)));
    // The same search as the AI's own, given the network directly.
    spec.network = std::make_shared<const gomoku::AzNetwork>(gomoku::AzNetwork::from_model(model));
    const std::unique_ptr<gomoku::Search> direct = gomoku::make_ai(spec, 7);
    CHECK(direct->choose(state) == 3);
    CHECK(search::gomoku_report(result["report"]).playouts == direct->result().playouts);

    // Other AIs say nothing of a network, and carry no model.
    const json plain = search::gomoku_request(state, {"pure-mcts", gomoku::Budget{100, 0}, 300000}, 7, base64);
    CHECK_FALSE(plain["ai"].contains("model"));
}

TEST_CASE("search protocol: an az request without a good model for its board is refused, naming the model", "[search]") {
    json request = {{"v", 1}, {"type", "search"}, {"id", 5}, {"game", "gomoku"},
                    {"params", {{"size", 5}, {"win", 4}, {"rule", "freestyle"}}}, {"moves", {12}},
                    {"ai", {{"name", "az"}, {"seed", "7"}, {"playouts", 100}, {"ms", 0}, {"nodes", 300000}}}};
    const auto error_of = [](const json& bad) {
        search::Worker worker;
        const json reply = worker.receive(bad.dump());
        return reply.is_null() ? std::string("accepted") : reply["message"].get<std::string>();
    };
    CHECK(error_of(request) == "ai.model: missing");
    request["ai"]["model"] = "not base64!";
    CHECK(error_of(request).rfind("ai.model: ", 0) == 0);
    request["ai"]["model"] = base64_encode("GLNN and then nothing");
    CHECK(error_of(request).rfind("ai.model: ", 0) == 0);
    request["ai"]["model"] = base64_encode(learn::save_model(blank_az_model()));
    CHECK(error_of(request) == "accepted");
    request["params"]["size"] = 6;
    CHECK(error_of(request) == "ai.model: the model is for 5x5, 4 in a row, not 6x6, 4 in a row");
}
