// The move log of the three game screens (app/move_log.h): every move with who played it and, for the
// AI's, its reason as ids and numbers; kept by the save; a finished Gomoku game stepped through.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>

#include "app/gomoku_screen.h"
#include "app/minesweeper_screen.h"
#include "app/move_log.h"
#include "app/puyo_screen.h"
#include "learn/nn.h"
#include "minesweeper/learner.h"
#include "screen_frames.h"

using namespace gridlab::app;
using gridlab::Refusal;
using gridlab::render;
using nlohmann::json;

namespace {

// pure-mcts against itself on 7x7, four in a row, 300 playouts a move: the same game every time.
const Params kGomokuGame{{"size", "7"}, {"win", "4"}, {"black", "pure-mcts"}, {"white", "pure-mcts"}, {"playouts", "300"}, {"seed", "5"}};

std::string refusal_of_action(GameScreen& screen, const json& action) {
    try {
        screen.act(action);
    } catch (const Refusal& refused) {
        return render(refused.message());
    }
    return "";
}

void ai_moves(GameScreen& screen, int count) {
    for (int i = 0; i < count; ++i) {
        const size_t logged = screen.state()["log"].size();
        screen.act({{"ai", "move"}});
        run_frames(screen, [&] { return screen.state()["log"].size() > logged; });
    }
}

}  // namespace

TEST_CASE("Gomoku logs every AI move with the share of practice games it won there and the next best", "[screens]") {
    LearnedModels models;
    GomokuScreen gomoku(models);
    gomoku.new_game(kGomokuGame);
    run_frames(gomoku, [&] { return gomoku.finished(); });
    const json state = gomoku.state();
    CHECK(state["moves"] == json({"e6", "a6", "g1", "f4", "d6", "a5", "f6", "c5", "c6"}));
    REQUIRE(state["log"].size() == 9);
    for (size_t i = 0; i < 9; ++i) {
        CHECK(state["log"][i]["move"] == state["moves"][i]);
        CHECK(state["log"][i]["by"] == "pure-mcts");
        CHECK(state["log"][i]["reason"]["id"] == "won_share");
        CHECK(state["log"][i]["weighed"].size() == 5);
    }
    const json& first = state["log"][0];
    CHECK(first["reason"]["games"] == 53);
    CHECK(first["reason"]["win"].get<double>() == Approx(36.0 / 53));
    CHECK(first["reason"]["next"] == "a3");
    CHECK(first["reason"]["next_win"].get<double>() == Approx(2.0 / 3));
    CHECK(first["weighed"][0][0] == 11);  // e6, row 1 column 4: the move played, most weighed
    CHECK(first["weighed"][0][1].get<double>() == Approx(0.2585).epsilon(0.001));
    const Reason reason{"won_share", first["reason"]};
    CHECK(render(reason_message(reason)) == "it won 68% of 53 practice games there (next best a3: 67%)");
    CHECK(state["log"][8]["reason"]["win"] == 1.0);  // c6 wins: every practice game through it did
    CHECK(gomoku.summary() == "Black wins. Move 9. Last move: c6.");  // at the end, the outcome alone
    // While the game is on, the screen reader's summary gives the AI's last reason too.
    gomoku.act({{"undo", true}});
    CHECK(gomoku.state()["log"].size() == 8);
    CHECK(gomoku.summary() == "Black to move (Pure MCTS). Move 8. Last move: c5. Pure MCTS played c5: it won 38% of 26 practice "
                              "games there (next best d3: 42%)");
}

TEST_CASE("Gomoku mcts says when it blocks a forced win or wins by force, with the line", "[screens]") {
    LearnedModels models;
    GomokuScreen gomoku(models);
    gomoku.new_game({{"size", "7"}, {"win", "4"}, {"black", "pure-mcts"}, {"white", "mcts"}, {"playouts", "300"}, {"ms", "50"}, {"seed", "5"}});
    run_frames(gomoku, [&] { return gomoku.finished(); });
    const json state = gomoku.state();
    REQUIRE(state["winner"] == "O");
    const json& winning = state["log"].back();
    CHECK(winning["by"] == "mcts");
    CHECK(winning["reason"]["id"] == "forced_win");
    CHECK(winning["reason"]["line"] == winning["move"]);  // the last move of a forced win is the win itself
    CHECK(winning["reason"]["moves"] == 1);
    // Each of white's moves is a block of black's forced win, a forced win of its own, or its practice games'.
    for (size_t i = 1; i < state["log"].size(); i += 2) {
        const json& reason = state["log"][i]["reason"];
        const std::string id = reason["id"];
        CHECK((id == "must_block" || id == "forced_win" || id == "won_share"));
        if (id == "must_block") CHECK(reason["line"].get<std::string>().find(state["log"][i]["move"].get<std::string>()) != std::string::npos);
    }
    CHECK(render(reason_message({"must_block", {{"line", "c6 d6 d5"}}})) == "it blocks a win by force: c6 d6 d5");
    CHECK(render(reason_message({"forced_win", {{"moves", 2}, {"line", "c5 b5 f5"}}})) == "it wins by force in 2 moves: c5 b5 f5");
    CHECK(render(reason_message({"forced_win", {{"moves", 1}, {"line", "f5"}}})) == "it wins with this move: f5");
}

