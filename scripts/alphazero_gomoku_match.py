#!/usr/bin/python3
"""Plays a Gomocup (pbrain) engine against AlphaZero_Gomoku's trained 8x8 network (five in a row).

AlphaZero_Gomoku (github.com/junxiaosong/AlphaZero_Gomoku) is Python: its numpy network
(best_policy_8_8_5.model) under its own MCTS at 400 playouts, as its human_play.py sets it up. Its code
is never committed here: pass a checkout with --repo (the default /work/ext/AlphaZero_Gomoku). It
needs numpy: Debian's python3-numpy, for Debian's /usr/bin/python3.

  scripts/alphazero_gomoku_match.py --engine "build/native/gridlab gomoku pbrain" --games 20

Each opening (black's first stone on one of the 16 central cells, drawn from --seed) is played twice,
colours swapped. The engine gets --turn-ms per move (INFO timeout_turn), which gridlab's pbrain uses
only when its --ai spec gives no budget of its own (az:model=FILE,playouts=400 plays 400 playouts a
move whatever the time). Prints one line per game and a JSON summary: the engine's wins, draws and
losses.
"""
import argparse
import json
import pickle
import random
import shlex
import subprocess
import sys
import time


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", default="/work/ext/AlphaZero_Gomoku", help="a checkout of AlphaZero_Gomoku")
    parser.add_argument("--engine", required=True, help="the pbrain engine's command line")
    parser.add_argument("--games", type=int, default=20, help="games (even: each opening twice)")
    parser.add_argument("--playouts", type=int, default=400, help="AlphaZero_Gomoku's playouts per move")
    parser.add_argument("--turn-ms", type=int, default=1000, help="the engine's time per move")
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def load_alphazero(repo, playouts):
    sys.path.insert(0, repo)
    try:
        import numpy
        from game import Board
        from mcts_alphaZero import MCTSPlayer
        from policy_value_net_numpy import PolicyValueNetNumpy
    except ImportError as error:
        sys.exit(f"alphazero_gomoku_match: cannot import AlphaZero_Gomoku from {repo} ({error}); "
                 "clone github.com/junxiaosong/AlphaZero_Gomoku there and install python3-numpy")
    with open(f"{repo}/best_policy_8_8_5.model", "rb") as model:
        weights = pickle.load(model, encoding="bytes")  # saved by Python 2
    network = PolicyValueNetNumpy(8, 8, weights)
    return numpy, Board, MCTSPlayer(network.policy_value_fn, c_puct=5, n_playout=playouts)


class Engine:
    """One pbrain process for one game."""

    def __init__(self, command, turn_ms):
        self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.send(f"INFO timeout_turn {turn_ms}")
        self.send("INFO timeout_match 2147483647")
        self.send("START 8")
        self.expect_ok()

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def answer(self):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the engine stopped")
            line = line.strip()
            if not line.startswith(("MESSAGE", "DEBUG")):
                return line

    def expect_ok(self):
        line = self.answer()
        if line != "OK":
            raise RuntimeError(f"the engine answered {line!r} to START 8")

    def move(self):
        line = self.answer()
        x, y = (int(part) for part in line.split(","))
        return x, y

    def close(self):
        self.send("END")
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def play(Board, alphazero, engine_command, turn_ms, opening, engine_is_black):
    """One game; returns 1 (the engine won), 0.5 (a draw) or 0, and the moves as x,y."""
    board = Board(width=8, height=8, n_in_row=5)
    board.init_board(0)  # board.players[0] (1) is black
    engine_player = 1 if engine_is_black else 2
    to_move = lambda x, y: board.location_to_move([y, x])
    to_xy = lambda move: (move % 8, move // 8)
    board.do_move(to_move(*opening))
    moves = [opening]
    engine = Engine(engine_command, turn_ms)
    told = False  # whether the engine has been given the board yet
    try:
        while True:
            end, winner = board.game_end()
            if end:
                return (0.5 if winner == -1 else float(winner == engine_player)), moves
            if board.current_player == engine_player:
                if not told:
                    engine.send("BOARD")
                    for index, (x, y) in enumerate(moves):
                        own = (index % 2 == 0) == engine_is_black
                        engine.send(f"{x},{y},{1 if own else 2}")
                    engine.send("DONE")
                    told = True
                else:
                    engine.send("TURN {},{}".format(*moves[-1]))
                x, y = engine.move()
                if to_move(x, y) not in board.availables:
                    raise RuntimeError(f"the engine played an illegal move {x},{y}")
            else:
                x, y = to_xy(alphazero.get_action(board))
            board.do_move(to_move(x, y))
            moves.append((x, y))
    finally:
        engine.close()


def main():
    args = parse_args()
    numpy, Board, alphazero = load_alphazero(args.repo, args.playouts)
    draw = random.Random(args.seed)
    central = [(x, y) for x in range(2, 6) for y in range(2, 6)]
    openings = draw.sample(central, min(len(central), (args.games + 1) // 2))
    points = {"wins": 0, "draws": 0, "losses": 0}
    for game in range(args.games):
        numpy.random.seed(args.seed * 1000 + game)  # its move choice draws at temperature 1e-3
        opening = openings[game // 2]
        engine_is_black = game % 2 == 0
        started = time.time()
        score, moves = play(Board, alphazero, args.engine, args.turn_ms, opening, engine_is_black)
        points[{1.0: "wins", 0.5: "draws", 0.0: "losses"}[score]] += 1
        print(f"game {game + 1}: engine {'black' if engine_is_black else 'white'}, opening {opening}, "
              f"{['loss', 'draw', 'win'][int(score * 2)]} in {len(moves)} moves, {time.time() - started:.0f} s: "
              + " ".join(f"{x},{y}" for x, y in moves), flush=True)
    print(json.dumps({"games": args.games, "alphazero_playouts": args.playouts, "engine_turn_ms": args.turn_ms,
                      **points}))


if __name__ == "__main__":
    main()
