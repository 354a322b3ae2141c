// Pair files: the seeded sequences written as text, read back, and played by a State.
#include <catch2/catch.hpp>

#include "core/text.h"
#include "puyo/pair_file.h"

using namespace gridlab::puyo;
using gridlab::ParseError;

namespace {

// The ParseError message of parsing `text`, or "" when it parses.
std::string parse_error(const std::string& text, int colors = 4) {
    try {
        parse_pair_file(text, colors);
    } catch (const ParseError& error) {
        return error.what();
    }
    return "";
}

}  // namespace

TEST_CASE("pair files round-trip the seeded sequences", "[puyo]") {
    CHECK(pair_line(seeded_pairs(1, 4, 6)) == "YB BB RR YY BB BG");
    for (int colors = 3; colors <= 5; ++colors) {
        std::string text;
        std::vector<PairSequence> games;
        for (uint64_t seed = 0; seed < 5; ++seed) {
            games.push_back(seeded_pairs(seed, colors, 50));
            text += pair_line(games.back()) + "\n";
        }
        CHECK(parse_pair_file(text, colors) == games);
    }
    // Runs of spaces or tabs, \r\n and blank lines around the games are accepted.
    const std::vector<PairSequence> read = parse_pair_file("\n  RG\tBY  PP \r\nGG\n\n", 5);
    CHECK(read == std::vector<PairSequence>{
                      {{Puyo::Red, Puyo::Green}, {Puyo::Blue, Puyo::Yellow}, {Puyo::Purple, Puyo::Purple}},
                      {{Puyo::Green, Puyo::Green}}});
}

TEST_CASE("malformed pair files are refused with the line and column", "[puyo]") {
    CHECK(parse_error("RG BY\nRG BX\n") == "line 2, column 4: expected a pair of colour letters (R G B Y P), got 'BX'");
    CHECK(parse_error("RG BYR\n") == "line 1, column 4: expected a pair of colour letters (R G B Y P), got 'BYR'");
    CHECK(parse_error("RG rg\n") == "line 1, column 4: expected a pair of colour letters (R G B Y P), got 'rg'");
    CHECK(parse_error("RG\nGP\n") == "line 2, column 2: 'P' is not among the 4 colours in play (RGBY)");
    CHECK(parse_error("RG YB\n", 3) == "line 1, column 4: 'Y' is not among the 3 colours in play (RGB)");
    CHECK(parse_error("\nRG\n\nBB\n") == "line 3: an empty line: expected a game's pairs");
    CHECK(parse_error(" \n\n") == "line 3: no games: expected one line of pairs per game");
    CHECK(parse_error("") == "line 1: no games: expected one line of pairs per game");
}

TEST_CASE("a State plays a given sequence exactly, as it plays its seed's", "[puyo]") {
    const Settings settings{RuleSet::Tsu, 4, 0};
    State seeded({RuleSet::Tsu, 4, 30}, 7);
    State given(settings, seeded_pairs(7, 4, 30));
    CHECK(given.settings().max_pairs == 30);
    while (!seeded.terminal()) {
        REQUIRE_FALSE(given.terminal());
        for (int ahead = 0; ahead <= kPreviewCount && ahead < seeded.pairs_left(); ++ahead)
            CHECK(given.pair(ahead) == seeded.pair(ahead));
        const Placement placement = seeded.legal_placements().back();
        CHECK(given.apply(placement).score == seeded.apply(placement).score);
    }
    CHECK(given.terminal());
    CHECK(given.field() == seeded.field());
    // Previews past the end repeat the sequence from its start.
    State short_game(settings, {{Puyo::Red, Puyo::Green}, {Puyo::Blue, Puyo::Blue}});
    CHECK(short_game.pair(2) == Pair{Puyo::Red, Puyo::Green});

    CHECK_THROWS_WITH(State(settings, PairSequence{}), "a game needs at least one pair");
    CHECK_THROWS_WITH(State({RuleSet::Tsu, 4, 3}, seeded_pairs(1, 4, 2)), "the pair limit differs from the 2 pairs given");
    CHECK_THROWS_WITH(State({RuleSet::Tsu, 3, 0}, PairSequence{{Puyo::Red, Puyo::Yellow}}),
                      "pair RY uses more than 3 colours");
}
