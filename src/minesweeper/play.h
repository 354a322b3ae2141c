// Seeded games of a solver against the rules, and evaluations of many of them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "minesweeper/rules.h"
#include "minesweeper/solver.h"

namespace gridlab::minesweeper {

// Every decision of games judged by the exact probabilities of its position (probability.h): where a
// solver that is not exact (the learned one) loses. A decision "missed a safe cell" when some hidden
// cell was certainly safe and the solver opened one that was not; otherwise, when no cell was safe,
// it was a guess, and its risk is the exact chance that the opened cell was a mine.
struct Audit {
    int64_t decisions = 0;
    int64_t missed_safe = 0, lost_missing_safe = 0;  // decisions that missed a safe cell; games they lost
    int64_t guesses = 0, lost_guessing = 0;          // forced guesses; games lost on one
    double risk_taken = 0;  // summed over forced guesses: the exact chance of a mine in the opened cell
    double least_risk = 0;  // and in the safest cell there was
    int64_t inexact = 0;    // decisions not judged: the analysis gave up (too many layouts)
    void add(const Audit& other);
};

struct GameRecord {
    bool won = false;
    int decisions = 0;  // calls to the solver
    int guesses = 0;    // decisions that were not certain
    std::vector<double> decision_ms;  // wall time of each decision
    std::vector<double> guess_ms;     // of those, the guesses
    Audit audit;                      // only when play_game is asked to audit
};

// Plays one game from `state` (new, or with its mines given); the first click (unless RandomStart)
// goes to `first_cell`; then the solver decides until the game ends. After each decision every other
// cell the solver reported certain-safe is opened too: they are safe, and it saves re-analysing.
// With `audit`, each decision is also judged (Audit), which costs an exact analysis per decision.
GameRecord play_game(Solver& solver, State state, int first_cell, bool audit = false);

struct EvalSettings {
    std::string solver = "probability";
    std::shared_ptr<const learn::Network> learned;  // the "learned" solver's network
    Settings settings;
    int first_cell = 0;  // ignored for RandomStart
    int games = 100;
    uint64_t seed = 1;
    int jobs = 1;
    bool audit = false;  // judge every decision (EvalResult::audit)
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
    Audit audit;  // summed over the games, when EvalSettings::audit
};

// Game i uses Rng::for_stream(seed, i): its first number seeds the State (unless layouts are given),
// the rest feed the solver. Results do not depend on `jobs`.
EvalResult evaluate(const EvalSettings& settings);

// The default first click of the published figures: (3,3) for Zero, else the corner (0,0).
int default_first_cell(const Settings& settings);

}  // namespace gridlab::minesweeper
