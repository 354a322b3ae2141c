// Seed 004's "elimination": a local rule applied around every open number, repeated until nothing
// changes, so what one number reveals spreads to its neighbours' numbers.
#pragma once

#include "minesweeper/solver.h"

namespace gridlab::minesweeper {

enum class Mark : int8_t { Unknown, Safe, Mine };

// For a number N with N_mine known mines (flags included) and N_free known-safe cells among its
// hidden neighbours: if N - N_mine == 0 every other hidden neighbour is safe; if N equals its hidden
// neighbours minus N_free, every other hidden neighbour is a mine. Open cells are marked Safe.
Grid<Mark> eliminate(const Position& position);

// Plays a cell the rule proved safe, else a random unknown cell.
class EliminationSolver : public InstantSolver {
public:
    explicit EliminationSolver(Rng rng = Rng(0)) : rng_(rng) {}
    std::string_view name() const override { return "elimination"; }

protected:
    Decision decide_now(const Position& position) override;

private:
    Rng rng_;
};

}  // namespace gridlab::minesweeper
