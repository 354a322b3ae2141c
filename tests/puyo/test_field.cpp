// The field, gravity, the chain loop and both scoring tables, on hand-made boards.
#include <catch2/catch.hpp>

#include "core/text.h"
#include "puyo/field.h"
#include "puyo/helpers.h"

using namespace gridlab::puyo;
using puyo_test::board;

namespace {

std::vector<int> step_scores(const std::vector<ChainStep>& steps) {
    std::vector<int> scores;
    for (const ChainStep& step : steps) scores.push_back(static_cast<int>(step.score));
    return scores;
}

// A minimal 4-chain of 4-groups: column 0 holds R R R G G G B B B Y Y Y from the floor, column 1
// R G B Y. Each colour's trio falls onto the next single puyo of column 1 in turn.
const std::string kFourChain = board({"Y.....", "Y.....", "Y.....", "B.....", "B.....", "B.....", "G.....",
                                      "G.....", "GY....", "RB....", "RG....", "RR...."});

}  // namespace

TEST_CASE("the seed's calc_score tables, caps included", "[puyo]") {
    CHECK(tutorial_step_score(1, 4, 1) == (8 + 2 + 0) * 4 * 10);
    CHECK(tutorial_step_score(1, 8, 2) == (8 + 6 + 3) * 8 * 10);
    CHECK(tutorial_step_score(2, 4, 1) == (16 + 2) * 4 * 10);
    // pieces are capped at 11 before the multiplication, so 12 and 20 pieces score as 11
    CHECK(tutorial_step_score(1, 12, 1) == (8 + 10) * 11 * 10);
    CHECK(tutorial_step_score(1, 20, 1) == tutorial_step_score(1, 11, 1));
    // the chain bonus index stops at the table's end (23: 672), colours at 5 (24)
    CHECK(tutorial_step_score(30, 4, 1) == (672 + 2) * 4 * 10);
    CHECK(tutorial_step_score(3, 4, 7) == (32 + 2 + 24) * 4 * 10);
    // a scale of 0 counts as 1
    CHECK(tutorial_step_score(0, 3, 1) == 30);
}

TEST_CASE("Tsu step scores: chain power, colour and group bonus, clamp", "[puyo]") {
    CHECK(tsu_step_score(1, 4, 1, 0) == 40);  // the multiplier 0 is clamped up to 1
    CHECK(tsu_step_score(2, 4, 1, 0) == 320);
    CHECK(tsu_step_score(4, 4, 1, 0) == 1280);
    CHECK(tsu_step_score(8, 4, 1, 0) == 10 * 4 * 160);
    CHECK(tsu_step_score(1, 8, 2, 0) == 10 * 8 * 3);
    CHECK(tsu_step_score(1, 9, 2, tsu_group_bonus(5)) == 10 * 9 * (3 + 2));
    CHECK(tsu_step_score(19, 40, 5, 20) == 10 * 40 * (512 + 24 + 20));
    CHECK(tsu_step_score(30, 4, 1, 0) == 10 * 4 * 864);
    CHECK(tsu_step_score(40, 4, 1, 0) == 10 * 4 * 999);
    const std::vector<int> bonus = {0, 0, 2, 3, 4, 5, 6, 7, 10, 10, 10};
    for (int size = 3; size <= 13; ++size) CHECK(tsu_group_bonus(size) == bonus[size - 3]);
}

TEST_CASE("fall lets floating puyos drop column by column", "[puyo]") {
    Field field = Field::parse(board({"R.G...", "..B...", "Y.....", "..B..O"}), RuleSet::Tutorial);
    field.settle();
    CHECK(field.to_lines(4) == std::vector<std::string>{"......", "..G...", "R.B...", "Y.B..O"});
    CHECK(field.height(2) == 3);
}

TEST_CASE("groups of four or more pop; three do not", "[puyo]") {
    Field field = Field::parse(board({"RRR...", "GGBB.."}), RuleSet::Tsu);
    std::vector<ChainStep> steps;
    CHECK(field.settle_and_resolve(&steps).chains == 0);
    CHECK(steps.empty());

    field = Field::parse(board({"R.....", "RRB...", "GRBBB."}), RuleSet::Tsu);
    const ChainResult result = field.settle_and_resolve(&steps);
    REQUIRE(steps.size() == 1);
    CHECK(steps[0].groups == std::vector<int>{4, 4});
    CHECK(steps[0].cleared == 8);
    CHECK(steps[0].colors == 2);
    CHECK(result.score == 10 * 8 * 3);
    CHECK(field.to_lines(2) == std::vector<std::string>{"......", "G....."});
}

TEST_CASE("each chain step records the cells it cleared, garbage included", "[puyo]") {
    // Rows from the floor: R R R R on row 0 with garbage above the first R; G G G G on row 1 above
    // the last three R and one more: they pop in the second step, after falling.
    Field field = Field::parse(board({"O.GGGG", "RRRR.."}), RuleSet::Tsu);
    std::vector<ChainStep> steps;
    REQUIRE(field.settle_and_resolve(&steps).chains == 2);
    const Bitboard first = Bitboard::cell(0, 0) | Bitboard::cell(1, 0) | Bitboard::cell(2, 0) | Bitboard::cell(3, 0) |
                           Bitboard::cell(0, 1);
    CHECK(steps[0].popped == first);
    CHECK(steps[0].cleared == 4);  // the garbage is cleared but not counted
    const Bitboard second = Bitboard::cell(2, 0) | Bitboard::cell(3, 0) | Bitboard::cell(4, 0) | Bitboard::cell(5, 0);
    CHECK(steps[1].popped == second);
    CHECK(field.empty());
}

