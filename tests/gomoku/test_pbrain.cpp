#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "gomoku/pbrain.h"

using namespace gridlab::gomoku;

namespace {
// Runs a scripted session and returns everything the brain printed.
std::string session(const std::string& script, const PbrainOptions& options) {
    std::istringstream in(script);
    std::ostringstream out;
    run_pbrain(in, out, options);
    return out.str();
}

// The same with a fixed playout budget.
std::string session(const std::string& script, int64_t playouts = 300) {
    return session(script, PbrainOptions{.playouts = playouts, .seed = 1, .ai = {}});
}
}  // namespace

TEST_CASE("gomoku pbrain: START, ABOUT, INFO and END", "[gomoku]") {
    CHECK(session("START 15\r\nINFO timeout_turn 1000\nINFO rule 1\nABOUT\nEND\nSTART 15\n") ==
          "OK\nname=\"gridlab-gomoku\", version=\"1.0\", author=\"gridlab\"\n");
}

TEST_CASE("gomoku pbrain: BEGIN opens in the centre, TURN gets a reply", "[gomoku]") {
    const std::string out = session("START 15\nBEGIN\nTURN 0,0\nEND\n");
    std::istringstream lines(out);
    std::string ok, first, second;
    std::getline(lines, ok);
    std::getline(lines, first);
    std::getline(lines, second);
    CHECK(ok == "OK");
    CHECK(first == "7,7");
    // The reply is a legal point other than the two taken ones: same seed, same reply.
    CHECK(second != "7,7");
    CHECK(second != "0,0");
    CHECK(out == session("START 15\nBEGIN\nTURN 0,0\nEND\n"));
}

TEST_CASE("gomoku pbrain: a budget in the AI's spec is kept, not replaced by the manager's time", "[gomoku]") {
    // A 1 ms turn would cut a timed search to a few playouts; the spec's 300 are played every move,
    // so the game is the one --playouts 300 plays.
    const std::string script = "START 15\nINFO timeout_turn 1\nBEGIN\nTURN 0,0\nTURN 0,1\nTURN 0,2\nEND\n";
    CHECK(session(script, PbrainOptions{.playouts = 0, .seed = 1, .ai = "pure-mcts:playouts=300"}) ==
          session(script, PbrainOptions{.playouts = 300, .seed = 1, .ai = "pure-mcts"}));
    // --playouts, when given, is the budget whatever the spec says.
    CHECK(session(script, PbrainOptions{.playouts = 300, .seed = 1, .ai = "pure-mcts:playouts=5"}) ==
          session(script, PbrainOptions{.playouts = 300, .seed = 1, .ai = "pure-mcts"}));
}

TEST_CASE("gomoku pbrain: BOARD ... DONE, then the brain wins in one", "[gomoku]") {
    // Ours (1) are a four on row 3 (x = 3..6); the opponent (2) blocked x = 2, so x = 7 wins.
    const std::string script =
        "START 15\n"
        "BOARD\n"
        "3,3,1\n2,3,2\n4,3,1\n10,10,2\n5,3,1\n10,11,2\n6,3,1\n10,12,2\n"
        "DONE\n"
        "END\n";
    CHECK(session(script) == "OK\n7,3\n");
}

TEST_CASE("gomoku pbrain: BOARD and TURN block the opponent's fours", "[gomoku]") {
    // We are white (six stones to their seven). Their four in column 0 (y = 1..4, capped by ours at
    // y = 0) must be blocked at 0,5 at once; then TURN 6,9 completes their four on row 9 (x = 3..6,
    // capped by ours at x = 2), which must be blocked at 7,9.
    const std::string script =
        "START 10\n"
        "BOARD\n"
        "0,1,2\n0,0,1\n0,2,2\n2,9,1\n0,3,2\n9,0,1\n0,4,2\n9,4,1\n3,9,2\n6,2,1\n4,9,2\n4,6,1\n5,9,2\n"
        "DONE\n"
        "TURN 6,9\n"
        "END\n";
    for (uint64_t seed : {1, 2, 3}) {
        std::istringstream in(script);
        std::ostringstream out;
        run_pbrain(in, out, PbrainOptions{.playouts = 300, .seed = seed, .ai = {}});
        CHECK(out.str() == "OK\n0,5\n7,9\n");
    }
}

TEST_CASE("gomoku pbrain: TAKEBACK and RESTART", "[gomoku]") {
    CHECK(session("START 8\nBEGIN\nTAKEBACK 4,4\nTAKEBACK 4,4\nRESTART\nBEGIN\nEND\n") ==
          "OK\n4,4\nOK\nERROR TAKEBACK 4,4 is not the last move\nOK\n4,4\n");
}

TEST_CASE("gomoku pbrain: errors and unknown commands leave the game as it was", "[gomoku]") {
    CHECK(session("BEGIN\n") == "ERROR no game: send START first\n");
    CHECK(session("START 21\n") == "ERROR unsupported board size 21 (5..20)\n");
    CHECK(session("RECTSTART 15,10\n") == "ERROR rectangular boards are not supported\n");
    CHECK(session("START 8\nTURN 8,0\nTURN 1\nFOO bar\nTURN 1,1\n").substr(0, 150) ==
          "OK\nERROR x: 8 is outside 0..7\nERROR expected x,y but got '1'\nUNKNOWN command 'FOO'\n" +
              session("START 8\nTURN 1,1\n").substr(3));
    CHECK(session("START 8\nBOARD\n1,1,1\n2,2,1\nDONE\nBEGIN\n") ==
          "OK\nERROR impossible BOARD: 2 own and 0 opponent stones with us to move\n" +
              session("START 8\nBEGIN\n").substr(3));
    CHECK(session("START 8\nBOARD\n1,1,1\n1,x,2\n3,3,2\nDONE\n") == "OK\nERROR y: 'x' is not a whole number\n");
    CHECK(session("START 8\nBOARD\n1,1,2\n") == "OK\nERROR BOARD without DONE\n");
}