TEST_CASE("A finished Gomoku game is stepped through; review is refused during a game or out of range", "[screens]") {
    LearnedModels models;
    GomokuScreen gomoku(models);
    gomoku.new_game(kGomokuGame);
    CHECK(refusal_of_action(gomoku, {{"review", 0}}) == "review: only a finished game can be stepped through");
    run_frames(gomoku, [&] { return gomoku.finished(); });
    const json before = gomoku.state();
    CHECK(before["review"] == nullptr);
    CHECK(refusal_of_action(gomoku, {{"review", 10}}) == "review: 10 is outside 0..9");
    CHECK(refusal_of_action(gomoku, {{"review", -1}}) == "review: -1 is outside 0..9");
    CHECK(refusal_of_action(gomoku, {{"review", 4294967299LL}}) == "review: 4294967299 is outside 0..9");
    CHECK(refusal_of_action(gomoku, {{"review", "3"}}) == "review: expected a move number");
    CHECK(gomoku.state() == before);
    gomoku.act({{"review", 3}});
    CHECK(gomoku.state()["review"] == json{{"move", 3}});
    CHECK(gomoku.state()["moves"] == before["moves"]);  // the game itself is unchanged
    gomoku.act({{"review", 0}});
    CHECK(gomoku.state()["review"] == json{{"move", 0}});
    gomoku.new_game(kGomokuGame);
    CHECK(gomoku.state()["review"] == nullptr);
    CHECK(gomoku.state()["log"].empty());
}

TEST_CASE("Minesweeper logs why the solver's cell is safe: the first click, a proof, or the chance of a guess", "[screens]") {
    LearnedModels models;
    MinesweeperScreen mines(models);
    mines.new_game({{"level", "beginner"}, {"seed", "11"}, {"ai", "probability"}});
    ai_moves(mines, 4);
    const json log = mines.state()["log"];
    CHECK(log[0] == json{{"move", "(1,1)"}, {"by", "probability"}, {"reason", {{"id", "first_click"}}}});
    CHECK(log[1]["move"] == "(1,9)");
    CHECK(log[1]["reason"]["id"] == "best_guess");
    CHECK(log[1]["reason"]["safe"].get<double>() == Approx(69.0 / 77));  // 8 of the 77 hidden corners' share of mines
    CHECK(log[2]["move"] == "(9,1)");
    CHECK(log[3] == json{{"move", "(1,2)"}, {"by", "probability"}, {"reason", {{"id", "certainly_safe"}}}});
    CHECK(render(reason_message({"best_guess", log[1]["reason"]})) == "the best guess: 90% safe");

    // A player who opens the hinted cell does so for the hint's reason; a flag has none.
    mines.new_game({{"level", "beginner"}, {"seed", "11"}, {"ai", "probability"}});
    mines.act({{"ai", "hint"}});
    run_frames(mines, [&] { return !mines.state()["ai"]["hint"].is_null(); });
    mines.act({{"reveal", {0, 0}}});
    mines.act({{"flag", {8, 8}}});
    const json played = mines.state()["log"];
    CHECK(played[0] == json{{"move", "(1,1)"}, {"by", "human"}, {"reason", {{"id", "first_click"}}}});
    CHECK(played[1] == json{{"move", "\xE2\x9A\x91(9,9)"}, {"by", "human"}});
}

