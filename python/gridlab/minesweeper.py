"""Minesweeper positions, for the solvers (gridlab.make_ai("minesweeper", ...)) and your own agent.

    position = gridlab.minesweeper.Position.parse(".1F\n.2.\n...", mines=3)   # '.' hidden, 'F' flag
    position = gridlab.minesweeper.Position.from_view(view, mines=10)        # 0-8, 9 hidden, 10 flag
    position = gridlab.minesweeper.Position.of_env(env)                       # what env shows now

Seed 001's lesson: you write the inference from one revealed number, gridlab plays the games:

    def infer(number, hidden, mines):        # a number, its unknown hidden neighbours, mines known around it
        if number == mines:
            return hidden, []                # (cells sure to be safe, cells sure to be mines)
        return [], []
    gridlab.minesweeper.play(infer, games=20)   # {"win_rate": ..., "sure": ..., "guesses": ...}
"""

from __future__ import annotations

import random

from . import _core
from ._core import MinesweeperPosition as Position
from ._core import stream_seed

__all__ = ["HIDDEN", "Position", "first_safe_else_random", "neighbours", "play"]

HIDDEN = 9  # a hidden cell on the board the lesson's functions see (open cells hold 0-8)


def neighbours(board, row: int, col: int) -> list:
    """The cells around (row, col) on the board, as (row, col) pairs."""
    return [(r, c) for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
            if (r, c) != (row, col) and 0 <= r < len(board) and 0 <= c < len(board[0])]


def first_safe_else_random(board, safe, mines):
    """A move: the first cell known to be safe, else a random hidden cell not known to be a mine."""
    if safe:
        return min(safe)
    unknown = [(r, c) for r, row in enumerate(board) for c, cell in enumerate(row) if cell == HIDDEN and (r, c) not in mines]
    return random.choice(unknown)


def _cells(value, allowed, what: str) -> set:
    """The cells a student's function returned, each one of `allowed`."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"infer must return (safe, mines), two lists of cells; {what} was {type(value).__name__}")
    cells = set()
    for cell in value:
        cell = tuple(cell) if isinstance(cell, (list, tuple)) else cell
        if cell not in allowed:
            raise ValueError(f"infer returned {cell!r} among the {what}, which is not one of the hidden cells it was given")
        cells.add(cell)
    return cells


def _infer_all(infer, board, safe: set, mines: set) -> tuple:
    """Asks infer about every open number with unknown hidden neighbours, again and again until it
    learns nothing new; adds what it says to `safe` and `mines`. Returns the cells it added."""
    new_safe, new_mines = set(), set()
    learned = True
    while learned:
        learned = False
        for r, row in enumerate(board):
            for c, number in enumerate(row):
                if not 0 < number < HIDDEN:
                    continue
                around = neighbours(board, r, c)
                hidden = [cell for cell in around if board[cell[0]][cell[1]] == HIDDEN and cell not in safe and cell not in mines]
                if not hidden:
                    continue
                answer = infer(number, list(hidden), sum(cell in mines for cell in around))
                if not isinstance(answer, (tuple, list)) or len(answer) != 2:
                    raise TypeError(f"infer must return (safe, mines), two lists of cells, got {answer!r}")
                sure_safe, sure_mines = _cells(answer[0], hidden, "safe cells"), _cells(answer[1], hidden, "mines")
                if sure_safe & sure_mines:
                    raise ValueError(f"infer said {sorted(sure_safe & sure_mines)[0]} is both safe and a mine")
                safe |= sure_safe
                mines |= sure_mines
                new_safe |= sure_safe
                new_mines |= sure_mines
                learned = learned or bool(sure_safe or sure_mines)
    return new_safe, new_mines


def _move(value, board) -> tuple:
    """The (row, col) a choose function returned, checked: a hidden cell of the board."""
    if not isinstance(value, (tuple, list)) or len(value) != 2 or not all(isinstance(x, int) for x in value):
        raise TypeError(f"choose must return a cell (row, col), got {value!r}")
    row, col = value
    if not (0 <= row < len(board) and 0 <= col < len(board[0])) or board[row][col] != HIDDEN:
        raise ValueError(f"choose returned {tuple(value)}, which is not a hidden cell of the board")
    return row, col


def play(infer, choose=None, games: int = 20, level: str = "beginner", seed: int = 1, first_click: str = "safe",
         rows: int = 0, cols: int = 0, mines: int = 0, on_move=None) -> dict:
    """Plays `games` seeded games (game i on the board of `gridlab minesweeper eval`'s game i) with
    your agent: infer(number, hidden, mines) says which of an open number's unknown hidden neighbours
    are surely safe or surely mines, and choose(board, safe, mines) picks the cell to open (by
    default the first safe cell, else a random one). `infer` may instead be a gridlab solver spec
    ("kb", "probability"). Python's random module is seeded for each game, so a run repeats.
    level: beginner, intermediate, expert, or "" with rows, cols and mines.
    on_move, if given, is called after every move with {"game", "seed" (the game's), "action"
    (row * cols + col), "sure", "outcome"}.
    Returns games, wins, win_rate, moves, sure (moves known safe), guesses, died_sure (games lost on
    a cell the agent was sure of), died_guessing, wrong_safe and wrong_mines (inferences the board
    proved wrong), and each game's won, moves, guesses and died_at."""
    if games < 1:
        raise ValueError("games must be positive")
    choose = choose or first_safe_else_random
    totals = {"moves": 0, "sure": 0, "guesses": 0, "died_sure": 0, "died_guessing": 0, "wrong_safe": 0, "wrong_mines": 0}
    per_game = []
    for index in range(games):
        game_seed = stream_seed(seed, index)
        game = _core.MinesweeperGame(level=level, rows=rows, cols=cols, mines=mines, first_click=first_click, seed=game_seed)
        solver = _core.MinesweeperSolver(infer, stream_seed(~seed & (2**64 - 1), index)) if isinstance(infer, str) else None
        random.seed(game_seed)
        safe, known_mines = set(), set()
        record = {"won": False, "moves": 0, "guesses": 0, "died_at": None}
        while game.outcome == "playing":
            board = game.view()
            if solver is not None:
                decision = solver.decide(game.position())
                move, sure = tuple(decision["cell"]), not decision["guess"]
            else:
                new_safe, new_mines = _infer_all(infer, board, safe, known_mines)
                totals["wrong_safe"] += sum(game.is_mine(*cell) for cell in new_safe)
                totals["wrong_mines"] += sum(not game.is_mine(*cell) for cell in new_mines)
                hidden_safe = {cell for cell in safe if board[cell[0]][cell[1]] == HIDDEN}
                move = _move(choose(board, hidden_safe, set(known_mines)), board)
                sure = move in safe
            game.reveal(*move)
            record["moves"] += 1
            record["guesses"] += not sure
            totals["sure" if sure else "guesses"] += 1
            if game.outcome == "lost":
                record["died_at"] = list(move)
                totals["died_sure" if sure else "died_guessing"] += 1
            if on_move is not None:
                on_move({"game": index, "seed": game_seed, "action": move[0] * game.cols + move[1], "sure": sure,
                         "outcome": game.outcome})
        record["won"] = game.outcome == "won"
        totals["moves"] += record["moves"]
        per_game.append(record)
    wins = sum(record["won"] for record in per_game)
    return {"games": games, "wins": wins, "win_rate": wins / games, **totals, "per_game": per_game}
