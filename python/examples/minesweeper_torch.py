"""A PyTorch agent that learns Minesweeper-v0 (beginner) from its rewards, on a vector of gridlab envs.

The agent is a value network over actions (a Q network with discount 0): a small convolutional
network gives every cell the chance that opening it costs the -10 of a mine, and the agent opens the
hidden cell it thinks safest (a few random cells while it learns). It learns only from what it
experienced: each step's reward says whether the opened cell was a mine, every cell an episode
opens later was safe in the boards before, and when an episode is won the cells still hidden were
the mines (the +10 says so). Each board it saw is kept with those answers and replayed in batches,
in the board's eight orientations.

    .venv/bin/python python/examples/minesweeper_torch.py --minutes 15     # the README's run
    .venv/bin/python python/examples/minesweeper_torch.py --updates 200   # a quick look

It prints the win rate of the greedy agent on held-out seeded games as it goes, against the CPU time
of training (this process's: one torch thread and the envs' C++ in the same thread; the evaluations'
own CPU is not counted), and at the end on fresh games.
"""

import argparse
import time

import numpy as np
import torch
from torch import nn

import gridlab

ENV_OPTIONS = dict(level="beginner", first_click="safe", rewards="seed-000", observation="one-hot")


class CellNetwork(nn.Module):
    """One logit per cell: the chance that opening it hits a mine."""

    def __init__(self, channels=32, layers=5):
        super().__init__()
        stack = [nn.Conv2d(11, channels, 3, padding=1), nn.ReLU()]
        for _ in range(layers - 1):
            stack += [nn.Conv2d(channels, channels, 3, padding=1), nn.ReLU()]
        stack.append(nn.Conv2d(channels, 1, 1))
        self.net = nn.Sequential(*stack)

    def forward(self, boards):
        # The one-hot planes and a plane of ones, so that the zero padding marks the board's edge.
        ones = torch.ones_like(boards[:, :1])
        return self.net(torch.cat([boards, ones], dim=1)).squeeze(1)


def choose(network, obs, masks, explore, rng):
    with torch.no_grad():
        logits = network(torch.from_numpy(obs).float()).flatten(1).numpy()
    logits[~masks] = np.inf
    actions = logits.argmin(axis=1)
    random_moves = rng.random(len(actions)) < explore
    if random_moves.any():
        scores = rng.random(masks.shape)
        scores[~masks] = -1
        actions[random_moves] = scores.argmax(axis=1)[random_moves]
    return actions


class Replay:
    """Boards with their learned answers per cell: 1 mine, 0 safe, -1 unknown."""

    def __init__(self, capacity, shape):
        self.boards = np.zeros((capacity, 10, *shape), dtype=np.int8)
        self.labels = np.full((capacity, *shape), -1, dtype=np.int8)
        self.size = self.next = 0

    def add(self, board, labels):
        self.boards[self.next], self.labels[self.next] = board, labels
        self.next = (self.next + 1) % len(self.boards)
        self.size = min(self.size + 1, len(self.boards))

    def batch(self, n, rng):
        index = rng.integers(self.size, size=n)
        boards = torch.from_numpy(self.boards[index]).float()
        labels = torch.from_numpy(self.labels[index].astype(np.float32))
        turns, flip = int(rng.integers(4)), bool(rng.integers(2))  # one of the square board's 8 orientations
        boards, labels = torch.rot90(boards, turns, (2, 3)), torch.rot90(labels, turns, (1, 2))
        if flip:
            boards, labels = boards.flip(3), labels.flip(2)
        return boards, labels


def label_episode(boards, actions, rewards, won):
    """The answers an episode's own course gives for each of its boards."""
    last = boards[-1]
    hidden_at_end = last[9] == 0
    labels = []
    for t, board in enumerate(boards):
        cell_labels = np.full(board.shape[1:], -1, dtype=np.int8)
        hidden = board[9] == 0
        cell_labels[hidden & ~hidden_at_end] = 0  # opened later in the episode: safe
        if won:
            cell_labels[hidden & hidden_at_end] = 1  # the +10: every cell left hidden is a mine
        for later in range(t, len(actions)):
            r, c = divmod(int(actions[later]), board.shape[2])
            if rewards[later] < 0:
                cell_labels[r, c] = 1  # the -10: a mine
        labels.append(cell_labels)
    return labels


