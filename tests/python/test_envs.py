"""The environments: Gymnasium's API, the engines' rules and seeds, refusals that change nothing."""

import numpy as np
import pytest

import gridlab
from conftest import run_cli


def random_legal(env, rng):
    return int(rng.choice(np.flatnonzero(env.action_masks())))


def play_random(env, seed, steps=500):
    """Observations, rewards and infos of a seeded random-legal game (resets included)."""
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=seed)
    trace = [(obs, 0.0, info)]
    for _ in range(steps):
        obs, reward, terminated, truncated, info = env.step(random_legal(env, rng))
        trace.append((obs, reward, info))
        if terminated or truncated:
            obs, info = env.reset()
            trace.append((obs, 0.0, info))
    return trace


def same_trace(a, b):
    assert len(a) == len(b)
    for (obs_a, reward_a, info_a), (obs_b, reward_b, info_b) in zip(a, b):
        if isinstance(obs_a, dict):
            assert obs_a.keys() == obs_b.keys() and all(np.array_equal(obs_a[k], obs_b[k]) for k in obs_a)
        else:
            assert np.array_equal(obs_a, obs_b)
        assert reward_a == reward_b and info_a == info_b


@pytest.mark.parametrize("env_id, kwargs", [
    ("Minesweeper-v0", {"level": "beginner", "first_click": "random-start"}),
    ("Minesweeper-v0", {"level": "expert", "observation": "one-hot", "rewards": "seed-004"}),
    ("Puyo-v0", {"rules": "tutorial", "colors": 3}),
    ("Gomoku-v0", {"size": 6, "win": 4}),
    ("Gomoku-v0", {"size": 7, "win": 4, "opponent": "pure-mcts:playouts=50"}),
])
def test_same_seed_same_episodes_and_spaces_hold_them(env_id, kwargs):
    first = play_random(gridlab.make(env_id, **kwargs), seed=11, steps=150)
    second = play_random(gridlab.make(env_id, **kwargs), seed=11, steps=150)
    same_trace(first, second)
    env = gridlab.make(env_id, **kwargs)
    for obs, reward, info in first:
        assert obs in env.observation_space
        assert isinstance(info, dict)


def test_observations_belong_to_the_caller():
    env = gridlab.make("Minesweeper-v0", first_click="random-start")
    obs, _ = env.reset(seed=3)
    kept = obs.copy()
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert np.array_equal(obs, kept)
    obs[:] = 42  # writing into a returned array changes nothing in the env
    assert env._core.observation().max() <= 9


def test_minesweeper_spaces_and_layouts():
    env = gridlab.make("Minesweeper-v0", level="intermediate", observation="two-channel")
    assert env.action_space.n == 256
    assert env.observation_space.shape == (2, 16, 16) and env.observation_space.dtype == np.int8
    obs, info = env.reset(seed=5)
    assert info == {"won": False, "steps": 0, "revealed": 0, "seed": 5}
    assert not obs.any()  # first_click "safe": nothing open before the first step
    obs, reward, terminated, truncated, info = env.step(0)
    assert reward in (1.0, 10.0) and not truncated
    assert obs[1, 0, 0] == 1  # the open mask
    expert = gridlab.make("Minesweeper-v0", rows=16, cols=30, mines=99, observation="one-hot")
    assert expert.observation_space.shape == (10, 16, 30)


def test_minesweeper_matches_the_command_lines_boards():
    """Env episode seeds are the command line's game seeds: with the safe first click in the corner,
    the opened cells are those the layouts of `gridlab minesweeper boards` give."""
    lines = run_cli("minesweeper", "boards", "--level", "beginner", "--games", "8", "--seed", "77").splitlines()[1:]
    envs = gridlab.make_vec("Minesweeper-v0", num_envs=8, level="beginner")
    envs.reset(seed=77)
    obs, *_ = envs.step(np.zeros(8, dtype=np.int64))
    for layout, view in zip(lines, obs):
        mines = np.array([[c == "*" for c in row] for row in layout.split("/")])
        numbers = np.zeros(mines.shape, dtype=int)
        for r, c in zip(*np.nonzero(mines)):
            numbers[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2] += 1
        opened = view != 9
        assert not (opened & mines).any()
        assert np.array_equal(view[opened], numbers[opened])
        assert opened[0, 0]


def test_refused_steps_change_nothing():
    env = gridlab.make("Minesweeper-v0", first_click="random-start")
    obs, _ = env.reset(seed=2)
    opened = int(np.flatnonzero(~env.action_masks())[0])
    for bad in (opened, -1, 81, 10**30):
        with pytest.raises(gridlab.RefusedStep):
            env.step(bad)
    assert issubclass(gridlab.RefusedStep, ValueError)
    for bad in (1.5, "3", None, [1], np.array([1, 2])):
        with pytest.raises(TypeError):
            env.step(bad)
    assert np.array_equal(env._core.observation(), obs)
    assert env.step(np.int64(np.flatnonzero(env.action_masks())[0]))[4]["steps"] == 1


def test_a_finished_episode_refuses_steps_until_reset():
    env = gridlab.make("Gomoku-v0", size=5, win=3)
    env.reset(seed=0)
    for action in (0, 5, 1, 6, 2):
        obs, reward, terminated, truncated, info = env.step(action)
    assert terminated and reward == 1.0 and info["winner"] == -1 and info["to_move"] == 0
    assert not env.action_masks().any()
    with pytest.raises(gridlab.RefusedStep, match="over"):
        env.step(3)
    env.reset()
    assert env.action_masks().all()


