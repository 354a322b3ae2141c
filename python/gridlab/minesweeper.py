"""Minesweeper positions, for the solvers (gridlab.make_ai("minesweeper", ...)) and your own agent.

    position = gridlab.minesweeper.Position.parse(".1F\n.2.\n...", mines=3)   # '.' hidden, 'F' flag
    position = gridlab.minesweeper.Position.from_view(view, mines=10)        # 0-8, 9 hidden, 10 flag
    position = gridlab.minesweeper.Position.of_env(env)                       # what env shows now
"""

from ._core import MinesweeperPosition as Position

__all__ = ["Position"]
