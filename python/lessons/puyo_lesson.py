"""gridlab Code lesson: Puyo Puyo (seed 002).

You write evaluate(field): a number for how good a field is. gridlab tries every placement of the
pair in hand, resolves its chains, and plays the one with the best
    points scored + evaluate(field after it).

field is a list of 12 rows, top row first, each a list of 6 numbers:
0 empty, 1-4 colours, 6 garbage. field[0][2] is the top of the third column, where new pairs appear.
"""


def evaluate(field):
    value = 0
    for r, row in enumerate(field):
        for c, puyo in enumerate(row):
            if puyo == 0:
                continue
            # Step 1: puyos of one colour that touch can clear together.
            if c + 1 < 6 and row[c + 1] == puyo:
                value += 1
            if r + 1 < len(field) and field[r + 1][c] == puyo:
                value += 1
    return value


if __name__ == "__main__":  # on a desktop: .venv/bin/python puyo_lesson.py
    import gridlab

    print(gridlab.puyo.play(evaluate, games=20, pairs=50))
