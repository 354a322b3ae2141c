#include <catch2/catch.hpp>

#include "minesweeper/elimination_solver.h"
#include "minesweeper/kb_solver.h"
#include "minesweeper/play.h"
#include "minesweeper/probability_solver.h"

using namespace gridlab::minesweeper;
using gridlab::Grid;
using gridlab::Rng;

namespace {

// The definition, by brute force: try every set of hidden cells as the unflagged mines, keep the
// layouts that put exactly the right count around every number, and count.
std::vector<double> brute_force_probabilities(const Position& position) {
    const auto& cells = position.cells;
    std::vector<int> hidden;
    int flags = 0;
    for (int i = 0; i < cells.size(); ++i) {
        if (cells[i] == kHidden) hidden.push_back(i);
        flags += cells[i] == kFlag;
    }
    REQUIRE(hidden.size() <= 20);
    std::vector<double> mine_count(cells.size(), 0.0);
    double layouts = 0;
    std::vector<int> mine(cells.size(), 0);
    for (uint32_t subset = 0; subset < (1u << hidden.size()); ++subset) {
        if (__builtin_popcount(subset) != position.mines - flags) continue;
        for (int i = 0; i < cells.size(); ++i) mine[i] = cells[i] == kFlag;
        for (size_t b = 0; b < hidden.size(); ++b) mine[hidden[b]] = (subset >> b) & 1;
        bool agrees = true;
        for (int r = 0; r < cells.rows() && agrees; ++r)
            for (int c = 0; c < cells.cols() && agrees; ++c) {
                if (cells.at(r, c) > 8) continue;
                int around = 0;
                cells.for_each_neighbour(r, c, [&](int nr, int nc) { around += mine[cells.index(nr, nc)]; });
                agrees = around == cells.at(r, c);
            }
        if (!agrees) continue;
        ++layouts;
        for (int cell : hidden) mine_count[cell] += mine[cell];
    }
    std::vector<double> probability(cells.size(), -1.0);
    for (int i = 0; i < cells.size(); ++i) {
        if (cells[i] == kFlag) probability[i] = 1.0;
        if (cells[i] == kHidden) probability[i] = mine_count[i] / layouts;
    }
    return probability;
}

void check_against_brute_force(const Position& position) {
    const Analysis analysis = analyze(position);
    const std::vector<double> expected = brute_force_probabilities(position);
    CHECK(analysis.exact);
    for (int i = 0; i < position.cells.size(); ++i) {
        INFO(analysis_text(position) << "cell " << i);
        CHECK(analysis.mine_probability[i] == Approx(expected[i]).margin(1e-12));
        const bool safe = std::binary_search(analysis.safe.begin(), analysis.safe.end(), i);
        const bool mine = std::binary_search(analysis.mines.begin(), analysis.mines.end(), i);
        CHECK(safe == (position.cells[i] == kHidden && expected[i] == 0.0));
        CHECK(mine == (position.cells[i] == kHidden && expected[i] == 1.0));
    }
}

Sentence sentence(std::vector<int> cells, int mines) { return {std::move(cells), mines}; }

}  // namespace

TEST_CASE("kb: seed 001's inference examples", "[minesweeper][kb]") {
    enum { A, B, C, D, E };
    KnowledgeBase kb;
    kb.sentences = {sentence({A, B, C, D, E}, 2), sentence({A, B, C}, 1)};
    infer_to_fixed_point(kb);
    CHECK(std::find(kb.sentences.begin(), kb.sentences.end(), sentence({D, E}, 1)) != kb.sentences.end());
    CHECK(kb.safe.empty());
    CHECK(kb.mines.empty());

    // {A,B,C} = 2 and "A is a mine" leave {B,C} = 1; "A is safe" makes B and C mines.
    KnowledgeBase with_mine{{sentence({A, B, C}, 2), sentence({A}, 1)}, {}, {}};
    infer_to_fixed_point(with_mine);
    CHECK(with_mine.mines == std::vector<int>{A});
    CHECK(with_mine.sentences == std::vector<Sentence>{sentence({B, C}, 1)});
    KnowledgeBase with_safe{{sentence({A, B, C}, 2), sentence({A}, 0)}, {}, {}};
    infer_to_fixed_point(with_safe);
    CHECK(with_safe.safe == std::vector<int>{A});
    CHECK(with_safe.mines == std::vector<int>{B, C});
    CHECK(with_safe.sentences.empty());
}