TEST_CASE("A finished Minesweeper game is stepped through too; refused while it is played", "[screens]") {
    LearnedModels models;
    MinesweeperScreen mines(models);
    mines.new_game({{"level", "beginner"}, {"seed", "11"}, {"ai", "probability"}, {"speed", "30"}});
    CHECK(refusal_of_action(mines, {{"review", 0}}) == "review: only a finished game can be stepped through");
    mines.act({{"ai", "play"}});
    run_frames(mines, [&] { return mines.finished(); });
    REQUIRE(mines.state()["status"] == "won");
    const int moves = mines.state()["moves"];
    CHECK(mines.state()["log"].size() == size_t(moves));
    CHECK(refusal_of_action(mines, {{"review", moves + 1}}) == "review: " + std::to_string(moves + 1) + " is outside 0.." + std::to_string(moves));
    mines.act({{"review", 1}});
    CHECK(mines.state()["review"] == json{{"move", 1}});
    CHECK(mines.state()["status"] == "won");  // the game itself is unchanged
    mines.new_game({{"level", "beginner"}, {"seed", "11"}});
    CHECK(mines.state()["review"] == nullptr);
}

TEST_CASE("Puyo logs each AI placement with the chain it fires or builds", "[screens]") {
    LearnedModels models;
    PuyoScreen puyo(models);
    puyo.new_game({{"ai", "beam"}, {"seed", "3"}});
    ai_moves(puyo, 10);
    const json log = puyo.state()["log"];
    REQUIRE(log.size() == 10);
    CHECK(log[0] == json{{"move", "1\xE2\x86\x91"}, {"by", "beam"}, {"reason", {{"id", "keeps_low"}}}});
    CHECK(log[8] == json{{"move", "3\xE2\x86\x90"},
                         {"by", "beam"},
                         {"reason", {{"id", "builds_chain"}, {"chain", 4}, {"score", 2280}, {"puyo", "green"}, {"column", 2}}}});
    CHECK(render(reason_message({"builds_chain", log[8]["reason"]})) ==
          "builds a chain of 4 worth 2280; it fires with a green puyo in column 2");
    // Under the colour-blind palette the colour is named with the mark it is drawn with.
    CHECK(render(reason_message({"builds_chain", log[8]["reason"]}, true)) ==
          "builds a chain of 4 worth 2280; it fires with a green puyo (ring) in column 2");
    puyo.act({{"place", {0, 1}}});
    CHECK(puyo.state()["log"][10] == json{{"move", "1\xE2\x86\x91"}, {"by", "human"}});
}

TEST_CASE("A finished Puyo game is stepped through too; refused while it is played", "[screens]") {
    LearnedModels models;
    PuyoScreen puyo(models);
    puyo.new_game({{"ai", "beam"}, {"seed", "3"}, {"pairs", "3"}});
    CHECK(refusal_of_action(puyo, {{"review", 0}}) == "review: only a finished game can be stepped through");
    ai_moves(puyo, 3);
    REQUIRE(puyo.state()["status"] == "finished");
    CHECK(refusal_of_action(puyo, {{"review", 4}}) == "review: 4 is outside 0..3");
    puyo.act({{"review", 2}});
    CHECK(puyo.state()["review"] == json{{"move", 2}});
    CHECK(puyo.state()["pairs_placed"] == 3);  // the game itself is unchanged
}

TEST_CASE("The save keeps the log; a save from before the log restores with an empty one; a corrupt log is refused", "[screens]") {
    LearnedModels models;
    GomokuScreen gomoku(models), restored(models);
    gomoku.new_game(kGomokuGame);
    run_frames(gomoku, [&] { return gomoku.finished(); });
    restored.restore(json::parse(gomoku.save().dump()));
    CHECK(restored.state()["log"] == gomoku.state()["log"]);

    MinesweeperScreen mines(models), again(models);
    mines.new_game({{"level", "beginner"}, {"seed", "11"}});
    json old_save = {{"params", mines.params()}, {"actions", json::array({json::array({"reveal", 0})})}, {"seconds", 3}};
    mines.restore(old_save);
    CHECK(mines.state()["log"] == json::array());
    CHECK(mines.save()["log_from"] == 1);
    mines.act({{"reveal", {8, 8}}});
    CHECK(mines.state()["log"] == json::array({{{"move", "(9,9)"}, {"by", "human"}}}));
    again.restore(mines.save());
    CHECK(again.state()["log"] == mines.state()["log"]);
    CHECK(again.save() == mines.save());

    const json kept = mines.state();
    json short_log = mines.save();
    short_log["log"] = json::array();
    CHECK_THROWS_WITH(mines.restore(short_log), "the saved log does not match the saved moves");
    for (const json& from : {json(-1), json(3), json(1.5), json("1")}) {
        json bad_start = mines.save();
        bad_start["log_from"] = from;
        CHECK_THROWS_WITH(mines.restore(bad_start), "the saved log does not match the saved moves");
    }
    json unknown_reason = mines.save();
    unknown_reason["log"][0]["reason"] = {{"id", "lucky"}};
    CHECK_THROWS_WITH(mines.restore(unknown_reason), "a saved reason is not one the AI gives (lucky)");
    json missing_number = mines.save();
    missing_number["log"][0]["reason"] = {{"id", "best_guess"}, {"safe", "high"}};
    CHECK_THROWS_WITH(mines.restore(missing_number), "a saved reason is not one the AI gives (best_guess)");
    CHECK(mines.state() == kept);
}

