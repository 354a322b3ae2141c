"""gridlab's AIs from Python: the same decisions as the command line, on envs and on positions."""

import numpy as np
import pytest

import gridlab
from conftest import run_cli_json

BOARD = """\
..1.
..1.
1211
....
"""


def test_minesweeper_solvers_on_a_known_position():
    position = gridlab.minesweeper.Position.parse(BOARD, mines=3)
    assert (position.rows, position.cols, position.mines) == (4, 4, 3)
    cli = run_cli_json("minesweeper", "analyze", "--mines", "3", stdin=BOARD)
    decision = gridlab.make_ai("minesweeper", "probability").decide(position)
    assert [list(cell) for cell in decision["safe"]] == cli["safe"]
    assert [list(cell) for cell in decision["mines"]] == cli["mines"]
    assert list(decision["cell"]) == cli["move"] and decision["action"] == cli["move"][0] * 4 + cli["move"][1]
    for r in range(4):
        for c in range(4):
            expected = cli["probabilities"][r][c]
            got = decision["probabilities"][r, c]
            assert np.isnan(got) if expected is None else got == pytest.approx(expected, abs=1e-6)
    kb = gridlab.make_ai("minesweeper", "kb").decide(position)
    assert kb["sentences"] and all(set(s) == {"cells", "mines"} for s in kb["sentences"])
    assert gridlab.make_ai("minesweeper", "elimination").decide(position)["reason"] == "safest"


def test_minesweeper_position_from_a_view():
    env = gridlab.make("Minesweeper-v0", first_click="random-start")
    obs, _ = env.reset(seed=6)
    from_env = gridlab.minesweeper.Position.of_env(env)
    from_view = gridlab.minesweeper.Position.from_view(obs, mines=10)
    assert str(from_env) == str(from_view) and np.array_equal(from_env.view(), obs.astype(np.int8))
    with pytest.raises(ValueError, match="cell"):
        gridlab.minesweeper.Position.from_view(np.full((3, 3), 11), mines=1)
    with pytest.raises(ValueError):
        gridlab.minesweeper.Position.parse("..x\n...\n", mines=1)


def test_the_probability_solver_plays_beginner_games_to_wins():
    env = gridlab.make("Minesweeper-v0", level="beginner")
    solver = gridlab.make_ai("minesweeper", "probability")
    wins = 0
    for seed in range(20):
        env.reset(seed=seed)
        terminated = truncated = False
        while not (terminated or truncated):
            _, _, terminated, truncated, info = env.step(solver.act(env))
        wins += info["won"]
    assert wins >= 15  # it wins about 92% of beginner games


def test_gomoku_ai_matches_the_command_line():
    board = "........\n........\n...X....\n...XO...\n....O...\n........\n........\n........\n"
    cli = run_cli_json("gomoku", "move", "--ai", "mcts:playouts=3000", "--seed", "4", stdin=board)
    decision = gridlab.make_ai("gomoku", "mcts:playouts=3000", seed=4).decide(gridlab.gomoku.State.parse(board))
    assert list(decision["move"]) == cli["move"] and decision["notation"] == cli["notation"]
    assert decision["playouts"] == cli["playouts"]
    assert [c["visits"] for c in decision["candidates"][:10]] == [c["visits"] for c in cli["candidates"]]


def test_gomoku_ai_takes_a_win_and_pits_against_python():
    state = gridlab.gomoku.State(size=8, win=5)
    for action in (0, 8, 1, 9, 2, 10, 3, 11):  # black 0-3 in the top row, white below
        state.apply(action)
    decision = gridlab.make_ai("gomoku", "ab:playouts=5000").decide(state)
    assert decision["action"] == 4 and decision["win_line"][0] == 4
    env = gridlab.make("Gomoku-v0", size=8)
    env.reset(seed=0)
    ai = gridlab.make_ai("Gomoku-v0", "pure-mcts:playouts=200", seed=2)
    assert ai.act(env) in np.flatnonzero(env.action_masks())
    with pytest.raises(ValueError, match="over"):
        state.apply(4)
        ai.decide(state)


def test_puyo_ai_matches_the_command_line():
    """The greedy AI's game on seed 3 scores what `gridlab puyo eval` says."""
    cli = run_cli_json("puyo", "eval", "--ai", "greedy", "--games", "1", "--pairs", "30", "--seed", "3",
                       "--rules", "tutorial", "--per-game")
    game_seed = gridlab.make_vec("Puyo-v0", num_envs=1).reset(seed=3)[1]["seed"][0]
    env = gridlab.make("Puyo-v0", rules="tutorial", pairs=30)
    env.reset(seed=int(game_seed))
    ai = gridlab.make_ai("puyo", "greedy")
    terminated = truncated = False
    while not (terminated or truncated):
        _, _, terminated, truncated, info = env.step(ai.act(env))
    assert info["score"] == cli["per_game"][0]["score"] and info["max_chain"] == cli["per_game"][0]["max_chain"]


def test_puyo_state_afterstates_and_beam_plan():
    state = gridlab.puyo.State(seed=1, rules="tutorial")
    afters = state.afterstates()
    assert [a["action"] for a in afters] == state.legal_actions() == list(range(22))
    assert all(a["field"].shape == (12, 6) and (a["field"] > 0).sum() == 2 for a in afters)
    plan = gridlab.make_ai("puyo", "beam:width=20,depth=3", seed=1).decide(state)
    assert plan["action"] in state.legal_actions() and plan["path"][0] == plan["action"]
    copy = state.copy()
    copy.apply(plan["action"])
    assert copy.pairs_placed == 1 and state.pairs_placed == 0
    with pytest.raises(gridlab.RefusedStep):
        copy.apply(22)


def test_ai_specs_and_positions_are_checked():
    for game, spec in (("minesweeper", "magic"), ("puyo", "beam:width=0"), ("gomoku", "mcts:speed=9"),
                       ("minesweeper", "learned"), ("puyo", "greedy:depth=3")):
        with pytest.raises(ValueError):
            gridlab.make_ai(game, spec)
    with pytest.raises(ValueError, match="model"):
        gridlab.make_ai("minesweeper", "learned:model=/nonexistent.model")
    with pytest.raises(TypeError, match="gomoku"):
        gridlab.make_ai("gomoku", "mcts").decide(gridlab.make("Puyo-v0"))
    with pytest.raises(RuntimeError, match="reset"):
        gridlab.make_ai("puyo", "greedy").decide(gridlab.make("Puyo-v0"))
