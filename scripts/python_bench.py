"""Random-legal-action loops over Minesweeper beginner from Python, side by side in one process:
seed 000's own Python environment (transcribed below, its slips fixed), one gridlab env, and
gridlab.make_vec with 256 envs. Every loop is the same game (9x9, 10 mines, a random safe cell opened
at reset, seed 000's rewards and player view) and the same agent (a uniformly random hidden cell);
resets are timed but not counted as steps, as `gridlab bench` does.

    .venv/bin/python scripts/python_bench.py [--seconds 3] [--rounds 5]

Prints per loop the steps per second of wall time and per second of CPU time (this process's, all
its threads: other work on a shared machine counts less there), each the median of the rounds with
the loops taking turns, and their ratios to seed 000's environment. The vector runs once on one
thread and once on two (this machine's cores): the same steps, shared out.
"""

import argparse
import random
import statistics
import time

import numpy as np

import gridlab


class Seed000Minesweeper:
    """Seed 000's MinesweeperEnv as its post writes it, with the slips that matter here fixed: reset()
    keeps the view 2-D (the post flattens it, so step() fails unless render() ran first), and a zero
    start cell is flood-filled as any other zero (as gridlab's random start does)."""

    def __init__(self, height=9, width=9, num_mines=10):
        self.height, self.width, self.num_mines = height, width, num_mines
        self.reset()

    def reset(self):
        self.minefield = np.zeros((self.height, self.width), dtype=int)
        self.playerfield = np.full((self.height, self.width), 9)
        self.exploded = False
        self.done = False
        mines = set()
        while len(mines) < self.num_mines:
            x, y = random.randint(0, self.height - 1), random.randint(0, self.width - 1)
            if (x, y) not in mines:
                mines.add((x, y))
                self.minefield[x, y] = -1
        for (x, y) in mines:
            for i in range(max(0, x - 1), min(self.height, x + 2)):
                for j in range(max(0, y - 1), min(self.width, y + 2)):
                    if self.minefield[i, j] != -1:
                        self.minefield[i, j] += 1
        while True:
            sx, sy = random.randint(0, self.height - 1), random.randint(0, self.width - 1)
            if self.minefield[sx, sy] != -1:
                self._uncover(sx, sy)
                if self.minefield[sx, sy] == 0:
                    self.auto_reveal_blocks(sx, sy)
                break
        return self.playerfield

    def step(self, action_idx):
        x, y = divmod(action_idx, self.width)
        reward = 0
        if self.playerfield[x, y] == 9:
            self._uncover(x, y)
            if self.playerfield[x, y] == -1:
                reward, self.exploded, self.done = -10, True, True
            elif self.playerfield[x, y] == 0:
                self.auto_reveal_blocks(x, y)
                reward = 1
            else:
                reward = 1
        if not self.exploded and np.sum(self.playerfield == 9) == self.num_mines:
            self.done, reward = True, 10
        return self.playerfield, reward, self.exploded, self.done

    def _uncover(self, x, y):
        self.playerfield[x, y] = self.minefield[x, y]
        return self.playerfield

    def auto_reveal_blocks(self, x, y):
        queue = [(x, y)]
        while queue:
            cx, cy = queue.pop(0)
            for i in range(max(0, cx - 1), min(self.height, cx + 2)):
                for j in range(max(0, cy - 1), min(self.width, cy + 2)):
                    if self.playerfield[i, j] == 9:
                        self._uncover(i, j)
                        if self.minefield[i, j] == 0:
                            queue.append((i, j))


# The agent of the single-env loops: a uniformly random hidden cell of the player view it was given
# (the env's observation, seed 000's `playerfield`), read once as a list, by draws until one is
# hidden. For the vector of envs gridlab draws them in C++ (random_actions), as numpy code could not
# without looping over the envs in Python.
def random_hidden(view):
    cells = view.ravel().tolist()
    cell = random.randrange(len(cells))
    while cells[cell] != 9:
        cell = random.randrange(len(cells))
    return cell


class Clock:
    """Wall and CPU time (this process's, all its threads) since it was made."""

    def __init__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def elapsed(self):
        return time.perf_counter() - self.wall, time.process_time() - self.cpu


def seed000_loop(seconds):
    random.seed(1)
    env = Seed000Minesweeper()
    steps, clock = 0, Clock()
    while clock.elapsed()[0] < seconds:
        _, _, _, done = env.step(random_hidden(env.playerfield))
        steps += 1
        if done:
            env.reset()
    return steps, clock.elapsed()


def gridlab_loop(seconds):
    random.seed(1)
    env = gridlab.make("Minesweeper-v0", level="beginner", first_click="random-start")
    obs, _ = env.reset(seed=1)
    steps, clock = 0, Clock()
    while clock.elapsed()[0] < seconds:
        obs, _, terminated, truncated, _ = env.step(random_hidden(obs))
        steps += 1
        if terminated or truncated:
            obs, _ = env.reset()
    return steps, clock.elapsed()


def vector_loop(seconds, threads=1, num_envs=256):
    envs = gridlab.make_vec("Minesweeper-v0", num_envs=num_envs, threads=threads, level="beginner",
                            first_click="random-start")
    envs.reset(seed=1)
    steps, clock = 0, Clock()
    waiting = np.zeros(num_envs, dtype=bool)  # envs whose next step is the autoreset: not counted
    while clock.elapsed()[0] < seconds:
        _, _, terminated, truncated, _ = envs.step(envs.random_actions())
        steps += num_envs - int(waiting.sum())
        waiting = terminated | truncated
    return steps, clock.elapsed()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="each loop's time per round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    loops = {
        "seed 000's Python env": seed000_loop,
        "gridlab.make, one env": gridlab_loop,
        "gridlab.make_vec, 256 envs, 1 thread": vector_loop,
        "gridlab.make_vec, 256 envs, 2 threads": lambda seconds: vector_loop(seconds, threads=2),
    }
    wall = {name: [] for name in loops}
    cpu = {name: [] for name in loops}
    for _ in range(args.rounds):
        for name, loop in loops.items():
            steps, (wall_seconds, cpu_seconds) = loop(args.seconds)
            wall[name].append(steps / wall_seconds)
            cpu[name].append(steps / cpu_seconds)
    anchor_wall, anchor_cpu = statistics.median(wall["seed 000's Python env"]), statistics.median(cpu["seed 000's Python env"])
    print(f"| loop (medians of {args.rounds} rounds) | steps/s | x seed 000 | steps per CPU second | x seed 000 |")
    print("| --- | --- | --- | --- | --- |")
    for name in loops:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        print(f"| {name} | {w:,.0f} | {w / anchor_wall:.1f}x | {c:,.0f} | {c / anchor_cpu:.1f}x |")


if __name__ == "__main__":
    main()
