#include <catch2/catch.hpp>

#include "gomoku/ai.h"
#include "gomoku/pure_mcts.h"
#include "gomoku/threat_mcts.h"

using namespace gridlab::gomoku;

namespace {

bool same_report(const SearchReport& a, const SearchReport& b) {
    if (a.candidates.size() != b.candidates.size() || a.principal_line != b.principal_line ||
        a.playouts != b.playouts || a.nodes != b.nodes)
        return false;
    for (size_t i = 0; i < a.candidates.size(); ++i)
        if (a.candidates[i].action != b.candidates[i].action || a.candidates[i].visits != b.candidates[i].visits ||
            a.candidates[i].value != b.candidates[i].value)
            return false;
    return true;
}

// A small position where neither side has a forced win that the root screening finds (on 6x6 with
// four in a row it finds one at once, and the search would stop there).
const State kSmallOpening = State::parse(
    ".......\n"
    ".......\n"
    "..X....\n"
    "...O...\n"
    ".......\n"
    ".......\n"
    ".......\n");

}  // namespace

TEST_CASE("gomoku search: pure-mcts from the empty board, exact result for seed 1", "[gomoku]") {
    const std::unique_ptr<Mcts> ai = make_pure_mcts(Budget{2000, 0}, 1);
    CHECK(ai->choose(State()) == 3 * 8 + 2);
    const SearchReport report = ai->result();
    CHECK(report.playouts == 2000);
    CHECK(report.candidates.size() == 64);
    CHECK(report.candidates[0].visits == 278);
    CHECK(report.candidates[0].prior == Approx(1.0 / 64));
}

TEST_CASE("gomoku search: mcts on 7x7 five in a row, exact result for seed 3", "[gomoku]") {
    const std::unique_ptr<Mcts> ai = make_threat_mcts(Budget{3000, 0}, 3);
    CHECK(ai->choose(kSmallOpening) == 3 * 7 + 2);
    const SearchReport report = ai->result();
    CHECK(report.candidates[0].visits == 643);
    CHECK(report.candidates[0].value == Approx(-0.7056).margin(0.0005));  // mostly draws, below even (contempt)
    REQUIRE_FALSE(report.principal_line.empty());
    CHECK(report.principal_line[0] == 3 * 7 + 2);
    CHECK(report.win_line.empty());
    CHECK(report.threat_line.empty());
}

TEST_CASE("gomoku search: the same seed and playouts give the same search, however sliced", "[gomoku]") {
    for (const char* name : {"pure-mcts", "mcts"}) {
        AiSpec spec = parse_ai_spec(name);
        spec.budget = Budget{1500, 0};
        const std::unique_ptr<Search> whole = make_ai(spec, 9);
        const std::unique_ptr<Search> sliced = make_ai(spec, 9);
        const int action = whole->choose(kSmallOpening);
        sliced->begin(kSmallOpening);
        int slices = 0;
        while (!sliced->finished()) {
            sliced->think(0.0);  // the smallest slice: one batch of playouts
            ++slices;
        }
        CHECK(slices > 10);
        CHECK(sliced->best_action() == action);
        CHECK(same_report(whole->result(), sliced->result()));
    }
}

TEST_CASE("gomoku search: mcts keeps the subtree of the moves played since its last search", "[gomoku]") {
    const std::unique_ptr<Mcts> ai = make_threat_mcts(Budget{3000, 0}, 5);
    State state = kSmallOpening;
    state.apply(ai->choose(state));
    const std::vector<int> line = ai->result().principal_line;
    REQUIRE(line.size() >= 2);
    state.apply(line[1]);  // the reply the search expected
    ai->begin(state);
    const SearchReport kept = ai->result();
    CHECK(kept.playouts == 0);
    CHECK(kept.nodes > 100);
    CHECK(kept.candidates[0].visits > 0);
    // A position the tree never saw starts afresh.
    ai->begin(kSmallOpening);
    CHECK(ai->result().candidates[0].visits == 0);
}

TEST_CASE("gomoku search: the node budget caps the tree", "[gomoku]") {
    AiSpec spec = parse_ai_spec("pure-mcts:playouts=3000,nodes=1000");
    const std::unique_ptr<Search> ai = make_ai(spec, 1);
    ai->choose(State());
    CHECK(ai->result().nodes <= 1000);
    CHECK(ai->result().playouts == 3000);
}

TEST_CASE("gomoku search: a seeded game between the two AIs has a fixed outcome", "[gomoku]") {
    const Settings settings{6, 4, Rule::Freestyle};
    const std::unique_ptr<Mcts> black = make_pure_mcts(Budget{300, 0}, 11);
    const std::unique_ptr<Mcts> white = make_threat_mcts(Budget{300, 0}, 12);
    State state(settings);
    while (!state.is_terminal()) state.apply((state.to_move() == Stone::Black ? black : white)->choose(state));
    CHECK(state.outcome() == Outcome::WhiteWins);
    CHECK(state.num_moves() == 14);
}

