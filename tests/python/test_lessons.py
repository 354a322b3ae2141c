"""The Code lesson's harness (gridlab.lesson), natively: the page runs the same functions over the
engines' WebAssembly build (web/code/core.py), and tests/e2e/code.test.mjs expects the same games."""

import pathlib

import gridlab.lesson

LESSONS = pathlib.Path(__file__).resolve().parents[2] / "python" / "lessons"

# The ten-line evaluate the page plays too (tests/e2e/code.test.mjs).
TEN_LINES = (pathlib.Path(__file__).resolve().parents[1] / "programs" / "puyo_ten_lines.py").read_text()


def test_puyo_ten_lines_plays_the_seeded_games_the_page_expects():
    answer = gridlab.lesson.run("puyo", TEN_LINES, games=2)
    result = answer["result"]
    assert (result["games"], result["mean_score"], result["mean_max_chain"]) == (2, 10770, 2)


def test_every_starter_program_runs():
    for game, options in {"puyo": {"games": 1, "pairs": 10}, "minesweeper": {"games": 2},
                          "gomoku": {"games": 1, "playouts": 20, "opponent": "pure-mcts:playouts=20"}}.items():
        answer = gridlab.lesson.run(game, (LESSONS / f"{game}_lesson.py").read_text(), **options)
        assert "result" in answer, answer


def test_the_starters_play_the_games_the_page_expects():
    # tests/e2e/code.test.mjs: the page's Run with the same games and options.
    minesweeper = gridlab.lesson.run("minesweeper", (LESSONS / "minesweeper_lesson.py").read_text(), games=10)["result"]
    assert {key: minesweeper[key] for key in ("games", "wins", "moves", "guesses")} == \
        {"games": 10, "wins": 0, "moves": 49, "guesses": 49}
    gomoku = gridlab.lesson.run("gomoku", (LESSONS / "gomoku_lesson.py").read_text(), games=2,
                                opponent="pure-mcts:playouts=1000")["result"]
    assert (gomoku["games"], gomoku["wins"], gomoku["losses"]) == (2, 0, 2)
    assert [game["moves"] for game in gomoku["per_game"]] == [20, 15]


def test_errors_name_the_program_line():
    assert gridlab.lesson.run("puyo", "def evaluate(field)\n    return 0\n", games=1)["error"]["line"] == 1
    error = gridlab.lesson.run("puyo", "def evaluate(field):\n    top = field[0]\n    return top[6]\n", games=1)["error"]
    assert (error["line"], error["kind"]) == (3, "IndexError")
    assert error["message"] == "IndexError: list index out of range"
    # A wrong return type is found after evaluate returned: the line of its def.
    error = gridlab.lesson.run("puyo", "\n\ndef evaluate(field):\n    return 'high'\n", games=1)["error"]
    assert (error["line"], error["kind"]) == (3, "TypeError")
    assert "must return a number, got str" in error["message"]
    error = gridlab.lesson.run("puyo", "def evaluate(field):\n    return valeu\n", games=1)["error"]
    assert (error["line"], error["kind"]) == (2, "NameError")
    assert gridlab.lesson.run("puyo", "x = 1\n", games=1)["error"]["message"] == "NameError: the program must define the function evaluate"