// Issue 23: the answers a manager may rely on.
TEST_CASE("gomoku pbrain: INFO is never answered; an unusable value is said in a MESSAGE", "[gomoku]") {
    CHECK(session("START 8\nINFO timeout_turn 1000\nINFO time_left 2147483647\nINFO timeout_match 0\n"
                  "INFO max_memory 83886080\nINFO rule 1\nINFO rule 0\nBEGIN\n") == "OK\n4,4\n");
    CHECK(session("START 8\nINFO timeout_turn abc\nINFO time_left -5\nINFO rule\nBEGIN\n") ==
          "OK\n"
          "MESSAGE INFO timeout_turn ignored: timeout_turn: 'abc' is not a whole number\n"
          "MESSAGE INFO time_left ignored: time_left: -5 is outside 0..2147483647\n"
          "MESSAGE INFO rule ignored: rule: '' is not a whole number\n"
          "4,4\n");
}

TEST_CASE("gomoku pbrain: caro is refused until another rule", "[gomoku]") {
    CHECK(session("START 8\nINFO rule 9\nBEGIN\nTURN 1,1\nINFO rule 1\nBEGIN\n") ==
          "OK\n"
          "MESSAGE INFO rule ignored: caro is not supported: moves are refused until another rule\n"
          "ERROR caro (INFO rule) is not supported\n"
          "ERROR caro (INFO rule) is not supported\n"
          "4,4\n");
}

TEST_CASE("gomoku pbrain: INFO rule 4 plays renju: black never takes a forbidden point", "[gomoku]") {
    // We are black (equal counts). Column 8 (rows 5, 6) and row 7 (columns 6, 7) meet at x=8, y=7: two
    // open threes at once, a forced win in freestyle, forbidden under renju.
    const std::string board = "BOARD\n8,5,1\n0,0,2\n8,6,1\n7,0,2\n6,7,1\n14,0,2\n7,7,1\n0,4,2\nDONE\n";
    CHECK(session("START 15\nINFO rule 0\n" + board) == "OK\n8,7\n");
    const std::string renju = session("START 15\nINFO rule 4\n" + board);
    CHECK(renju.substr(0, 3) == "OK\n");
    CHECK(renju != "OK\n8,7\n");
}

TEST_CASE("gomoku pbrain: boards up to 20x20", "[gomoku]") {
    CHECK(session("START 20\nBEGIN\n") == "OK\n10,10\n");
    CHECK(session("START 20\nTURN 19,19\nTURN 0,19\n", 200).substr(0, 3) == "OK\n");
}

TEST_CASE("gomoku pbrain: a rule the game so far does not fit is refused, rule and game kept", "[gomoku]") {
    // Under exactly-five their six on row 0 (the middle stone last) is no win and we reply; under
    // freestyle it would have ended the game before our reply. The INFO rule 0 used to be answered
    // ERROR while the rule changed and the game did not.
    const std::string board = "START 8\nINFO rule 1\nBOARD\n0,0,2\n1,0,2\n2,0,2\n4,0,2\n5,0,2\n3,0,2\n"
                              "0,7,1\n2,7,1\n4,7,1\n6,7,1\n7,5,1\nDONE\n";
    const std::string before = session(board);
    CHECK(session(board + "INFO rule 0\nTURN 7,7\n") ==
          before + "MESSAGE INFO rule ignored: the game so far would have ended earlier under it\n" +
              session(board + "TURN 7,7\n").substr(before.size()));
}

TEST_CASE("gomoku pbrain: block commands get one answer", "[gomoku]") {
    CHECK(session("BOARD\n1,1,1\n2,2,2\nDONE\nSTART 8\n") == "ERROR no game: send START first\nOK\n");
    CHECK(session("START 8\nSWAP2BOARD\n1,1\n2,2\n3,3\nDONE\nBEGIN\n") ==
          "OK\nUNKNOWN SWAP2BOARD is not supported\n4,4\n");
    CHECK(session("START 8\nSWAP2BOARD\n1,1\n") == "OK\nERROR SWAP2BOARD without DONE\n");
}

TEST_CASE("gomoku pbrain: answers show at most a short printable part of the input", "[gomoku]") {
    const std::string junk = "X\x01\x02" + std::string(10'000, 'Q') + std::string(1, '\0') + "\x7f";
    CHECK(session(junk + "\r\n") == "UNKNOWN command 'X" + std::string(31, 'Q') + "...'\n");
    const std::string message = "x: '" + std::string(100'000, '9') + "' is not a whole number";
    std::string turn = "START 8\nTURN ";
    turn.append(100'000, '9').append(",1\n");  // appended: GCC 12 warns falsely (-Warray-bounds) on operator+ here
    CHECK(session(turn) == "OK\nERROR " + message.substr(0, 200) + "...\n");
}
