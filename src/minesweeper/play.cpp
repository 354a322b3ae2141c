#include "minesweeper/play.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/parallel.h"
#include "core/time_budget.h"
#include "minesweeper/probability.h"

namespace gridlab::minesweeper {

void Audit::add(const Audit& other) {
    decisions += other.decisions;
    missed_safe += other.missed_safe;
    lost_missing_safe += other.lost_missing_safe;
    guesses += other.guesses;
    lost_guessing += other.lost_guessing;
    risk_taken += other.risk_taken;
    least_risk += other.least_risk;
    inexact += other.inexact;
}

namespace {

// Judges opening `move` in `position` by the exact probabilities; `lost`: the move hit a mine.
void judge(const Position& position, int move, bool lost, Audit& audit) {
    ++audit.decisions;
    Analysis analysis;
    if (!try_analyze(position, {}, analysis) || !analysis.exact) {
        ++audit.inexact;
        return;
    }
    const double risk = analysis.mine_probability[move];
    if (!analysis.safe.empty()) {
        if (risk > 0) {
            ++audit.missed_safe;
            audit.lost_missing_safe += lost;
        }
        return;
    }
    double least = 1;
    for (int cell = 0; cell < position.cells.size(); ++cell)
        if (position.cells[cell] == kHidden) least = std::min(least, analysis.mine_probability[cell]);
    ++audit.guesses;
    audit.lost_guessing += lost;
    audit.risk_taken += risk;
    audit.least_risk += least;
}

}  // namespace

GameRecord play_game(Solver& solver, State state, int first_cell, bool audit) {
    if (state.settings().first_click != FirstClick::RandomStart) state.reveal(first_cell);
    GameRecord record;
    while (!state.terminal()) {
        Stopwatch watch;
        const Position position = state.position();
        const Decision decision = solver.decide(position);
        const double ms = watch.elapsed_ms();
        record.decision_ms.push_back(ms);
        if (decision.guess) record.guess_ms.push_back(ms);
        if (decision.move < 0) break;  // cannot happen while a safe cell is hidden
        ++record.decisions;
        record.guesses += decision.guess;
        state.reveal_unchecked(decision.move);
        if (audit) judge(position, decision.move, state.outcome() == Outcome::Lost, record.audit);
        for (int cell : decision.knowledge.safe)
            if (!state.terminal() && state.view(cell) == kHidden) state.reveal_unchecked(cell);
    }
    record.won = state.outcome() == Outcome::Won;
    return record;
}

int default_first_cell(const Settings& settings) {
    if (settings.first_click != FirstClick::Zero) return 0;
    const int row = std::min(3, settings.rows - 1), col = std::min(3, settings.cols - 1);
    return row * settings.cols + col;
}

TimeSpread spread_of(std::vector<double> ms) {
    TimeSpread spread;
    spread.count = static_cast<int64_t>(ms.size());
    if (ms.empty()) return spread;
    std::sort(ms.begin(), ms.end());
    auto at = [&](double fraction) { return ms[static_cast<size_t>(fraction * (ms.size() - 1))]; };
    spread.median = at(0.5);
    spread.p90 = at(0.9);
    spread.p99 = at(0.99);
    spread.max = ms.back();
    return spread;
}

EvalResult evaluate(const EvalSettings& settings) {
    validate(settings.settings);
    make_solver(settings.solver, Rng(0), settings.learned.get());  // reject a bad name before starting threads
    const bool given_boards = !settings.layouts.empty();
    if (given_boards && settings.games > static_cast<int>(settings.layouts.size()))
        throw std::invalid_argument("games: " + std::to_string(settings.games) + " is more than the " +
                                    std::to_string(settings.layouts.size()) + " boards given");
    std::vector<GameRecord> records(settings.games);
    std::vector<double> milliseconds(settings.games, 0.0);
    parallel_for(settings.games, settings.jobs, [&](int i) {
        Rng rng = Rng::for_stream(settings.seed, static_cast<uint64_t>(i));
        const uint64_t state_seed = rng.next_u64();
        auto solver = make_solver(settings.solver, rng, settings.learned.get());
        Stopwatch watch;
        State state = given_boards ? State(settings.settings, settings.layouts[i]) : State(settings.settings, state_seed);
        records[i] = play_game(*solver, std::move(state), settings.first_cell, settings.audit);
        milliseconds[i] = watch.elapsed_ms();
    });

    EvalResult result;
    result.games = settings.games;
    double total_ms = 0;
    std::vector<double> decision_ms, guess_ms;
    for (int i = 0; i < settings.games; ++i) {
        result.wins += records[i].won;
        result.guesses += records[i].guesses;
        result.per_game.push_back({records[i].won, records[i].guesses});
        result.audit.add(records[i].audit);
        total_ms += milliseconds[i];
        decision_ms.insert(decision_ms.end(), records[i].decision_ms.begin(), records[i].decision_ms.end());
        guess_ms.insert(guess_ms.end(), records[i].guess_ms.begin(), records[i].guess_ms.end());
    }
    result.decisions = spread_of(std::move(decision_ms));
    result.guess_decisions = spread_of(std::move(guess_ms));
    if (settings.games > 0) {
        const double n = settings.games, z = 1.96;
        const double p = result.wins / n;
        const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
        const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
        result.win_rate = p;
        result.ci_low = centre - half;
        result.ci_high = centre + half;
        result.ms_per_game = total_ms / n;
    }
    return result;
}

}  // namespace gridlab::minesweeper
