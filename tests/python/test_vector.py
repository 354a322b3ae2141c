"""make_vec: N environments stepped in one call, with Gymnasium's next-step autoreset."""

import numpy as np
import pytest

import gridlab


def random_legal_actions(masks, rng):
    scores = rng.random(masks.shape)
    scores[~masks] = -1
    return scores.argmax(axis=1)


def test_vector_env_i_plays_the_episodes_of_stream_i():
    """Each env of a vector plays what a single env plays from the episode seeds it reports."""
    envs = gridlab.make_vec("Minesweeper-v0", num_envs=3, level="beginner", first_click="random-start")
    obs, info = envs.reset(seed=21)
    singles = [gridlab.make("Minesweeper-v0", level="beginner", first_click="random-start") for _ in range(3)]
    for i, env in enumerate(singles):
        single_obs, single_info = env.reset(seed=int(info["seed"][i]))
        assert np.array_equal(obs[i], single_obs) and single_info["revealed"] == info["revealed"][i]
    rng = np.random.default_rng(5)
    pending = [False] * 3
    for _ in range(60):
        actions = random_legal_actions(envs.action_masks(), rng)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        for i, env in enumerate(singles):
            if pending[i]:  # next-step autoreset: this step reset env i, its action ignored
                assert rewards[i] == 0 and not terminated[i] and not truncated[i]
                single_obs, single_info = env.reset(seed=int(info["seed"][i]))
                pending[i] = False
            else:
                single_obs, reward, term, trunc, single_info = env.step(int(actions[i]))
                assert (reward, term, trunc) == (rewards[i], terminated[i], truncated[i])
                pending[i] = term or trunc
            assert np.array_equal(obs[i], single_obs)
            assert single_info["steps"] == info["steps"][i] and single_info["won"] == info["won"][i]


def test_same_seed_same_batches_and_gymnasium_info_layout():
    def run():
        envs = gridlab.make_vec("Puyo-v0", num_envs=5, rules="tutorial")
        obs, info = envs.reset(seed=8)
        rng = np.random.default_rng(2)
        out = []
        for _ in range(40):
            step = envs.step(random_legal_actions(envs.action_masks(), rng))
            out.append(step)
        return out

    first, second = run(), run()
    for a, b in zip(first, second):
        assert all(np.array_equal(a[0][k], b[0][k]) for k in ("field", "pairs"))
        for x, y in zip(a[1:4], b[1:4]):
            assert np.array_equal(x, y)
    info = first[-1][4]
    assert set(info) == {"score", "_score", "chain", "_chain", "max_chain", "_max_chain", "pairs", "_pairs",
                         "all_clear", "_all_clear", "seed", "_seed"}
    assert info["score"].dtype == np.int64 and info["all_clear"].dtype == np.bool_ and info["_score"].all()


def test_spaces_and_returned_arrays():
    envs = gridlab.make_vec("Gomoku-v0", num_envs=4, size=7)
    assert envs.num_envs == 4
    assert envs.single_action_space.n == 49 and envs.single_observation_space.shape == (7, 7)
    assert envs.observation_space.shape == (4, 7, 7)
    obs, info = envs.reset(seed=1)
    assert obs in envs.observation_space
    assert envs.action_space.sample() in envs.action_space
    obs2, rewards, terminated, truncated, info = envs.step(np.arange(4))
    assert obs2[2, 0, 2] == -1 and not obs.any()  # copies: the first observation did not change
    assert rewards.dtype == np.float64 and terminated.dtype == np.bool_


def test_copy_false_returns_the_kept_arrays():
    envs = gridlab.make_vec("Gomoku-v0", num_envs=2, size=5, copy=False)
    first, _ = envs.reset(seed=1)
    second, *_ = envs.step([0, 1])
    assert first is not None and np.shares_memory(first, second)


def test_a_refused_action_moves_no_env():
    envs = gridlab.make_vec("Gomoku-v0", num_envs=3, size=5)
    envs.reset(seed=0)
    envs.step([0, 0, 0])
    before = envs.action_masks()
    with pytest.raises(gridlab.RefusedStep, match="env 2"):
        envs.step([1, 1, 0])  # env 2's cell 0 is taken
    with pytest.raises(gridlab.RefusedStep, match="outside"):
        envs.step([1, 1, 25])
    assert np.array_equal(envs.action_masks(), before)
    for bad in ([1.0, 2.0, 3.0], ["a", "b", "c"]):
        with pytest.raises(TypeError):
            envs.step(bad)
    with pytest.raises(ValueError, match="shape"):
        envs.step([1, 2])
    with pytest.raises(ValueError, match="num_envs"):
        gridlab.make_vec("Gomoku-v0", num_envs=0)
    with pytest.raises(ValueError, match="num_envs"):
        gridlab.make_vec("Gomoku-v0", num_envs=10**9)


def test_gomoku_vector_with_an_opponent():
    envs = gridlab.make_vec("Gomoku-v0", num_envs=2, size=6, win=4, opponent="pure-mcts:playouts=30")
    obs, info = envs.reset(seed=3)
    obs, rewards, terminated, truncated, info = envs.step([0, 35])
    assert (obs == 1).sum() == 2 and (obs == -1).sum() == 2  # each env: our move and the reply
    assert (info["opponent_action"] >= 0).all()


@pytest.mark.parametrize("env_id, kwargs", [("Minesweeper-v0", {"first_click": "random-start"}),
                                            ("Gomoku-v0", {"size": 6, "win": 4, "opponent": "pure-mcts:playouts=20"})])
def test_threads_change_nothing_but_speed(env_id, kwargs):
    def run(threads):
        envs = gridlab.make_vec(env_id, num_envs=13, threads=threads, **kwargs)
        obs, _ = envs.reset(seed=4)
        trace = [obs]
        for _ in range(25):
            obs, rewards, terminated, truncated, info = envs.step(envs.random_actions())
            trace += [obs, rewards, terminated, info["seed"]]
        return trace

    one = run(1)
    for threads in (2, 5):
        assert all(np.array_equal(a, b) for a, b in zip(one, run(threads)))
    with pytest.raises(ValueError, match="threads"):
        gridlab.make_vec(env_id, num_envs=2, threads=0)


def test_random_actions_are_allowed_uniform_and_seeded():
    envs = gridlab.make_vec("Gomoku-v0", num_envs=4, size=5)
    envs.reset(seed=9)
    envs.step([0, 1, 2, 3])
    masks = envs.action_masks()
    draws = np.array([envs.random_actions() for _ in range(2000)])
    assert masks[np.arange(4), draws].all()
    counts = np.bincount(draws[:, 0], minlength=25)[1:]  # env 0: cell 0 is taken, 24 are free
    assert counts.min() > 40 and counts.max() < 130
    again = gridlab.make_vec("Gomoku-v0", num_envs=4, size=5)
    again.reset(seed=9)
    again.step([0, 1, 2, 3])
    assert np.array_equal(again.random_actions(), draws[0])