def test_step_before_reset_is_refused():
    with pytest.raises(gridlab.RefusedStep):
        gridlab.make("Puyo-v0").step(0)


def test_puyo_observation_and_info():
    env = gridlab.make("Puyo-v0", rules="tsu", colors=4, pairs=3)
    assert env.observation_space["field"].shape == (13, 6)
    assert env.observation_space["pairs"].shape == (3, 2)
    obs, info = env.reset(seed=9)
    pairs = gridlab.puyo.State(seed=9, rules="tsu", colors=4)
    assert tuple(obs["pairs"][0]) == pairs.current_pair and tuple(obs["pairs"][1]) == pairs.pair(1)
    assert info == {"score": 0, "chain": 0, "max_chain": 0, "pairs": 0, "all_clear": False, "seed": 9}
    truncated = False
    for step in range(3):
        obs, reward, terminated, truncated, info = env.step(1)  # column 1, the child above
    assert truncated and not terminated and info["pairs"] == 3
    assert not obs["field"][:, [0, 3, 4, 5]].any() and obs["field"][-1, 1:3].all()


def test_puyo_pairs_match_the_command_line():
    """Vector env i's first episode is the command line's game i of the same seed."""
    lines = run_cli("puyo", "pairs", "--games", "4", "--pairs", "3", "--seed", "5", "--colors", "4").split()
    letters = ".RGBYP"
    envs = gridlab.make_vec("Puyo-v0", num_envs=4)
    obs, _ = envs.reset(seed=5)
    for i in range(4):
        shown = ["".join(letters[int(c)] for c in pair) for pair in obs["pairs"][i]]
        assert shown == lines[3 * i:3 * i + 3]


def test_gomoku_both_sides_and_rewards_of_the_mover():
    env = gridlab.make("Gomoku-v0", size=6, win=4)
    assert env.observation_space.shape == (6, 6)
    obs, info = env.reset(seed=1)
    assert info["to_move"] == -1 and info["moves"] == 0
    obs, reward, terminated, truncated, info = env.step(14)
    assert obs[2, 2] == -1 and info["to_move"] == 1 and reward == 0
    for action in (0, 15, 1, 16, 2):
        obs, reward, terminated, truncated, info = env.step(action)
    assert not terminated
    obs, reward, terminated, truncated, info = env.step(17)  # black: 14 15 16 17
    assert terminated and reward == 1.0 and info["winner"] == -1


def test_gomoku_with_an_opponent_that_wins():
    env = gridlab.make("Gomoku-v0", size=6, win=4, opponent="ab:playouts=20000", play_as="white")
    obs, info = env.reset(seed=4)
    assert info["moves"] == 1 and info["opponent_action"] >= 0 and (obs == -1).sum() == 1
    rewards = []
    rng = np.random.default_rng(1)
    terminated = False
    while not terminated:
        obs, reward, terminated, truncated, info = env.step(random_legal(env, rng))
        rewards.append(reward)
    assert rewards[-1] == -1.0 and info["winner"] == -1 and set(rewards[:-1]) == {0.0}


def test_render_is_text_and_options_are_checked():
    env = gridlab.make("Minesweeper-v0", first_click="random-start")
    env.reset(seed=1)
    assert "H" in env.render() and env.render().count("\n") == 9
    assert gridlab.make("Gomoku-v0", render_mode=None).render() is None
    with pytest.raises(ValueError, match="level"):
        gridlab.make("Minesweeper-v0", level="huge")
    with pytest.raises(ValueError, match="board size"):
        gridlab.make("Minesweeper-v0", rows=10**6, cols=5, mines=3)
    with pytest.raises(ValueError):
        gridlab.make("Gomoku-v0", size=99)
    with pytest.raises(ValueError, match="unknown AI"):
        gridlab.make("Gomoku-v0", opponent="stockfish")
    with pytest.raises(ValueError, match="unknown environment"):
        gridlab.make("Chess-v0")
    with pytest.raises(TypeError):
        gridlab.make("Puyo-v0", colours=4)
    with pytest.raises(ValueError, match="options"):
        env.reset(options={"cheat": True})
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)


def test_reset_without_a_seed_continues_the_seeded_stream():
    env = gridlab.make("Puyo-v0")
    env.reset(seed=3)
    second = env.reset()[1]["seed"]
    env.reset(seed=3)
    assert env.reset()[1]["seed"] == second != 3
    unseeded = gridlab.make("Puyo-v0").reset()[1]["seed"]
    assert 0 <= unseeded < 2**64


def test_a_deal_over_before_its_first_step_is_replaced():
    """A random start can open every safe cell of a small board: such a deal has no step to take, so
    the next deal of the seed's stream is played instead (info["seed"] says which)."""
    env = gridlab.make("Minesweeper-v0", rows=3, cols=3, mines=1, first_click="random-start")
    replaced = 0
    for seed in range(40):
        obs, info = env.reset(seed=seed)
        assert env.action_masks().any() and not info["won"]
        replaced += info["seed"] != seed
    assert replaced > 0
    envs = gridlab.make_vec("Minesweeper-v0", num_envs=8, rows=3, cols=3, mines=1, first_click="random-start")
    envs.reset(seed=1)
    for _ in range(30):
        masks = envs.action_masks()
        obs, rewards, terminated, truncated, info = envs.step(masks.argmax(axis=1))
        waiting = terminated | truncated
        assert (envs.action_masks().any(axis=1) | waiting).all()
    with pytest.raises(ValueError, match="no game to play"):
        gridlab.make("Minesweeper-v0", rows=1, cols=2, mines=1, first_click="random-start").reset(seed=1)
