// A Minesweeper board as the player sees it, drawn for the Minesweeper and Learn screens: the cells
// by the shaders, then numbers, flags, mines and mine percentages by the UI on top.
#pragma once

#include <cstdint>
#include <vector>

#include "app/screen.h"
#include "minesweeper/rules.h"
#include "minesweeper/solver.h"

namespace gridlab::app {

// Green (safe) to red (a mine) through yellow: a mine probability's colour. With the colour-blind
// palette, pale sky blue to dark vermillion (Okabe-Ito's ends), which differ in lightness as well.
uint32_t probability_colour(double p, bool colorblind = false);

// What is drawn over the hidden cells of a game in progress (nothing once it is over).
struct MinesweeperOverlay {
    const std::vector<double>* probability = nullptr;  // per cell: a colour and, on large cells, a percentage
    const minesweeper::Knowledge* proofs = nullptr;     // proven safe cells get a dot, proven mines a cross
    int ring = -1;  // a cell to point at (the hint, the next move), drawn without its percentage
    int last_move = -1;  // the cell of the last reveal, flag or chord: outlined
};

// The board for state(): a string per row, '0'-'8' open, 'F' a flag, 'X' the mine that went off,
// '*' the other mines once the game is over, '.' hidden.
nlohmann::json board_rows_json(const minesweeper::State& state);

void draw_minesweeper_board(const Frame& frame, const BoardPlacement& board, const minesweeper::State& state,
                            const MinesweeperOverlay& overlay);

}  // namespace gridlab::app
