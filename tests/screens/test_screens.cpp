// The app's screens without a window (src/app, host_headless.cpp): what the page's window.gridlab.act()
// and saved games do to them. Regression tests of what tests/fuzz/app_json.cpp found.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "app/gomoku_board.h"
#include "app/gomoku_screen.h"
#include "app/i18n.h"
#include "app/learn_screen.h"
#include "app/minesweeper_board.h"
#include "app/minesweeper_screen.h"
#include "app/palette.h"
#include "app/puyo_screen.h"
#include "core/text.h"
#include "learn/model_file.h"
#include "minesweeper/learner.h"
#include "puyo/learner.h"
#include "screen_frames.h"

using namespace gridlab::app;
using nlohmann::json;

TEST_CASE("A Learn speed that does not fit an int is refused, not narrowed", "[screens]") {
    LearnedModels models;
    LearnScreen learn(models);
    learn.new_game({{"seed", "1"}, {"level", "small"}, {"width", "2"}, {"depth", "1"}});
    learn.act({{"speed", 12}});
    CHECK(learn.params().at("speed") == "12");
    // 2^32 + 1 was narrowed to 1 and taken; -2^32 + 1 likewise.
    for (const json& speed : {json(4294967297LL), json(-4294967295LL), json(31), json(0), json(2.0), json("5")}) {
        CHECK_THROWS_AS(learn.act({{"speed", speed}}), std::invalid_argument);
        CHECK(learn.params().at("speed") == "12");
    }
}

TEST_CASE("The Learn screen's params() start the same run: its numbers are not rounded", "[screens]") {
    LearnedModels models;
    LearnScreen learn(models), again(models);
    learn.new_game({{"seed", "3"}, {"level", "small"}, {"width", "2"}, {"depth", "1"}, {"lr", "0.00123456789"},
                    {"explore", "0.123456789123"}});
    // %g wrote 0.00123457 and 0.123457: a link to another run.
    CHECK(learn.params().at("lr") == "0.0012345678");
    CHECK(learn.params().at("explore") == "0.123456789123");
    again.new_game(learn.params());
    CHECK(again.save() == learn.save());
    CHECK(again.state() == learn.state());
}

namespace {

json minesweeper_save(const json& seconds) {
    return {{"params", {{"game", "minesweeper"}, {"level", "beginner"}, {"seed", "7"}}},
            {"actions", json::array({json::array({"reveal", 40})})},
            {"seconds", seconds}};
}

}  // namespace

TEST_CASE("A Minesweeper save whose clock is not a game's time is refused, the game unchanged", "[screens]") {
    LearnedModels models;
    MinesweeperScreen screen(models);
    screen.restore(minesweeper_save(12.5));
    CHECK(screen.state()["time_s"] == 12);
    CHECK(screen.save()["seconds"] == 12.5);
    const json state = screen.state(), save = screen.save();
    // 1e306 s made the clock infinite: the game then saved "seconds": null, which no restore took.
    for (const json& seconds : {json(1e306), json(-5), json("12"), json(true), json(nullptr)}) {
        CHECK_THROWS(screen.restore(minesweeper_save(seconds)));
        CHECK(screen.state() == state);
        CHECK(screen.save() == save);
    }
}

TEST_CASE("A user reads a Refusal's own words, or a plain reason in their language for any other error", "[screens]") {
    using gridlab::translatable;
    const gridlab::Message damaged = translatable("the saved data is damaged");
    try {
        const json parsed = json::parse("{\"version\": 3, \"game\"");
        FAIL("parsed " << parsed.dump());
    } catch (const std::exception& error) {
        // The parser's English report ("[json.exception.parse_error.101] ...") goes to the log only.
        CHECK(reason_for_user(error, damaged).pattern == "the saved data is damaged");
    }
    const gridlab::Refusal refusal(translatable("a saved move is off the board"));
    CHECK(reason_for_user(refusal, damaged).pattern == "a saved move is off the board");
}