TEST_CASE("kb on a board: sentences from numbers, subset inference", "[minesweeper][kb]") {
    // The 1 at (0,0) sees (0,1),(1,1); the 2 at (1,0) sees those and (2,1): so (2,1) is a mine,
    // and then the 1 at (2,0) makes (1,1) safe... and the rest follows.
    const Position position = parse_position("1..\n2..\n1..\n", 2);
    const KnowledgeBase kb = infer(position);
    CHECK(kb.mines == std::vector<int>{1, 7});
    CHECK(kb.safe == std::vector<int>{4});
    const Decision decision = KbSolver(Rng(1)).decide(position);
    CHECK(decision.move == 4);
    CHECK_FALSE(decision.guess);
    CHECK(decision.knowledge.mine_probability[1] == 1.0);
    CHECK(decision.knowledge.mine_probability[0] == -1.0);
}

TEST_CASE("kb and elimination: a guess uses the mine total and is never a known mine", "[minesweeper][kb][elimination]") {
    for (const char* name : {"kb", "elimination"}) {
        INFO(name);
        // Issue 23: one hidden cell and one mine; the guess was that cell, a certain mine.
        const Decision all_mines = make_solver(name, Rng(1))->decide(parse_position(".\n", 1));
        CHECK(all_mines.move == -1);
        CHECK_FALSE(all_mines.guess);
        CHECK(all_mines.knowledge.mine_probability == std::vector<double>{1.0});
        // No mine left to place: every hidden cell is safe, so the move is no guess.
        const Decision no_mines = make_solver(name, Rng(1))->decide(parse_position("1F.\n...\n", 1));
        CHECK(no_mines.move >= 2);
        CHECK_FALSE(no_mines.guess);
    }
}

TEST_CASE("elimination: seed 004's local rule to a fixed point", "[minesweeper][elimination]") {
    // Mines at (0,0) (0,3) (0,6). The knowledge starts at the right end and flows left one number
    // per sweep: row-major sweeps need four passes, more than seed 004's three; the fixed point gets it.
    const Position chain = parse_position(".......1\n11111111\n", 3);
    const Grid<Mark> marks = eliminate(chain);
    const std::vector<Mark> expected{Mark::Mine, Mark::Safe, Mark::Safe, Mark::Mine,
                                     Mark::Safe, Mark::Safe, Mark::Mine, Mark::Safe};
    CHECK(std::vector<Mark>(marks.cells().begin(), marks.cells().begin() + 8) == expected);
    // The subset deduction kb makes is beyond the local rule.
    const Position subset = parse_position("1..\n2..\n1..\n", 2);
    const Decision decision = EliminationSolver(Rng(3)).decide(subset);
    CHECK(decision.knowledge.safe.empty());
    CHECK(decision.guess);
    CHECK(decision.move == 4);  // a seeded random unknown cell
}

TEST_CASE("probability: small positions match a brute-force enumerator", "[minesweeper][probability]") {
    check_against_brute_force(parse_position("1..\n2..\n1..\n", 2));
    check_against_brute_force(parse_position("1..\n2..\n1..\n", 3));
    check_against_brute_force(parse_position("....\n.2..\n....\n", 3));
    check_against_brute_force(parse_position("F1...\n111..\n.....\n.....\n", 4));
    check_against_brute_force(parse_position("1.1.\n....\n.2..\n....\n", 5));
    // Positions from seeded games, with outside cells, several components and flags.
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        State state({5, 6, 7, FirstClick::Safe}, seed);
        state.reveal(0);
        Rng rng(seed);
        for (int moves = 0; moves < 3 && !state.terminal(); ++moves) {
            std::vector<int> safe;
            for (int i = 0; i < state.size(); ++i)
                if (state.view(i) == kHidden && !state.is_mine(i)) safe.push_back(i);
            state.reveal(rng.pick(safe));
        }
        if (state.terminal()) continue;
        Position position = state.position();
        int hidden = 0;
        for (int i = 0; i < position.cells.size(); ++i) hidden += position.cells[i] == kHidden;
        if (hidden > 20) continue;
        for (int i = 0; i < position.cells.size() && seed % 3 == 0; ++i)
            if (state.is_mine(i)) {
                position.cells[i] = kFlag;  // flag one true mine
                break;
            }
        check_against_brute_force(position);
    }
}