TEST_CASE("An undo back before a save's first logged move keeps a save that restores", "[screens]") {
    // Found by the app_json fuzz target: the log started again at move 0 while two moves were left.
    LearnedModels models;
    GomokuScreen gomoku(models), again(models);
    const Params humans{{"size", "9"}, {"black", "human"}, {"white", "human"}, {"seed", "5"}};
    gomoku.restore({{"params", humans}, {"moves", {24, 25, 17, 18}}});  // a save from before the log
    CHECK(gomoku.save()["log_from"] == 4);
    gomoku.act({{"undo", true}});
    gomoku.act({{"undo", true}});
    gomoku.act({{"undo", true}});
    CHECK(gomoku.save()["moves"] == json::array({24}));
    CHECK(gomoku.save()["log_from"] == 1);
    gomoku.act({{"move", {2, 2}}});
    CHECK(gomoku.state()["log"] == json::array({{{"move", "c7"}, {"by", "human"}}}));
    again.restore(json::parse(gomoku.save().dump()));
    CHECK(again.save() == gomoku.save());
    CHECK(again.state()["log"] == gomoku.state()["log"]);
}

TEST_CASE("A Minesweeper game the AI won says so after a reload too: who moved last comes from the log", "[screens]") {
    LearnedModels models;
    MinesweeperScreen mines(models);
    mines.new_game({{"level", "custom"}, {"rows", "9"}, {"cols", "9"}, {"mines", "1"}, {"first", "zero"}, {"seed", "3"}});
    mines.act({{"ai", "play"}});
    run_frames(mines, [&] { return mines.finished(); });
    REQUIRE(mines.state()["status"] == "won");
    CHECK(mines.state()["last_move_by"] == "ai");
    MinesweeperScreen reloaded(models);
    reloaded.restore(mines.save());
    CHECK(reloaded.state()["last_move_by"] == "ai");
    CHECK(reloaded.summary().rfind("The AI wins in ", 0) == 0);
}

TEST_CASE("Minesweeper logs why a guess was made: the endgame's chance to win, a risk no number removes, the next move", "[screens]") {
    LearnedModels models;
    MinesweeperScreen mines(models);
    // The log entry of the probability solver's move `number` (1-based) in a seeded game.
    const auto logged_move = [&](const char* level, const char* seed, int number) {
        mines.new_game({{"level", level}, {"seed", seed}, {"ai", "probability"}});
        ai_moves(mines, number);
        return mines.state()["log"][number - 1];
    };
    const json guess = logged_move("intermediate", "3", 58);
    // Few layouts are left: the endgame searched them all. (11,16) is a mine in 1 of 6 of them, and
    // 13 in 18 of them are won after it.
    CHECK(guess["move"] == "(11,16)");
    CHECK(guess["reason"]["id"] == "exact_win");
    CHECK(guess["reason"]["safe"].get<double>() == Approx(5.0 / 6));
    CHECK(guess["reason"]["win"].get<double>() == Approx(13.0 / 18));
    CHECK(render(reason_message({"exact_win", guess["reason"]})) ==
          "every layout searched: this guess wins 72% of the time from here (83% safe)");

    // An expert game's only guess after the first click: (15,17) is a mine in 1 of 3 layouts, and in
    // each of those it makes a 50/50 with a cell beside it that no number can ever settle.
    const json fifty = logged_move("expert", "12", 162);
    CHECK(fifty["move"] == "(15,17)");
    CHECK(fifty["reason"]["id"] == "unsettled_guess");
    CHECK(fifty["reason"]["safe"].get<double>() == Approx(2.0 / 3));
    CHECK(render(reason_message({"unsettled_guess", fifty["reason"]})) ==
          "67% safe, and a risk no number can ever remove: it must be taken sometime, so now");

    // Early in an expert game the look-ahead takes (4,30), 73% safe, over a corner at 80%: after it
    // the next move is likelier to be safe.
    const json ahead = logged_move("expert", "6", 7);
    CHECK(ahead["move"] == "(4,30)");
    CHECK(ahead["reason"]["id"] == "look_ahead_guess");
    CHECK(ahead["reason"]["safe"].get<double>() == Approx(0.7320463320463322));
    CHECK(ahead["reason"]["safest"].get<double>() == Approx(0.7956637956637957));
    CHECK(render(reason_message({"look_ahead_guess", ahead["reason"]})) ==
          "73% safe, less than the safest cell's 80%, but after it the next move is likelier to be safe");
    // Alike once rounded: said as the best guess.
    CHECK(render(reason_message({"look_ahead_guess", {{"safe", 0.801}, {"safest", 0.804}}})) == "the best guess: 80% safe");
    CHECK_THROWS_AS(reason_message({"exact_win", {{"safe", 0.5}}}), Refusal);  // a corrupt save: no win
}

