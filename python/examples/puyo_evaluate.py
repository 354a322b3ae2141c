"""Seed 002's lesson in plain Python: a student writes how good a Puyo field is, gridlab plays it.

gridlab tries every placement of the pair in hand, resolves its chains, and plays the one with the
best points scored + evaluate(field after). The same seeds are played by gridlab's own AIs beside it.

    .venv/bin/python python/examples/puyo_evaluate.py [--games 20] [--pairs 50] [--seed 1]
"""

import argparse
import time

import gridlab


def evaluate(field):
    """Ten lines a student can write: reward touching puyos of one colour, and keep out of the top
    rows, above all in the spawn column (the third), where a puyo ends the game."""
    value = 0
    for r, row in enumerate(field):
        for c, puyo in enumerate(row):
            if puyo:
                if c + 1 < 6 and row[c + 1] == puyo:
                    value += 10
                if r + 1 < len(field) and field[r + 1][c] == puyo:
                    value += 10
                if r < 4:
                    value -= 40
    if field[2][2] or field[3][2]:
        value -= 1000
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--pairs", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="tutorial", choices=["tutorial", "tsu"])
    parser.add_argument("--against", nargs="*", default=["greedy", "beam:width=20,depth=4"],
                        help="gridlab AI specs to play the same games")
    args = parser.parse_args()
    options = dict(games=args.games, pairs=args.pairs, seed=args.seed, rules=args.rules)
    print(f"{'player':28} {'mean score':>11} {'mean max chain':>15} {'seconds':>8}")
    for name, agent in [("your evaluate(field)", evaluate)] + [(spec, spec) for spec in args.against]:
        started = time.process_time()
        result = gridlab.puyo.play(agent, **options)
        seconds = time.process_time() - started
        print(f"{name:28} {result['mean_score']:11.1f} {result['mean_max_chain']:15.2f} {seconds:8.1f}")


if __name__ == "__main__":
    main()