TEST_CASE("probability: cells next to the same numbers are counted as one box", "[minesweeper][probability]") {
    // Eight cells around one 4: a single box, so the search tries 0..8 mines once, not 2^8 layouts.
    const Position ring = parse_position("...\n.4.\n...\n", 4);
    const Analysis analysis = analyze(ring);
    CHECK(analysis.nodes == 2);  // the box with 4 mines (C(8, 4) = 70 ways), then the count
    CHECK(analysis.layouts.fraction_of(LargeNumber(70.0)) == 1.0);
    CHECK(analysis.mine_probability[0] == 0.5);
    check_against_brute_force(ring);
    // Boxes of two and three cells beside single cells, and mines left outside.
    check_against_brute_force(parse_position("0001...\n0112...\n12.....\n.......\n", 6));
}

TEST_CASE("probability: huge counts stay finite and exact certainties", "[minesweeper][probability]") {
    // C(4095, 800) is about 10^870: far beyond a double, fine as a LargeNumber.
    std::string text(64, '.');
    std::string board;
    for (int r = 0; r < 64; ++r) board += text + "\n";
    board[0] = '0';
    const Analysis analysis = analyze(parse_position(board, 800));
    CHECK(analysis.mine_probability[1] == 0.0);
    CHECK(analysis.mine_probability[64 * 64 - 1] == Approx(800.0 / (4096 - 4)).epsilon(1e-12));
    CHECK(analysis.safe == std::vector<int>{1, 64, 65});
    // The mine count decides: one mine left, three candidates, two of them outside the frontier.
    const Analysis counted = analyze(parse_position("F1.\n11.\n...\n", 1));
    CHECK(counted.safe.size() == 5u);
    // All mines must be outside: every outside cell is a mine.
    const Analysis full = analyze(parse_position("0..\n...\n", 2));
    CHECK(full.mines == std::vector<int>{2, 5});
}

TEST_CASE("probability: impossible positions and the bounded fallback", "[minesweeper][probability]") {
    CHECK_THROWS_WITH(analyze(parse_position("1.\n..\n", 0)),
                      "impossible position: no layout of the 0 mines agrees with the numbers");
    Position unchecked{Grid<int8_t>(1, 2, kHidden), 1};  // not through parse_position's local checks
    unchecked.cells[0] = 2;
    CHECK_THROWS_WITH(analyze(unchecked), "impossible position: the 2 at (0,0) cannot be met by the cells around it");
    // Two 1s that share their only hidden cells, but need different mines.
    CHECK_THROWS_WITH(analyze(parse_position("1.1\n.3.\n", 2)),
                      "impossible position: no layout of the 2 mines agrees with the numbers");
    // With a tiny budget the analysis falls back to local rules and says so.
    const Position position = parse_position(".......1\n11111111\n", 3);
    const Analysis fallback = analyze(position, AnalysisLimits{5});
    CHECK_FALSE(fallback.exact);
    CHECK(fallback.mines == std::vector<int>{0, 3, 6});
    CHECK(fallback.safe == std::vector<int>{1, 2, 4, 5});
    const Analysis exact = analyze(position);
    CHECK(exact.exact);
    CHECK(exact.nodes > 5);
    CHECK(exact.mines == std::vector<int>{0, 3, 6});
}

TEST_CASE("probability solver: certain cells first, then the best guess", "[minesweeper][probability]") {
    ProbabilitySolver solver;
    const Decision certain = solver.decide(parse_position("1..\n2..\n1..\n", 2));
    // With the mine count, both mines are located, so more cells are safe than kb could tell.
    CHECK(certain.move == 2);
    CHECK(certain.knowledge.safe == std::vector<int>{2, 4, 5, 8});
    CHECK_FALSE(certain.guess);
    CHECK(certain.knowledge.mines == std::vector<int>{1, 7});
    // An untouched beginner board: every cell is 10/81; a corner is the best start.
    std::string board;
    for (int r = 0; r < 9; ++r) board += ".........\n";
    const Decision opening = solver.decide(parse_position(board, 10));
    CHECK(opening.guess);
    CHECK(opening.reason == GuessReason::Safest);
    CHECK(opening.move == 0);
    CHECK(opening.knowledge.mine_probability[40] == Approx(10.0 / 81));
}

