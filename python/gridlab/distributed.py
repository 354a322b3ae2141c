"""Evaluation and self-play over a Dask cluster (Dask distributed, Debian's python3-distributed),
for when one machine is not enough: millions of evaluation games, self-play data for big boards.

    from dask.distributed import Client, LocalCluster
    client = Client(LocalCluster(n_workers=8, threads_per_worker=1))      # or a real cluster's address
    totals = gridlab.distributed.evaluate("Minesweeper-v0", "probability", episodes=1_000_000, seed=1,
                                          client=client, level="expert")
    games = gridlab.distributed.self_play("mcts:playouts=2000", "ab:playouts=20000", games=1000, seed=1,
                                          client=client, size=15)

Episode k is played from the seed gridlab.stream_seed(seed, k) (the command line's game k and vector
env k's first episode) wherever it runs, and the totals are summed in episode order: a cluster of any
size gives exactly the totals of one process (client=None) for the same seed.
"""

from __future__ import annotations

from . import _core
from .ai import make_ai
from .envs import env_class


def stream_seed(seed: int, index: int) -> int:
    """The seed of episode `index` of a run seeded with `seed`."""
    return _core.stream_seed(seed, index)


def _chunks(count: int, size: int):
    return [(start, min(start + size, count)) for start in range(0, count, size)]


def play_episodes(env_id: str, agent, seed: int, start: int, stop: int, env_kwargs: dict) -> list[dict]:
    """Episodes start..stop-1 of a seeded evaluation, in one process: per episode its return, length
    and last info. `agent` is a gridlab AI spec ("probability") or a function agent(obs, env) -> action."""
    env = env_class(env_id)(**env_kwargs)
    results = []
    for episode in range(start, stop):
        episode_seed = stream_seed(seed, episode)
        # An AI of its own per episode, so that no episode depends on which others ran before it.
        ai = make_ai(env_id, agent, seed=stream_seed(episode_seed, 1)) if isinstance(agent, str) else None
        obs, info = env.reset(seed=episode_seed)
        total, length, terminated, truncated = 0.0, 0, False, False
        while not (terminated or truncated):
            action = ai.act(env) if ai is not None else agent(obs, env)
            obs, reward, terminated, truncated, info = env.step(action)
            total += reward
            length += 1
        results.append({"return": total, "length": length, "info": info})
    return results


def _totals(env_id: str, results: list[dict]) -> dict:
    n = len(results)
    totals = {
        "episodes": n,
        "mean_return": sum(r["return"] for r in results) / n,
        "mean_length": sum(r["length"] for r in results) / n,
    }
    name = env_class(env_id).__name__
    if name == "MinesweeperEnv":
        totals["wins"] = sum(r["info"]["won"] for r in results)
        totals["win_rate"] = totals["wins"] / n
    elif name == "PuyoEnv":
        totals["mean_score"] = sum(r["info"]["score"] for r in results) / n
        totals["mean_max_chain"] = sum(r["info"]["max_chain"] for r in results) / n
    else:  # Gomoku against an opponent: the last reward says who won
        totals["wins"] = sum(r["return"] > 0 for r in results)
        totals["losses"] = sum(r["return"] < 0 for r in results)
        totals["draws"] = n - totals["wins"] - totals["losses"]
    return totals


def _run(client, function, chunks, *args):
    if client is None:
        return [function(*args[:-1], start, stop, args[-1]) for start, stop in chunks]
    futures = [client.submit(function, *args[:-1], start, stop, args[-1], pure=False) for start, stop in chunks]
    return client.gather(futures)


def evaluate(env_id: str, agent, episodes: int, seed: int, client=None, chunk: int = 1000, **env_kwargs) -> dict:
    """Plays `episodes` seeded episodes of env_id with `agent` (a gridlab AI spec, or a picklable
    function agent(obs, env) -> action), on the Dask `client`'s workers in chunks of `chunk` episodes,
    or here with client=None. Returns the totals: episodes, mean_return, mean_length, and per game
    wins and win_rate (Minesweeper), mean_score and mean_max_chain (Puyo), wins, draws and losses
    (Gomoku with an opponent)."""
    if episodes < 1 or chunk < 1:
        raise ValueError("episodes and chunk must be positive")
    env_class(env_id)(**env_kwargs)  # bad options fail here, not on the workers
    if isinstance(agent, str):
        make_ai(env_id, agent)
    parts = _run(client, play_episodes, _chunks(episodes, chunk), env_id, agent, seed, env_kwargs)
    return _totals(env_id, [result for part in parts for result in part])


def play_games(black: str, white: str, seed: int, start: int, stop: int, settings: dict) -> list[dict]:
    """Games start..stop-1 of a seeded self-play run between two gridlab Gomoku AIs, in one process:
    per game its moves and its winner (-1 black, 1 white, 0 a draw); the AIs swap colours every other
    game when settings["swap"] is true (game k's "black" says which spec had black)."""
    from .gomoku import State

    swap = settings.get("swap", False)
    board = {key: settings[key] for key in ("size", "win", "rule") if key in settings}
    games = []
    for game in range(start, stop):
        first, second = (white, black) if swap and game % 2 else (black, white)
        game_seed = stream_seed(seed, game)
        players = {-1: make_ai("gomoku", first, seed=stream_seed(game_seed, 0)),
                   1: make_ai("gomoku", second, seed=stream_seed(game_seed, 1))}
        state = State(**board)
        while not state.terminal:
            state.apply(players[state.to_move].act(state))
        games.append({"black": first, "moves": state.moves(), "winner": state.winner})
    return games


def self_play(black: str, white: str, games: int, seed: int, client=None, chunk: int = 20, swap: bool = True,
              **board) -> dict:
    """Plays `games` seeded Gomoku games between two gridlab AI specs (colours swapped every other
    game with swap=True) over the `client`'s workers, or here with client=None. board: size, win,
    rule. Returns {"games": [...], "points": {spec: points}} (a win 1, a draw 0.5)."""
    if games < 1 or chunk < 1:
        raise ValueError("games and chunk must be positive")
    if black == white:
        raise ValueError("black and white are the same spec; points are counted by spec, so make them differ")
    from .gomoku import State

    State(**board)
    make_ai("gomoku", black), make_ai("gomoku", white)
    settings = dict(board, swap=swap)
    records = [g for part in _run(client, play_games, _chunks(games, chunk), black, white, seed, settings) for g in part]
    points = {black: 0.0, white: 0.0}
    for record in records:
        had_black = record["black"]
        had_white = white if had_black == black else black
        if record["winner"] == 0:
            points[black] += 0.5
            points[white] += 0.5
        else:
            points[had_black if record["winner"] == -1 else had_white] += 1
    return {"games": records, "points": points}
