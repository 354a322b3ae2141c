// Seeded games of a solver against the rules, and evaluations of many of them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "minesweeper/rules.h"
#include "minesweeper/solver.h"

namespace gridlab::minesweeper {

struct GameRecord {
    bool won = false;
    int decisions = 0;  // calls to the solver
    int guesses = 0;    // decisions that were not certain
    std::vector<double> decision_ms;  // wall time of each decision
    std::vector<double> guess_ms;     // of those, the guesses
};

// Plays one game from `state` (new, or with its mines given); the first click (unless RandomStart)
// goes to `first_cell`; then the solver decides until the game ends. After each decision every other
// cell the solver reported certain-safe is opened too: they are safe, and it saves re-analysing.
GameRecord play_game(Solver& solver, State state, int first_cell);

struct EvalSettings {
    std::string solver = "probability";
    std::shared_ptr<const learn::Network> learned;  // the "learned" solver's network
    Settings settings;
    int first_cell = 0;  // ignored for RandomStart
    int games = 100;
    uint64_t seed = 1;
    int jobs = 1;
    // When not empty, game i is played on layouts[i] instead of the seed's board (then `games` is at
    // most layouts.size()); the seed still feeds the solvers, so the boards of `seed` written out by
    // make_boards (boards.h) give exactly the games of `seed`.
    std::vector<Grid<uint8_t>> layouts;
};

struct GameSummary {
    bool won = false;
    int guesses = 0;
};

// Wall-clock time of decisions, in milliseconds.
struct TimeSpread {
    int64_t count = 0;
    double median = 0, p90 = 0, p99 = 0, max = 0;
};
TimeSpread spread_of(std::vector<double> ms);

struct EvalResult {
    int games = 0;
    int wins = 0;
    double win_rate = 0;
    double ci_low = 0, ci_high = 0;  // Wilson 95% interval
    double ms_per_game = 0;          // solver and rules time, summed over games, per game
    int64_t guesses = 0;
    TimeSpread decisions, guess_decisions;
    std::vector<GameSummary> per_game;
};

// Game i uses Rng::for_stream(seed, i): its first number seeds the State (unless layouts are given),
// the rest feed the solver. Results do not depend on `jobs`.
EvalResult evaluate(const EvalSettings& settings);

// The default first click of the published figures: (3,3) for Zero, else the corner (0,0).
int default_first_cell(const Settings& settings);

}  // namespace gridlab::minesweeper
