// The app's screens without a window (src/app, host_headless.cpp): what the page's window.gridlab.act()
// and saved games do to them. Regression tests of what tests/fuzz/app_json.cpp found.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "app/gomoku_screen.h"
#include "app/i18n.h"
#include "app/learn_screen.h"
#include "app/minesweeper_screen.h"
#include "app/puyo_screen.h"

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
