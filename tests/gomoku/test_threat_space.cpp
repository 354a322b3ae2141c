#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "gomoku/helpers.h"
#include "gomoku/threat_space.h"
#include "gomoku/threats.h"

using namespace gridlab::gomoku;
using gomoku_test::at;

namespace {

// A 15x15 position from the rows of its top part (missing cells and rows are empty).
State board(const std::vector<std::string>& rows, Rule rule = Rule::Freestyle) {
    std::string text;
    for (int r = 0; r < 15; ++r) {
        std::string row = r < static_cast<int>(rows.size()) ? rows[r] : "";
        row.resize(15, '.');
        text += row + "\n";
    }
    return State::parse(text, 5, rule);
}

constexpr ThreatLimits kVcf{false, 12, 20000, 0};
constexpr ThreatLimits kVct{true, 8, 20000, 0};

// Plays `line` (attacker, defender, ...) on `state`; returns the final state.
State play_line(State state, const std::vector<int>& line) {
    for (int action : line) state.apply(action);
    return state;
}

// Black to move has a four-three: the four across at (5,7) (white must block at (5,8)) also makes an
// open three down column 7, which becomes an open four.
const std::vector<std::string> kFourThree = {
    "O......O......O",
    "",
    "",
    "",
    "O",
    "...OXXX",
    ".......X",
    ".......X",
};

// Black to move: (7,8) makes two open threes at once, and white has no four to answer with.
const std::vector<std::string> kThreeThree = {
    "O......O......O",
    "",
    "",
    "",
    "O",
    "........X",
    "........X",
    "......XX",
};

}  // namespace

TEST_CASE("gomoku threat space: VCF found and played out to five", "[gomoku]") {
    const State s = board(kFourThree);
    const ThreatResult vcf = find_threat_win(s, Stone::Black, kVcf);
    REQUIRE(vcf.win);
    CHECK(vcf.line.front() == at(5, 7));
    CHECK(vcf.line.size() % 2 == 1);  // it ends with the attacker's five
    CHECK(play_line(s, vcf.line).outcome() == Outcome::BlackWins);
    CHECK(vcf.nodes == 9);  // exact: the same on every platform
    // White (not to move) threatens nothing.
    const ThreatResult white = find_threat_win(s, Stone::White, kVct);
    CHECK_FALSE(white.win);
    CHECK(white.complete);
}

TEST_CASE("gomoku threat space: a VCT that no VCF can find, proved against every reply", "[gomoku]") {
    const State s = board(kThreeThree);
    const ThreatResult vcf = find_threat_win(s, Stone::Black, kVcf);
    CHECK_FALSE(vcf.win);
    CHECK(vcf.complete);
    const ThreatResult vct = find_threat_win(s, Stone::Black, kVct);
    REQUIRE(vct.win);
    CHECK(vct.line.front() == at(7, 8));
    CHECK(play_line(s, vct.line).outcome() == Outcome::BlackWins);
    // After the double three, whatever white plays, black still has a forced win.
    State after = s;
    after.apply(at(7, 8));
    for (int reply : after.legal_actions()) {
        State answered = after;
        answered.apply(reply);
        INFO("white " << to_notation(reply, 15));
        CHECK(find_threat_win(answered, Stone::Black, kVct).win);
    }
}

TEST_CASE("gomoku threat space: the defences against the opponent's threat", "[gomoku]") {
    // The four-three with white to move (one white stone fewer): which moves stop black's VCF?
    std::vector<std::string> rows = kFourThree;
    rows[4] = "";
    const State s = board(rows);
    REQUIRE(s.to_move() == Stone::White);
    const ThreatResult threat = find_threat_win(s, Stone::Black, kVcf);
    REQUIRE(threat.win);
    const std::vector<int> defences = threat_defences(s, threat, kVcf);
    auto defends = [&](int action) { return std::count(defences.begin(), defences.end(), action) == 1; };
    CHECK(defends(at(5, 7)));  // the four-three point itself
    CHECK(defends(at(5, 8)));  // the four's last cell: the three alone is no VCF
    CHECK(defends(at(4, 7)));  // closing the column: the three can only become a four
    CHECK(defends(at(8, 7)));
    CHECK_FALSE(defends(at(3, 7)));  // too far: the three still opens on (8,7)
    CHECK_FALSE(defends(at(6, 5)));
    for (int action : defences) {
        State after = s;
        after.apply(action);
        CHECK_FALSE(find_threat_win(after, Stone::Black, kVcf).win);
    }
}

