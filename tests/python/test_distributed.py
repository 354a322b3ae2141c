"""gridlab.distributed on a Dask LocalCluster of 2 worker processes: the same totals as one process."""

import pytest

import gridlab.distributed as gd

dask_distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = dask_distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                            dashboard_address=None, silence_logs=40)
    with dask_distributed.Client(cluster) as client:
        yield client
    cluster.close()


def first_hidden(obs, env):
    return int(env.action_masks().nonzero()[0][0])


def test_evaluation_totals_are_those_of_one_process(client):
    options = dict(level="beginner")
    local = gd.evaluate("Minesweeper-v0", "probability", episodes=120, seed=5, **options)
    spread = gd.evaluate("Minesweeper-v0", "probability", episodes=120, seed=5, client=client, chunk=17, **options)
    assert spread == local and local["episodes"] == 120 and 0.8 <= local["win_rate"] <= 1
    python_agent = gd.evaluate("Puyo-v0", first_hidden, episodes=6, seed=2, client=client, chunk=4, pairs=20)
    assert python_agent == gd.evaluate("Puyo-v0", first_hidden, episodes=6, seed=2, pairs=20)


def test_self_play_over_the_cluster(client):
    board = dict(size=6, win=4)
    local = gd.self_play("pure-mcts:playouts=100", "ab:playouts=2000", games=6, seed=3, **board)
    spread = gd.self_play("pure-mcts:playouts=100", "ab:playouts=2000", games=6, seed=3, client=client, chunk=2, **board)
    assert spread == local
    assert sum(local["points"].values()) == 6 and [g["black"] for g in local["games"][:2]] == [
        "pure-mcts:playouts=100", "ab:playouts=2000"]


def test_bad_requests_fail_before_any_work(client):
    with pytest.raises(ValueError):
        gd.evaluate("Minesweeper-v0", "probability", episodes=10, seed=1, client=client, level="galactic")
    with pytest.raises(ValueError):
        gd.self_play("mcts", "mcts", games=2, seed=1)