TEST_CASE("Minesweeper overlays are in the parameters: show= from the link, as the panel last set them", "[screens]") {
    LearnedModels models;
    MinesweeperScreen screen(models);
    screen.new_game({{"seed", "4"}, {"show", "proofs,probability"}});
    CHECK(screen.params().at("show") == "proofs,probability");  // as the link gave it
    // No show=: the knowledge base's sentences only; "show=" (empty): none.
    screen.new_game({{"seed", "4"}});
    CHECK(screen.params().count("show") == 0);
    screen.new_game({{"seed", "4"}, {"show", ""}});
    CHECK(screen.params().at("show").empty());
    // A mistyped overlay names the key, so a link can leave out just that key.
    try {
        screen.new_game({{"seed", "5"}, {"show", "probabilty"}});
        FAIL("show=probabilty was taken");
    } catch (const gridlab::ValueError& refused) {
        CHECK(refused.param() == "show");
        CHECK(refused.value() == "probabilty");
    }
    CHECK(screen.params().at("seed") == "4");  // the game before stays
}

TEST_CASE("A finished game says so; a game in progress does not", "[screens]") {
    LearnedModels models;
    GomokuScreen gomoku(models);
    gomoku.new_game({{"size", "5"}, {"win", "3"}, {"black", "human"}, {"white", "human"}, {"seed", "1"}});
    for (const char* move : {"a5", "a4", "b5", "b4"}) gomoku.act({{"move", move}});
    CHECK_FALSE(gomoku.finished());
    gomoku.act({{"move", "c5"}});
    CHECK(gomoku.finished());
    CHECK(gomoku.state()["status"] == "black wins");

    MinesweeperScreen mines(models);
    mines.new_game({{"level", "custom"}, {"rows", "3"}, {"cols", "3"}, {"mines", "0"}, {"seed", "1"}});
    CHECK_FALSE(mines.finished());
    mines.act({{"reveal", {1, 1}}});
    CHECK(mines.finished());
    CHECK(mines.state()["status"] == "won");
    CHECK(mines.state()["last_move_by"] == "player");
}

TEST_CASE("Gomoku's move list is written as players write a game: numbered pairs, columns a.., rows from the bottom", "[screens]") {
    LearnedModels models;
    GomokuScreen gomoku(models);
    gomoku.new_game({{"size", "15"}, {"black", "human"}, {"white", "human"}, {"seed", "1"}});
    CHECK(gomoku.state()["move_list"] == "");
    gomoku.act({{"move", {7, 7}}});    // the centre: h8
    gomoku.act({{"move", {0, 14}}});   // top right: o15
    gomoku.act({{"move", {14, 0}}});   // bottom left: a1
    CHECK(gomoku.state()["move_list"] == "1. h8 o15 2. a1");
}

TEST_CASE("Board coordinates: Minesweeper from 1 at the top left, Gomoku letters and rows from the bottom, Puyo rows from the bottom", "[screens]") {
    CHECK(row_label(0, 16, Coordinates::Numbers) == "1");
    CHECK(row_label(15, 16, Coordinates::Numbers) == "16");
    CHECK(column_label(29, Coordinates::Numbers) == "30");
    CHECK(row_label(0, 15, Coordinates::Gomoku) == "15");
    CHECK(row_label(7, 15, Coordinates::Gomoku) == "8");
    CHECK(column_label(7, Coordinates::Gomoku) == "h");
    CHECK(row_label(13, 14, Coordinates::Puyo) == "1");
    CHECK(column_label(0, Coordinates::Puyo) == "1");
}