TEST_CASE("guess reasons have machine names, and unknown names are refused", "[minesweeper]") {
    for (const GuessReason reason : {GuessReason::Safest, GuessReason::LookAhead, GuessReason::ExactWin, GuessReason::Unsettled,
                                     GuessReason::FewerHidden})
        CHECK(parse_guess_reason(guess_reason_name(reason)) == reason);
    CHECK(guess_reason_name(GuessReason::ExactWin) == "exact_win");
    CHECK(guess_reason_name(GuessReason::FewerHidden) == "fewer_hidden");
    CHECK_THROWS_WITH(parse_guess_reason("best"),
                      "unknown guess reason 'best' (expected safest, look_ahead, exact_win, unsettled or fewer_hidden)");
}

TEST_CASE("probability solver: a free 50/50 is taken before safer guesses", "[minesweeper][probability]") {
    // One mine among (0,0), (1,0), (0,2), (1,2); (2,2) is a mine. Whenever (0,0) is the mine, (1,0)
    // is safe and the cells beside the pair, (2,0) and (2,1), are mines: no number can ever tell
    // (0,0) from (1,0), so that risk must be taken sooner or later, though the open area is safer.
    ProbabilitySolver solver;
    const Position position = parse_position(".1........\n.4........\nFF........\n..........\n", 9);
    const Decision decision = solver.decide(position);
    CHECK(decision.guess);
    CHECK(decision.move == 0);
    CHECK(decision.reason == GuessReason::Unsettled);
    CHECK(decision.knowledge.mine_probability[0] > decision.knowledge.mine_probability[39]);
}

TEST_CASE("eval: seeded results, whatever the number of jobs", "[minesweeper][eval]") {
    EvalSettings settings;
    settings.settings = level_settings("beginner");
    settings.games = 60;
    settings.seed = 11;
    for (const char* solver : {"probability", "elimination", "kb"}) {
        settings.solver = solver;
        settings.jobs = 1;
        const EvalResult one = evaluate(settings);
        settings.jobs = 2;
        const EvalResult two = evaluate(settings);
        CHECK(one.wins == two.wins);
        CHECK(one.guesses == two.guesses);
    }
    settings.solver = "probability";
    CHECK(evaluate(settings).wins == 55);
    settings.solver = "kb";
    CHECK(evaluate(settings).wins == 54);
    settings.solver = "elimination";
    CHECK(evaluate(settings).wins == 54);
    CHECK_THROWS_WITH(make_solver("random"), "unknown solver 'random' (expected kb, elimination, probability or learned)");
}

TEST_CASE("eval --audit: the exact solver never misses a safe cell and loses only on forced guesses", "[minesweeper][eval]") {
    EvalSettings settings;
    settings.settings = level_settings("beginner");
    settings.games = 60;
    settings.seed = 11;
    settings.audit = true;
    settings.solver = "probability";
    const Audit exact = evaluate(settings).audit;
    CHECK(exact.missed_safe == 0);
    CHECK(exact.lost_missing_safe == 0);
    CHECK(exact.guesses > 0);
    CHECK(exact.lost_guessing == 60 - 55);  // its 5 losses, each on a forced guess
    CHECK(exact.risk_taken >= exact.least_risk);
    settings.audit = false;
    CHECK(evaluate(settings).audit.decisions == 0);  // judged only when asked
}

