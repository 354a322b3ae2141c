"""gridlab Code lesson: Minesweeper (seed 001).

You write what one open number tells you. gridlab asks infer about every number next to hidden
cells, again and again until nothing new is learnt, then asks choose for the cell to open.

infer(number, hidden, mines):
    number  the number on an open cell: how many mines are around it
    hidden  its hidden neighbours that are not known yet, as (row, col) pairs
    mines   how many of its neighbours are already known to be mines
    return (safe, mined): the cells of hidden that are surely safe, and those surely mines.

choose(board, safe, mines):
    board   the rows of the board: 9 a hidden cell, 0-8 an open number
    safe    the hidden cells known to be safe; mines: the cells known to be mines
    return the (row, col) to open.
"""

import random


def infer(number, hidden, mines):
    safe, mined = [], []
    # Step 1: all the mines around the number are known, so the rest are safe.
    if number == mines:
        safe = hidden
    return safe, mined


def choose(board, safe, mines):
    if safe:
        return min(safe)  # a cell you are sure of
    unknown = [(r, c) for r, row in enumerate(board) for c, cell in enumerate(row)
               if cell == 9 and (r, c) not in mines]
    return random.choice(unknown)  # a guess


if __name__ == "__main__":  # on a desktop: .venv/bin/python minesweeper_lesson.py
    import gridlab

    print(gridlab.minesweeper.play(infer, choose, games=20))
