// The catalogues in assets/lang/: every text the app gives the catalogues (found in the sources by
// cmake/i18n.py at build time) is translated in each language, with the same placeholders, and no
// catalogue holds a text the app no longer uses. Also the message and catalogue machinery itself.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "core/catalogue.h"
#include "core/message.h"
#include "core/text.h"
#include "i18n_keys.h"
#include "learn/model_file.h"
#include "minesweeper/rules.h"

namespace {

std::string read_catalogue(const std::string& code) {
    std::ifstream in(std::string(GRIDLAB_LANG_DIR) + "/" + code + ".json", std::ios::binary);
    REQUIRE(in);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("catalogues: every text of the app is translated in every language, placeholders kept", "[i18n]") {
    const std::set<std::string> used(std::begin(kTranslatableTexts), std::end(kTranslatableTexts));
    REQUIRE(used.size() > 150);  // the extraction found the app's texts
    for (const char* code : {"ja", "ko", "zh-Hans"}) {
        INFO("catalogue " << code);
        const gridlab::Catalogue catalogue = gridlab::Catalogue::parse(read_catalogue(code));  // placeholders checked
        for (const std::string& text : used) {
            INFO("text: " << text);
            CHECK(catalogue.find(text) != nullptr);
        }
        for (const auto& [english, translation] : catalogue.entries()) {
            INFO("unused entry: " << english);
            CHECK(used.count(english) == 1);
        }
    }
}

TEST_CASE("catalogues: a refused catalogue says which entry and why", "[i18n]") {
    using gridlab::Catalogue;
    CHECK_THROWS_WITH(Catalogue::parse("[1]"), "the catalogue is not a JSON object");
    CHECK_THROWS_WITH(Catalogue::parse(R"({"New game": ""})"),
                      "catalogue entry 'New game': the translation must be non-empty text");
    CHECK_THROWS_WITH(Catalogue::parse(R"({"New game": 3})"),
                      "catalogue entry 'New game': the translation must be non-empty text");
    CHECK_THROWS_WITH(Catalogue::parse(R"({"{count} games": "{n}ゲーム"})"),
                      "catalogue entry '{count} games': the translation must keep the placeholders of the English");
    CHECK_THROWS_AS(Catalogue::parse("{\"a\": \"b\""), gridlab::Refusal);
    // Placeholders may move and the text around them may hold other braces.
    const Catalogue moved = Catalogue::parse(R"({"{a} of {b}": "{b} の {a} {x"})");
    CHECK(*moved.find("{a} of {b}") == "{b} の {a} {x");
}

TEST_CASE("messages: one pattern, worded in English or through a catalogue", "[i18n]") {
    using namespace gridlab;
    const Catalogue ja = Catalogue::parse(
        R"({"{param}: {value} is outside {min}..{max}": "{param}: {value} は {min}〜{max} の範囲外です",
            "Something went wrong: {reason}": "問題が起きました: {reason}"})");
    const Message nested = translatable("Something went wrong: {reason}",
                                        {{"reason", ValueError(ValueError::Kind::OutOfRange, "size", "40", "5", "19").message()}});
    CHECK(render(nested) == "Something went wrong: size: 40 is outside 5..19");
    CHECK(render(nested, &ja) == "問題が起きました: size: 40 は 5〜19 の範囲外です");
    // A literal (an engine's own report, a parameter's value) is never looked up.
    CHECK(render(translatable("Something went wrong: {reason}", {{"reason", "Something went wrong: {reason}"}}), &ja) ==
          "問題が起きました: Something went wrong: {reason}");
    CHECK(fill_placeholders("{a}{b}{a} {c} {A} {}", {{"a", "1"}, {"b", "{a}"}}) == "1{a}1 {c} {A} {}");
    CHECK(placeholders("{count}-chain! +{score} {x {Y} {}") == std::vector<std::string>{"count", "score"});
}

TEST_CASE("value errors: which parameter, what was given, which range or choices", "[i18n]") {
    using gridlab::ValueError;
    try {
        gridlab::parse_int("99", 5, 19, "size");
        FAIL("accepted");
    } catch (const ValueError& error) {
        CHECK(error.kind() == ValueError::Kind::OutOfRange);
        CHECK(error.param() == "size");
        CHECK(error.value() == "99");
        CHECK(error.low() == "5");
        CHECK(error.high() == "19");
        CHECK(std::string(error.what()) == "size: 99 is outside 5..19");
    }
    const ValueError choice(ValueError::Kind::NotAChoice, "rule", "renju", {}, {}, {"freestyle", "standard"});
    CHECK(std::string(choice.what()) == "rule: 'renju' is not one of freestyle, standard");
    CHECK(choice.choices() == std::vector<std::string>{"freestyle", "standard"});
    CHECK_THROWS_WITH(gridlab::parse_number("x", 0, 1, "lr"), "lr: 'x' is not a number");
}

TEST_CASE("engines' errors that reach the page are worded in its language, not English", "[i18n]") {
    // Issue 19: a custom Minesweeper level with too many mines, and a damaged model file, showed an
    // English sentence inside a Japanese notice.
    using namespace gridlab;
    const Catalogue ja = Catalogue::parse(read_catalogue("ja"));
    try {
        minesweeper::validate({9, 9, 81, minesweeper::FirstClick::Safe});
        FAIL("accepted");
    } catch (const Refusal& refused) {
        CHECK(std::string(refused.what()) ==
              "mines: 81 is outside 0..80 on a 9x9 board (the first click keeps one cell free of mines)");
        CHECK(render(refused.message(), &ja) ==
              "地雷：9×9 の盤では 81 個は 0〜80 個の範囲を超えています（最初にクリックするマスには地雷を置きません）");
    }
    try {
        learn::load_model("PK\x03\x04 not a model at all, a zip file", "minesweeper");
        FAIL("accepted");
    } catch (const Refusal& refused) {
        CHECK(render(refused.message(), &ja) == "gridlabのモデルファイルではありません（先頭に \"GLNN\" がありません）");
    }
}