TEST_CASE("Tsu scores of known chains", "[puyo]") {
    SECTION("4+4 two-chain = 360") {
        Field field = Field::parse(board({"G.....", "G.....", "G.....", "R.....", "RG....", "RR...."}), RuleSet::Tsu);
        std::vector<ChainStep> steps;
        const ChainResult result = field.settle_and_resolve(&steps);
        CHECK(result.chains == 2);
        CHECK(result.score == 360);
        CHECK(step_scores(steps) == std::vector<int>{40, 320});
        CHECK(field.empty());
    }
    SECTION("a minimal 4-chain of 4-groups = 2280") {
        Field field = Field::parse(kFourChain, RuleSet::Tsu);
        std::vector<ChainStep> steps;
        const ChainResult result = field.settle_and_resolve(&steps);
        CHECK(result.chains == 4);
        CHECK(result.score == 2280);
        CHECK(step_scores(steps) == std::vector<int>{40, 320, 640, 1280});
        CHECK(field.empty());
    }
    SECTION("the same 4-chain under the tutorial tables") {
        Field field = Field::parse(kFourChain, RuleSet::Tutorial);
        const ChainResult result = field.settle_and_resolve();
        CHECK(result.chains == 4);
        CHECK(result.score == (10 + 18 + 34 + 66) * 40);
    }
    SECTION("a 5-group and a 4-group of another colour in one step") {
        Field field = Field::parse(board({"R...GG", "RRRRGG"}), RuleSet::Tsu);
        std::vector<ChainStep> steps;
        field.settle_and_resolve(&steps);
        REQUIRE(steps.size() == 1);
        CHECK(steps[0].groups == std::vector<int>{4, 5});
        CHECK(steps[0].score == 10 * 9 * (3 + 2));
    }
}

TEST_CASE("the hidden 13th row neither connects nor pops, but falls into the field", "[puyo]") {
    // Column 0 from the floor: R R R, B B B, G G G, Y Y Y and a fourth Y in the hidden row.
    const std::string text = board({"Y.....", "Y.....", "Y.....", "Y.....", "G.....", "G.....", "G.....",
                                                 "B.....", "B.....", "B.....", "R.....", "R.....", "R....."}, 13);
    Field field = Field::parse(text, RuleSet::Tsu);
    CHECK(field.at(0, 12) == Puyo::Yellow);
    CHECK(field.settle_and_resolve().chains == 0);  // four Y in a column, one of them hidden

    field.set(1, 0, Puyo::Red);  // the trigger: the R pop lets the hidden Y fall into view
    std::vector<ChainStep> steps;
    const ChainResult result = field.resolve(field.occupied(), &steps);
    CHECK(result.chains == 2);
    CHECK(step_scores(steps) == std::vector<int>{40, 320});
    CHECK(field.to_lines(13)[0] == "......");
    CHECK(field.height(0) == 6);
}

TEST_CASE("garbage clears next to a popping group, is never counted, and not in the hidden row", "[puyo]") {
    const std::string text = board({"O.....", "O.....", "O.....", "O.....", "O.....", "O.....", "O.....",
                                                 "O.....", "O.....", "O.....", "OO....", "RO....", "RRRO.."}, 13);
    Field field = Field::parse(text, RuleSet::Tsu);
    std::vector<ChainStep> steps;
    const ChainResult result = field.settle_and_resolve(&steps);
    REQUIRE(result.chains == 1);
    CHECK(steps[0].cleared == 4);
    CHECK(result.score == 40);
    // Cleared: the O above the R pair of column 0, the O above the R of column 1 and the O right of
    // the last R; the O on top of that one only touched garbage. Column 0's hidden O fell into view.
    CHECK(field.height(0) == 10);
    CHECK(field.height(1) == 1);
    CHECK(field.height(3) == 0);
}

TEST_CASE("text form: 12 rows, or 13 for Tsu, and positioned errors", "[puyo]") {
    const Field field = Field::parse(kFourChain, RuleSet::Tsu);
    CHECK(field.to_lines(12)[11] == "RR....");
    CHECK(field.to_lines(13)[0] == "......");
    CHECK(field.count() == 16);

    using gridlab::ParseError;
    CHECK_THROWS_WITH(Field::parse(board({"RX...."}), RuleSet::Tsu),
                      "line 12, column 2: unexpected 'X' (allowed: .RGBYPO)");
    CHECK_THROWS_WITH(Field::parse("\nR......\n......\n", RuleSet::Tsu), "line 2: row has 7 cells, expected 6");
    CHECK_THROWS_WITH(Field::parse(board({"R....."}) + "R.....\n", RuleSet::Tutorial),
                      "line 13: the field has 13 rows, expected 12");
    CHECK_THROWS_WITH(Field::parse(board({"R....."}, 14), RuleSet::Tsu), "line 14: the field has 14 rows, expected 12 or 13");
    CHECK_THROWS_WITH(Field::parse(board({"R....."}, 11), RuleSet::Tsu),
                      "line 12: the field ends after 11 rows, expected 12 or 13");
    CHECK_THROWS_WITH(Field::parse(board({"R....", "R....."}), RuleSet::Tsu),
                      "line 11: row has 5 cells, expected 6 like the first row");
    CHECK_THROWS_AS(Field::parse("", RuleSet::Tsu), ParseError);
}