TEST_CASE("gomoku threat space: no false win when the defender counters with fours", "[gomoku]") {
    // The double three of kThreeThree, but white has a four-three of its own on (10,7): it answers the
    // double three with its four, and wins the race.
    const State s = board({
        "",
        "",
        "",
        "",
        "",
        "........X",
        "........X",
        "......XX",
        "",
        "",
        "...XOOO",
        ".......O",
        ".......O",
    });
    REQUIRE(s.to_move() == Stone::Black);
    const ThreatResult black = find_threat_win(s, Stone::Black, kVct);
    CHECK_FALSE(black.win);
    const ThreatResult white = find_threat_win(s, Stone::White, kVcf);
    REQUIRE(white.win);
    CHECK(white.line.front() == at(10, 7));
}

TEST_CASE("gomoku threat space: under renju black may not win with a double three, white may", "[gomoku]") {
    const State black_to_move = board(kThreeThree, Rule::Renju);
    CHECK(ThreatBoard(black_to_move).is_forbidden(State::cell_index(7, 8)));
    CHECK_FALSE(find_threat_win(black_to_move, Stone::Black, kVct).win);
    // The same shape in white, white to move.
    const State white_to_move = board({"X......X......X", "X", "", "", "X", "........O", "........O", "......OO"}, Rule::Renju);
    REQUIRE(white_to_move.to_move() == Stone::White);
    const ThreatResult white = find_threat_win(white_to_move, Stone::White, kVct);
    REQUIRE(white.win);
    CHECK(white.line.front() == at(7, 8));
}

TEST_CASE("gomoku threat space: budgets stop the search and say it was not complete", "[gomoku]") {
    const State s = board(kThreeThree);
    const ThreatResult starved = find_threat_win(s, Stone::Black, ThreatLimits{true, 8, 1, 0});
    CHECK_FALSE(starved.win);
    CHECK_FALSE(starved.complete);
    CHECK(starved.nodes == 2);  // the node that went over the budget is counted, not searched
    // The four-three needs two fours: one is not enough, and the search says it stopped short.
    const ThreatResult shallow = find_threat_win(board(kFourThree), Stone::Black, ThreatLimits{false, 1, 20000, 0});
    CHECK_FALSE(shallow.win);
    CHECK_FALSE(shallow.complete);
    // The double three is a win in one threat: no block answers both threes.
    const ThreatResult one_threat = find_threat_win(s, Stone::Black, ThreatLimits{true, 1, 20000, 0});
    REQUIRE(one_threat.win);
    CHECK(one_threat.line.size() == 5);  // the double three, a block, an open four, a block, five
    // Unsupported win lengths find nothing.
    CHECK_FALSE(find_threat_win(State(Settings{15, 7, Rule::Freestyle}), Stone::Black).win);
}

// The Mcts root's screening searches in parts so that a time slice can end inside a search: every
// part size gives find_threat_win's answer, line, node count and completeness exactly.
TEST_CASE("gomoku threat space: a search in parts gives the answer of the search at once", "[gomoku]") {
    for (const auto& rows : {kFourThree, kThreeThree})
        for (const Stone attacker : {Stone::Black, Stone::White})
            for (const ThreatLimits& limits : {kVcf, kVct, ThreatLimits{true, 8, 30, 0}}) {
                const State s = board(rows);
                const ThreatResult whole = find_threat_win(s, attacker, limits);
                for (const int64_t part : {1, 7, 1000}) {
                    ThreatSearch search(s, attacker, limits);
                    int steps = 1;
                    while (!search.step(part)) ++steps;
                    const ThreatResult& parts = search.result();
                    CHECK(search.done());
                    CHECK(parts.win == whole.win);
                    CHECK(parts.line == whole.line);
                    CHECK(parts.complete == whole.complete);
                    CHECK(parts.nodes == whole.nodes);
                    CHECK(steps == (whole.nodes + part - 1) / part);
                }
            }
}