TEST_CASE("gomoku search: bad specs and budgets are refused", "[gomoku]") {
    CHECK_THROWS_WITH(parse_ai_spec("alphazero"), "unknown AI 'alphazero' (expected pure-mcts, mcts, ab or az)");
    CHECK_THROWS_WITH(parse_ai_spec("mcts:ms"), "AI option 'ms' is not key=value");
    CHECK_THROWS_WITH(parse_ai_spec("mcts:depth=3"), "unknown AI option 'depth' (expected playouts, ms, nodes or c)");
    CHECK_THROWS_WITH(parse_ai_spec("az:model=x,depth=3"), "unknown AI option 'depth' (expected playouts, ms, nodes, c or model)");
    CHECK_THROWS_WITH(parse_ai_spec("mcts:playouts=0"), "playouts: 0 is outside 1..100000000");
    CHECK(parse_ai_spec("pure-mcts").budget.playouts == kDefaultPurePlayouts);
    const AiSpec spec = parse_ai_spec("mcts:ms=200,playouts=50,nodes=5000,c=250");
    CHECK(spec.budget.ms == 200);
    CHECK(spec.budget.playouts == 50);
    CHECK(spec.max_nodes == 5000);
    CHECK(spec.exploration == 2.5);
    CHECK_THROWS_WITH(make_pure_mcts(Budget{0, 0}, 1), "a search needs a playout or time budget");
    const State won = State::parse("XXXXX\nOOOO.\n.....\n.....\n.....\n");
    CHECK_THROWS_WITH(make_threat_mcts(Budget{10, 0}, 1)->begin(won), "the game is over");
}

TEST_CASE("gomoku search: with draw contempt, a draw scores below even for the side to move", "[gomoku]") {
    // No line can be completed any more: every game from here is a draw.
    const State dead = State::parse(
        "XOXOX\n"
        "XOXOX\n"
        "OXOXO\n"
        "OXOXO\n"
        "XO...\n");
    SearchConfig config = pure_mcts_config();
    config.draw_contempt = 0.25;
    config.budget = Budget{200, 0};
    Mcts ai(std::make_unique<UniformPolicy>(), config, 1);
    ai.choose(dead);
    for (const CandidateStats& candidate : ai.result().candidates) {
        REQUIRE(candidate.visits > 0);
        CHECK(candidate.value == Approx(-0.25));
    }
}

TEST_CASE("gomoku search: the root screening is part of the move's time budget", "[gomoku]") {
    // A position from a pure-mcts game (36 moves): black to move, and white would win by force if it
    // could move now, so every root move is checked with VCF and VCT (21,606 positions in all).
    const State crowded = State::parse(
        "X..............\n"
        "......X....O...\n"
        "......X..O.....\n"
        "............O..\n"
        "...XX....OXXXOX\n"
        ".....O...X.....\n"
        "...O.XO........\n"
        "........O......\n"
        "....X...O..X...\n"
        ".....O.OXX.....\n"
        "..........X...O\n"
        ".....O.........\n"
        ".X.....O..O....\n"
        "..............O\n"
        "....OX.........\n");
    // With playouts only, the screening runs to its node budgets (the same on every platform).
    const std::unique_ptr<Mcts> unhurried = make_threat_mcts(Budget{50, 0}, 1);
    unhurried->choose(crowded);
    const SearchReport full = unhurried->result();
    CHECK(full.threat_nodes == 21606);
    CHECK(full.win_line.empty());
    CHECK(full.threat_line.size() == 3);
    CHECK(full.ms >= full.screen_ms);
    // The screening goes a threat search at a time, and the root's own two VCT searches (20,000
    // positions each at most) 1,024 positions at a time, so that a slice can end between two steps:
    // think(0) makes one step (the root's VCF, the parts of its two VCTs, one search per root move,
    // then the choice), and the playouts begin with the last.
    const ThreatLimits root_vct{true, 8, 20000, 0};
    const auto parts = [](int64_t nodes) { return static_cast<std::size_t>((nodes + 1023) / 1024); };
    const std::size_t own_parts = parts(find_threat_win(crowded, Stone::Black, root_vct).nodes);
    const std::size_t their_parts = parts(find_threat_win(crowded, Stone::White, root_vct).nodes);
    CHECK(own_parts == 20);
    CHECK(their_parts == 1);
    const std::unique_ptr<Mcts> stepped = make_threat_mcts(Budget{50, 0}, 1);
    stepped->begin(crowded);
    const std::size_t root_moves = stepped->result().candidates.size();  // unscreened yet
    CHECK(root_moves == 2);
    stepped->think(0);
    CHECK(stepped->result().threat_nodes < full.threat_nodes);
    std::size_t thinks = 1;
    for (; stepped->result().playouts == 0; ++thinks) stepped->think(0);
    CHECK(thinks == 1 + own_parts + their_parts + root_moves + 1);
    CHECK(stepped->result().threat_nodes == full.threat_nodes);
    // With 5 ms, the screening stops at its share of the budget, and its time is counted in the move's.
    const std::unique_ptr<Mcts> hurried = make_threat_mcts(Budget{0, 5}, 1);
    hurried->begin(crowded);
    while (!hurried->finished() && hurried->result().playouts == 0) hurried->think(0);
    const SearchReport started = hurried->result();
    CHECK(started.threat_nodes < full.threat_nodes / 4);
    CHECK(started.screen_ms > 0);
    CHECK(started.ms >= started.screen_ms);
}