TEST_CASE("endgame: exact chance of winning over few layouts", "[minesweeper][endgame]") {
    // One mine among three mutually adjacent cells: every safe cell shows 1, so after the first
    // guess (2/3) a 50/50 remains: 1/3 whatever the order.
    const EndgameMove corner = solve_endgame(parse_position("1.\n..\n", 1));
    CHECK(corner.cell == 1);
    CHECK(corner.win_probability == Approx(1.0 / 3));
    // One mine in a row of four: the first click survives 3/4 and its number, then a free safe
    // cell's number, locate the mine.
    const EndgameMove row = solve_endgame(parse_position("....\n", 1));
    CHECK(row.cell == 0);
    CHECK(row.win_probability == Approx(0.75));
    // C(16,4) = 1820 layouts is too many for the endgame sets: no answer, the caller uses its heuristic.
    CHECK(solve_endgame(parse_position("........\n........\n", 4)).cell == -1);
    // C(16,3) = 560 layouts fit. Winning needs the first click to survive.
    const EndgameMove larger = solve_endgame(parse_position("........\n........\n", 3));
    CHECK(larger.cell >= 0);
    CHECK(larger.win_probability > 0);
    CHECK(larger.win_probability <= 13.0 / 16);
    std::vector<std::vector<int>> layouts;
    CHECK(enumerate_layouts(parse_position("1.\n..\n", 1), 64, 1000, layouts));
    CHECK(layouts == std::vector<std::vector<int>>{{3}, {2}, {1}});  // safe tried first
}

// The exact chance of winning after revealing `cell` of `position`: each number it can show, weighed
// by its layouts, then the endgame's best play (a position left with one layout is won).
double exact_win_after(const Position& position, int cell) {
    const Analysis before = analyze(position);
    const Grid<int8_t>& cells = position.cells;
    int flags = 0, hidden = 0;
    cells.for_each_neighbour(cells.row_of(cell), cells.col_of(cell), [&](int r, int c) {
        flags += cells.at(r, c) == kFlag;
        hidden += cells.at(r, c) == kHidden;
    });
    double win = 0;
    for (int number = flags; number <= flags + hidden; ++number) {
        Position next = position;
        next.cells[cell] = static_cast<int8_t>(number);
        Analysis after;
        if (!try_analyze(next, {}, after)) continue;
        const bool known = !(LargeNumber(1) < after.layouts);
        win += after.layouts.fraction_of(before.layouts) * (known ? 1.0 : solve_endgame(next).win_probability);
    }
    return win;
}

TEST_CASE("probability solver: the endgame takes over at 1024 layouts, where the look-ahead misjudges", "[minesweeper][endgame]") {
    // An expert position from a seeded game with 400 layouts left. The look-ahead (the solver with
    // the endgame at 256 layouts, as before) takes the bottom-right corner, 1 in 10 a mine; the exact
    // search takes (14,22), 1 in 5 a mine: 253 of the 400 layouts are won after it, 234 after the
    // corner.
    const Position position = parse_position(
        "11211011212.2102.2011102..3.21\n1.2.211.2.33.213.201.102..43.1\n1123.211212.33.22322121223.322\n"
        "1112.20011212.212..312.21212.1\n2.2111123.2111102..3.212.10122\n2.42101..4.211111222110112222.\n"
        "23..10123.3.22.32211000001..53\n2.4210002232.22..2.10000013...\n3.2011101.1112243311000000125.\n"
        ".2112.21222101.3.112210000113.\n1113.33.21.1012.322..211001.43\n002..22.322210124.3222.21234..\n"
        "003.5213.21.1012..211224.4..4.\n002..102.211101.3211.22.......\n001221011112333222222..3......\n"
        "00000000001....11..11.........\n",
        99);
    CHECK(analyze(position).layouts.fraction_of(LargeNumber(1)) == 400);
    GuessSettings old_limit;
    old_limit.endgame.max_layouts = 256;
    const Decision before = ProbabilitySolver(old_limit).decide(position);
    const Decision exact = ProbabilitySolver().decide(position);
    const int look_ahead = before.move, endgame = exact.move;
    CHECK(before.reason == GuessReason::Safest);
    CHECK(before.win_probability == -1);
    CHECK(exact.reason == GuessReason::ExactWin);
    CHECK(exact.win_probability == Approx(253.0 / 400));
    CHECK(look_ahead == 15 * 30 + 29);
    CHECK(endgame == 14 * 30 + 22);
    CHECK(exact_win_after(position, look_ahead) == Approx(234.0 / 400));
    CHECK(exact_win_after(position, endgame) == Approx(253.0 / 400));
    CHECK(solve_endgame(position).win_probability == Approx(253.0 / 400));
}

