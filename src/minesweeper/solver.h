// The three Minesweeper solvers share one interface: given the player's view, return a cell to
// reveal and what the solver knows, so the UI can draw it (known safe cells, known mines, per-cell
// mine probabilities, and for the knowledge-base solver its sentences).
//
// Read them in this order, as a lesson: kb_solver (logic over sentences, seed 001), then
// elimination_solver (seed 004's local rule), then probability_solver (exact counting).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "core/anytime.h"
#include "core/rng.h"
#include "minesweeper/rules.h"

namespace gridlab::learn {
class Network;
}

namespace gridlab::minesweeper {

// Seed 001's unit of knowledge: "exactly `mines` of these cells are mines".
struct Sentence {
    std::vector<int> cells;  // cell indices, ascending
    int mines = 0;
    friend bool operator==(const Sentence&, const Sentence&) = default;
};

// A guess the probability solver weighed: P(safe now) * E[safety of the next move] = score.
struct GuessCandidate {
    int cell = -1;
    double mine_probability = 0;
    double next_safety = 0;  // -1 until looked at
    double score = -1;
};

// What a solver knows about a position. All plain data, indexed by cell (row * cols + col).
struct Knowledge {
    std::vector<int> safe;   // hidden cells known to be safe, ascending
    std::vector<int> mines;  // hidden unflagged cells known to be mines, ascending
    // Chance that each cell is a mine: -1 for open cells, 1 for flags. Exact for the probability
    // solver; the other two only know 0 and 1 and give the remaining mine density elsewhere.
    std::vector<double> mine_probability;
    std::vector<Sentence> sentences;  // the kb solver's knowledge base after inference; empty otherwise
    std::vector<GuessCandidate> candidates;  // the probability solver's compared guesses, safest first
    bool exact = true;                // false when the probability solver fell back to local rules
};

// Why a guess was made, for the player (the page's move log words it). Only the probability and the
// learned solvers give more than Safest.
enum class GuessReason {
    Safest,       // the safest cell by what the solver knows
    LookAhead,    // a cell less safe than the safest, after which the next move is likelier to be safe
    ExactWin,     // the endgame search: the most wins over every layout left (win_probability)
    Unsettled,    // whenever the cell is a mine it makes a 50/50 no number can settle: a risk taken now
    FewerHidden,  // learned: nearly as safe as the safest by its estimates, with fewer hidden neighbours
};

// "safest", "look_ahead", "exact_win", "unsettled", "fewer_hidden"
std::string_view guess_reason_name(GuessReason reason);
GuessReason parse_guess_reason(std::string_view name);   // throws std::invalid_argument

struct Decision {
    int move = -1;       // the cell to reveal; -1 when every hidden cell is flagged or known a mine
    bool guess = false;  // true when the move is not certain to be safe
    GuessReason reason = GuessReason::Safest;  // for a guess
    double win_probability = -1;              // ExactWin: the chance to win the game from here
    Knowledge knowledge;
};

// Every solver is anytime (core/anytime.h): the probability solver weighs its guesses over several
// slices; the others decide at once.
class Solver : public AnytimeAi<Position, Decision> {
public:
    virtual std::string_view name() const = 0;
};

// A solver that decides in begin(): think() has nothing left to do.
class InstantSolver : public Solver {
public:
    void begin(const Position& position) override { decision_ = decide_now(position); }
    void think(double) override {}
    bool finished() const override { return true; }
    Decision result() const override { return decision_; }

protected:
    virtual Decision decide_now(const Position& position) = 0;

private:
    Decision decision_;
};

// "kb", "elimination", "probability" or "learned" (which plays a copy of `learned`, a network made by
// learner.h); throws std::invalid_argument otherwise. `rng` is used only for the random guesses of kb
// and elimination: a seed fixes their games.
std::unique_ptr<Solver> make_solver(std::string_view name, Rng rng = Rng(0), const learn::Network* learned = nullptr);
// The same from one line of text, as the Python module and its users name a solver: "kb",
// "elimination", "probability" or "learned:model=FILE" (a model file of `gridlab minesweeper train`,
// read here). Throws std::invalid_argument for an unknown name or option or an unreadable file, and
// learn::ModelError for a file that is not a Minesweeper model.
std::unique_ptr<Solver> make_solver_from_spec(std::string_view spec, Rng rng = Rng(0));

// Helpers shared by the solvers.
// Hidden, unflagged cells not in `known_mines` (ascending): where a guess may go.
std::vector<int> unknown_cells(const Position& position, const std::vector<int>& known_mines);
// The move of kb and elimination, from decision.knowledge's safe cells and mines: the first known
// safe cell, else a random cell not known to be a mine (fills mine_probability first).
void choose_known_safe_or_guess(const Position& position, Decision& decision, Rng& rng);
// Fills knowledge.mine_probability from the known cells: 0 safe, 1 mines and flags, -1 open, and the
// density of the mines not yet located for every other hidden cell.
void fill_density_probabilities(const Position& position, Knowledge& knowledge);

}  // namespace gridlab::minesweeper