TEST_CASE("Minesweeper logs the learned agent's guess of a cell with fewer hidden neighbours", "[screens]") {
    // A network that gives every hidden cell the same chance, sigmoid(-2) = 11.9%: of cells all alike,
    // the learned solver opens one with the fewest hidden neighbours, not the first in reading order.
    gridlab::learn::Network network;
    network.add(std::make_unique<gridlab::learn::Conv2d>(gridlab::minesweeper::kLearnedInputPlanes, 1, 3));
    std::vector<gridlab::learn::Parameter*> parameters = network.parameters();
    std::fill(parameters[0]->value.begin(), parameters[0]->value.end(), 0.0f);
    parameters[1]->value[0] = -2.0f;
    LearnedModels models;
    models.minesweeper = std::make_shared<const gridlab::learn::Network>(network);
    MinesweeperScreen mines(models);
    mines.new_game({{"level", "beginner"}, {"seed", "6"}, {"ai", "learned"}});
    ai_moves(mines, 2);
    const json log = mines.state()["log"];
    INFO(log.dump());
    CHECK(log[0]["reason"]["id"] == "first_click");
    CHECK(log[1]["move"] == "(4,1)");  // on the left edge inside the area the first click opened: no hidden neighbour
    CHECK(log[1]["reason"]["id"] == "fewer_hidden_guess");
    CHECK(log[1]["reason"]["safe"].get<double>() == Approx(1 - gridlab::learn::sigmoid(-2.0f)));
    CHECK(log[1]["reason"]["safest"].get<double>() == Approx(1 - gridlab::learn::sigmoid(-2.0f)));
    CHECK(render(reason_message({"fewer_hidden_guess", log[1]["reason"]})) ==
          "88% safe (the safest cell: 88%), with fewer hidden cells around it: likelier to open an empty patch");
}

TEST_CASE("Puyo's chain banner asks for the frame that takes it away, then for none", "[screens]") {
    LearnedModels models;
    PuyoScreen puyo(models);
    puyo.new_game({{"ai", "greedy"}, {"seed", "3"}});
    for (int moves = 0; puyo.state()["chain"] == 0; ++moves) {
        REQUIRE(moves < 40);
        ai_moves(puyo, 1);
    }
    // The frames from the start of run_frames' clock: the pair falls and the chain pops (a frame
    // wanted at once), then its banner stays, and one frame is wanted when it is due to go.
    double due = 0;
    Frame frame = quiet_frame(0);
    frame.owner = &due;
    frame.request_frame = [](void* owner, double at_ms) { *static_cast<double*>(owner) = std::min(*static_cast<double*>(owner), at_ms); };
    const auto frame_at = [&](double now_ms) {
        due = std::numeric_limits<double>::infinity();
        frame.now_ms = now_ms;
        puyo.update(frame, 50.0);
        return due;
    };
    double now = 1e6;
    while (frame_at(now) == now) now += 10.0;
    const double banner_gone = frame_at(now);
    CHECK(banner_gone > now);
    CHECK(banner_gone <= now + 1800.0);
    CHECK(frame_at(banner_gone) == std::numeric_limits<double>::infinity());
}
