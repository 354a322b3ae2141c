"""gridlab Code lesson: Gomoku (seed 003).

You write evaluate(board, player): how good the board is for player, from -1 (player is losing)
to 1 (player is winning). gridlab's Monte Carlo tree search looks ahead from each position and,
instead of playing random games to the end, asks your evaluate how good it is.

board is a list of 8 rows, each a list of 8 numbers: -1 black, 1 white, 0 empty.
player is -1 (black) or 1 (white). Five in a row wins.
"""


def evaluate(board, player):
    size = len(board)
    value = 0
    for r in range(size):
        for c in range(size):
            # Step 1: stones near the centre are worth more.
            closeness = size - abs(r - size // 2) - abs(c - size // 2)
            if board[r][c] == player:
                value += closeness
            elif board[r][c] == -player:
                value -= closeness
    return value / 100


if __name__ == "__main__":  # on a desktop: .venv/bin/python gomoku_lesson.py
    import gridlab

    print(gridlab.gomoku.play(evaluate, games=4, opponent="pure-mcts:playouts=1000"))