TEST_CASE("probability solver: a chain of 50/50s no number can settle is guessed first", "[minesweeper][probability]") {
    // An intermediate position from a seeded game, 10 layouts left. In column 1, (2,1) and (5,1) are
    // mines and the numbers in column 2 link (0,1)-(1,1), (1,1)-(3,1) and (3,1)-(4,1) (each has one
    // mine left between two undecided cells), so the mines are at (1,1) and (4,1) or at (0,1) and
    // (3,1). Every cell of column 0 touches as many cells of one pair as of the other: no number can
    // ever tell them apart, and that guess must be made. Column 0 holds one mine in five and is
    // safer now, but only the chain's numbers can tell where it is. The look-ahead alone (the
    // endgame switched off, as at more than 1024 layouts) guesses in the chain: it wins 5 of the 10
    // layouts, the best possible; every safer cell wins at most 4.
    const Position position = parse_position(
        "..2..10000001.3.\n..322100000012.2\n..20000000000222\n..201121100001.1\n"
        "..312.3.10012432\n...13.411002...1\n23223.200002..42\n0001.210012334.2\n"
        "0001221012..35.3\n00001.101.34...2\n000012211112..31\n000001.100023421\n"
        "000001111111.2.1\n000011101.111211\n00001.2121100000\n0000112.10000000\n",
        40);
    const Analysis analysis = analyze(position);
    CHECK(analysis.layouts.fraction_of(LargeNumber(1)) == 10);
    GuessSettings look_ahead_only;
    look_ahead_only.endgame.max_layouts = 0;
    const Decision decision = ProbabilitySolver(look_ahead_only).decide(position);
    std::vector<int> weighed;
    for (const GuessCandidate& candidate : decision.knowledge.candidates) weighed.push_back(candidate.cell);
    CHECK(weighed == std::vector<int>{1, 17, 49, 65});  // (0,1), (1,1), (3,1), (4,1)
    CHECK(decision.move == 1);
    CHECK(decision.reason == GuessReason::Unsettled);
    CHECK(exact_win_after(position, decision.move) == Approx(0.5));
    CHECK(solve_endgame(position).win_probability == Approx(0.5));
    for (const int safer : {0, 16, 32, 48, 64}) {
        CHECK(analysis.mine_probability[safer] == Approx(0.2));
        CHECK(exact_win_after(position, safer) <= 0.4 + 1e-9);
    }
    // The same kind of chain, (0,12)-(1,12)-(3,12)-(4,12), each a mine in half the layouts, but open
    // at its lower end: (5,11), (5,12) and (5,13) touch only (4,12), so their numbers can settle it.
    // Not a free guess: the solver takes a safer cell.
    const Position open_end = parse_position(
        "1............100\n.............100\n............2100\n.............321\n...............2\n"
        "................\n................\n................\n................\n................\n"
        "................\n................\n................\n................\n................\n"
        "................\n",
        40);
    const Decision guess = ProbabilitySolver().decide(open_end);
    for (const int link : {12, 28, 60, 76}) {
        CHECK(guess.knowledge.mine_probability[link] == Approx(0.5));
        CHECK(guess.move != link);
    }
    CHECK(guess.knowledge.mine_probability[guess.move] < 0.2);
    CHECK(guess.reason == GuessReason::Safest);
}

TEST_CASE("probability solver: thinking in slices gives the one-call decision", "[minesweeper][probability]") {
    // Play seeded expert games until a guess with several candidates comes up, then compare.
    int compared = 0;
    for (uint64_t seed = 1; seed <= 20 && compared < 5; ++seed) {
        State state(level_settings("expert"), seed);
        state.reveal(0);
        ProbabilitySolver one_call, sliced;
        while (!state.terminal()) {
            const Decision decision = one_call.decide(state.position());
            if (decision.guess && decision.knowledge.candidates.size() > 2) {
                sliced.begin(state.position());
                int slices = 0;
                for (; !sliced.finished(); ++slices) sliced.think(0.0);
                CHECK(slices >= 2);
                CHECK(sliced.result().move == decision.move);
                CHECK(sliced.result().reason == decision.reason);
                CHECK(sliced.result().knowledge.candidates.size() == decision.knowledge.candidates.size());
                ++compared;
            }
            state.reveal_unchecked(decision.move);
        }
    }
    CHECK(compared == 5);
}