def evaluate(network, episodes, seed):
    """Win rate of the greedy agent over `episodes` seeded games (seeds not trained on). Each env plays
    a fixed number of games, so that quick losses do not crowd out the longer wins."""
    envs = gridlab.make_vec("Minesweeper-v0", num_envs=min(episodes, 250), **ENV_OPTIONS)
    quota = np.full(envs.num_envs, episodes // envs.num_envs)
    quota[: episodes % envs.num_envs] += 1
    played = np.zeros(envs.num_envs, dtype=int)
    obs, _ = envs.reset(seed=seed)
    wins = 0
    rng = np.random.default_rng(0)
    while (played < quota).any():
        actions = choose(network, obs, envs.action_masks(), 0.0, rng)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        counted = (terminated | truncated) & (played < quota)
        wins += int(info["won"][counted].sum())
        played += counted
    return wins / episodes


def train(minutes, updates, seed, num_envs=64, batch=128, lr=3e-3, eval_episodes=1000, eval_every=60.0, log=print):
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(seed)
    network = CellNetwork()
    optimizer = torch.optim.Adam(network.parameters(), lr=lr)
    envs = gridlab.make_vec("Minesweeper-v0", num_envs=num_envs, **ENV_OPTIONS)
    obs, _ = envs.reset(seed=seed)
    replay = Replay(60000, obs.shape[2:])
    episodes = [[] for _ in range(num_envs)]  # (board, action, reward) of each env's episode so far
    just_reset = np.zeros(num_envs, dtype=bool)
    started, evaluating = time.process_time(), 0.0  # the evaluations' CPU is not training's
    done_updates, games, next_eval, curve = 0, 0, eval_every, []

    def training_cpu():
        return time.process_time() - started - evaluating

    while (updates and done_updates < updates) or (not updates and training_cpu() < minutes * 60):
        actions = choose(network, obs, envs.action_masks(), 0.03, rng)
        next_obs, rewards, terminated, truncated, info = envs.step(actions)
        for i in range(num_envs):
            if just_reset[i]:
                continue
            episodes[i].append((obs[i], actions[i], rewards[i]))
            if terminated[i] or truncated[i]:
                boards, acts, rews = zip(*episodes[i])
                for board, labels in zip(boards, label_episode(list(boards) + [next_obs[i]], acts, rews, info["won"][i])):
                    replay.add(board, labels)
                episodes[i] = []
                games += 1
        just_reset = terminated | truncated
        obs = next_obs
        if replay.size >= batch:
            boards, labels = replay.batch(batch, rng)
            known = labels >= 0
            loss = nn.functional.binary_cross_entropy_with_logits(network(boards)[known], labels[known])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            done_updates += 1
        cpu = training_cpu()
        if not updates and cpu >= next_eval:
            evaluation_started = time.process_time()
            win_rate = evaluate(network, eval_episodes, seed=10**9 + seed)
            evaluating += time.process_time() - evaluation_started
            curve.append((round(cpu), games, win_rate))
            log(f"{cpu:7.0f} s CPU  {games:7d} games  {done_updates:6d} updates  win rate {win_rate:.3f}")
            next_eval += eval_every
    return network, games, done_updates, curve


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=15, help="CPU minutes of training (evaluations not counted)")
    parser.add_argument("--updates", type=int, default=0, help="stop after this many updates instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--eval-episodes", type=int, default=2000)
    parser.add_argument("--eval-every", type=float, default=60.0, help="CPU seconds between evaluations")
    args = parser.parse_args()
    network, games, updates, curve = train(args.minutes, args.updates, args.seed, eval_episodes=args.eval_episodes // 2,
                                           eval_every=args.eval_every)
    win_rate = evaluate(network, args.eval_episodes, seed=2 * 10**9 + args.seed)
    print(f"trained {games} games, {updates} updates; win rate {win_rate:.3f} over {args.eval_episodes} new beginner games")


if __name__ == "__main__":
    main()