namespace {

// WCAG 2's contrast ratio of two 0xRRGGBBAA colours.
double contrast(uint32_t a, uint32_t b) {
    auto luminance = [](uint32_t rgba) {
        auto channel = [](uint32_t value) {
            const double v = value / 255.0;
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(rgba >> 24) + 0.7152 * channel((rgba >> 16) & 255) + 0.0722 * channel((rgba >> 8) & 255);
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace

TEST_CASE("Grey help text is readable: contrast at least 4.5:1 on the panel and the page", "[screens]") {
    using namespace gridlab::app::palette;
    CHECK(contrast(kHelpText, kPanel) >= 4.5);
    CHECK(contrast(kHelpText, kPage) >= 4.5);
    CHECK(contrast(0x808080FF, kPanel) < 4.5);  // ImGui's own grey, which it replaces
}

TEST_CASE("Gomoku's search and policy labels stand out from their discs on the wood: contrast at least 4.5:1", "[screens]") {
    using namespace gridlab::app::palette;
    for (const uint32_t colour : {kShareLiked, kShareLosing})
        for (uint32_t alpha = 0; alpha <= 255; alpha += 5) {
            const uint32_t fill = colour | alpha;
            uint32_t under = 0xFF;  // the disc over the wood, opaque
            for (const int shift : {24, 16, 8}) {
                const double a = alpha / 255.0;
                under |= uint32_t(std::lround(((fill >> shift) & 255) * a + ((kWood >> shift) & 255) * (1 - a))) << shift;
            }
            INFO("fill " << std::hex << fill);
            CHECK(contrast(share_label_ink(fill), under) >= 4.5);
        }
}

TEST_CASE("The colour-blind palette covers Minesweeper's probability overlay: its colours darken as the chance grows", "[screens]") {
    CHECK(probability_colour(0.0, true) == 0xB4DCF5FF);
    CHECK(probability_colour(1.0, true) == 0xC0501AFF);
    CHECK(probability_colour(0.0, true) != probability_colour(0.0));
    auto lightness = [](uint32_t rgba) { return (rgba >> 24) * 299 + ((rgba >> 16) & 255) * 587 + ((rgba >> 8) & 255) * 114; };
    for (int step = 0; step < 10; ++step)
        CHECK(lightness(probability_colour(step / 10.0, true)) > lightness(probability_colour((step + 1) / 10.0, true)));
}

namespace {

// A Puyo learner's run of `games` games, as a model file (what a download gives).
std::string puyo_model_file(int games) {
    gridlab::puyo::TrainSettings settings;
    settings.pairs = 10;
    settings.shape.width = 4;
    settings.window = 25;
    settings.seed = 9;
    gridlab::puyo::Trainer trainer(settings);
    trainer.train_until(games);
    nlohmann::json description = trainer.describe();
    description["seconds"] = 1.5;
    return gridlab::learn::save_model({"puyo", trainer.network(), description});
}

}  // namespace

TEST_CASE("The Learn screen keeps a run per game: a link naming a lesson shows its run, a save restores them all", "[screens]") {
    LearnedModels models;
    LearnScreen learn(models);
    learn.new_game({{"seed", "1"}, {"level", "small"}, {"width", "2"}, {"depth", "1"}});
    learn.load_model(puyo_model_file(3));  // a model of another game: its lesson is shown
    CHECK(learn.state()["learning"] == "puyo");
    CHECK(learn.state()["episodes"] == 3);
    CHECK(learn.params().at("learn") == "puyo");
    CHECK(learn.params().at("pairs") == "10");
    CHECK(models.puyo != nullptr);  // the Puyo screen can play with it (ai=learned)
    const json puyo_state = learn.state();

    // Gomoku's lesson with settings of its own; then a link naming only Puyo's shows its run unchanged.
    learn.new_game({{"learn", "gomoku"}, {"size", "5"}, {"win", "4"}, {"channels", "4"}, {"layers", "1"}, {"seed", "2"}});
    CHECK(learn.state()["learning"] == "gomoku");
    CHECK(learn.state()["live"]["policy"].size() == 25);
    learn.new_game({{"game", "learn"}, {"learn", "puyo"}});
    CHECK(learn.state()["weight_hash"] == puyo_state["weight_hash"]);
    CHECK(learn.state()["episodes"] == 3);
    // So does a link with its very settings; other settings start a new run.
    learn.new_game(learn.params());
    CHECK(learn.state()["episodes"] == 3);
    learn.new_game({{"learn", "puyo"}, {"pairs", "12"}, {"seed", "9"}});
    CHECK(learn.state()["episodes"] == 0);
    CHECK(models.puyo == nullptr);

    // A save keeps every run that has played: restored into another screen, the same runs.
    learn.load_model(puyo_model_file(3));
    learn.new_game({{"learn", "gomoku"}, {"size", "5"}, {"win", "4"}, {"channels", "4"}, {"layers", "1"}, {"seed", "2"}});
    LearnedModels other_models;
    LearnScreen other(other_models);
    other.restore(learn.save());
    CHECK(other.save() == learn.save());
    CHECK(other.state()["learning"] == "gomoku");
    other.new_game({{"learn", "puyo"}});
    CHECK(other.state()["weight_hash"] == puyo_state["weight_hash"]);
    CHECK(other.state()["elapsed_s"] == 1);
    CHECK(other_models.puyo != nullptr);
}

TEST_CASE("The Learn screen refuses a save or a model it cannot go on from, every run unchanged", "[screens]") {
    LearnedModels models;
    LearnScreen learn(models);
    learn.load_model(puyo_model_file(2));
    const json state = learn.state(), save = learn.save();
    json unknown = save;
    unknown["runs"]["chess"] = unknown["runs"]["puyo"];
    json not_saved = save;
    not_saved["training"] = "gomoku";
    json damaged = save;
    damaged["runs"]["puyo"] = "R0xOTgE=";
    for (const json& bad : {unknown, not_saved, damaged}) {
        CHECK_THROWS(learn.restore(bad));
        CHECK(learn.state() == state);
        CHECK(learn.save() == save);
    }
    // A model file of a game with no lesson, and bytes that are no model.
    CHECK_THROWS(learn.load_model("GLNN"));
    CHECK(learn.save() == save);
}

TEST_CASE("A Learn save from before the Puyo and Gomoku lessons (one Minesweeper run) still restores", "[screens]") {
    LearnedModels models;
    LearnScreen learn(models);
    learn.new_game({{"seed", "3"}, {"level", "small"}, {"width", "2"}, {"depth", "1"}});
    const json save = learn.save();
    json old_save = {{"params", save["params"]}, {"model", nullptr}, {"training", false}};
    old_save["params"].erase("learn");
    // The old format kept the model even before the first game: that of a fresh run of these settings.
    gridlab::minesweeper::TrainSettings settings;
    settings.board = {6, 6, 5, gridlab::minesweeper::FirstClick::Safe};
    settings.shape = {2, 1};
    settings.window = 25;
    settings.seed = 3;
    gridlab::minesweeper::Trainer trainer(settings);
    trainer.train_until(2);
    old_save["model"] = gridlab::base64_encode(gridlab::learn::save_model({"minesweeper", trainer.network(), trainer.describe()}));
    LearnScreen restored(models);
    restored.restore(old_save);
    CHECK(restored.state()["learning"] == "minesweeper");
    CHECK(restored.state()["episodes"] == 2);
    CHECK(restored.params().at("level") == "small");
}

TEST_CASE("A wrong flag stops the AI, and the panel says so with a number that shows it", "[screens]") {
    LearnedModels models;
    MinesweeperScreen mines(models);
    const Params game{{"level", "beginner"}, {"seed", "11"}, {"ai", "probability"}};
    const auto stopped_after_hint = [&] {
        mines.act({{"ai", "hint"}});
        run_frames(mines, [&] { return !mines.state()["ai"]["stopped"].is_null() || !mines.state()["ai"]["hint"].is_null(); });
        return mines.state()["ai"]["stopped"];
    };
    // The first click shows a 2: three flags around it are one too many.
    mines.new_game(game);
    mines.act({{"reveal", {0, 0}}});
    REQUIRE(mines.state()["board"][0].get<std::string>()[0] == '2');
    for (const json& cell : {json{0, 1}, json{1, 0}, json{1, 1}}) mines.act({{"flag", cell}});
    const json stopped = stopped_after_hint();
    CHECK(stopped == json{{"id", "wrong_flag"}, {"cell", {0, 0}}, {"number", 2}, {"flags", 3}});
    CHECK(mines.state()["ai"]["hint"].is_null());
    CHECK(gridlab::render(analysis_stop_message(stopped)) ==
          "A flag is wrong: the 2 at (1,1) has 3 flags around it. Take the wrong one off, and the AI can go on.");
    // Taking a flag off makes the position possible again: the AI goes on.
    mines.act({{"flag", {1, 1}}});
    CHECK(stopped_after_hint().is_null());
    CHECK_FALSE(mines.state()["ai"]["hint"].is_null());

    // Nine flags away from the 2 leave one mine for its two: no number shows it alone.
    mines.new_game(game);
    mines.act({{"reveal", {0, 0}}});
    for (int col = 0; col < 9; ++col) mines.act({{"flag", {8, col}}});
    const json impossible = stopped_after_hint();
    CHECK(impossible == json{{"id", "wrong_flag"}});
    CHECK(gridlab::render(analysis_stop_message(impossible)) ==
          "A flag is wrong: no way of placing the mines agrees with these flags and the numbers. Take the wrong one "
          "off, and the AI can go on.");
}
