"""gridlab._core in the page: the part of the native module (src/python/, pybind11) that the lesson
functions use (python/gridlab/{puyo,minesweeper,gomoku}.py), over the engines' WebAssembly build
(src/code/engines.cpp), which web/code/worker.js loads beside Pyodide as `gridlabEngines`. Answers
cross as JSON text; refusals come back as text and are raised here as the native module raises them.
Lists stand in for numpy arrays, which the lesson functions accept alike."""

import json

from js import gridlabEngines as _engines


class RefusedStep(ValueError):
    """An action the rules refuse now (as gridlab.RefusedStep natively)."""


class ModelError(ValueError):
    """Not a model file gridlab can read (no model files in the page)."""


class ParseError(ValueError):
    """Text that is not a position."""


def _seed(seed) -> str:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed must be an integer, got {type(seed).__name__}")
    if not 0 <= seed < 2**64:
        raise ValueError(f"a seed must be a whole number in 0..{2**64 - 1}, got {seed}")
    return str(seed)


def _refuse_if(error: str):
    if error:
        raise ValueError(error)


def _answer(text: str) -> dict:
    answer = json.loads(text)
    if isinstance(answer, dict) and "error" in answer:
        raise ValueError(answer["error"])
    return answer


def _action(action) -> int:
    if isinstance(action, bool) or not isinstance(action, int):
        raise TypeError(f"an action must be an integer, got {type(action).__name__}")
    return action


def stream_seed(seed, index) -> int:
    """The seed of episode `index` of a seeded run (Rng::for_stream(seed, index)'s first number)."""
    return int(_engines.stream_seed(_seed(seed), index))


class _Engine:
    """A JavaScript engine object, deleted with its Python face (embind keeps C++ memory until then)."""

    _js = None

    def __del__(self):
        if self._js is not None:
            self._js.delete()


class PuyoState(_Engine):
    def __init__(self, seed, rules="tsu", colors=4, field="", pairs=0):
        if field:
            raise ValueError("a starting field is not offered in the page")
        _refuse_if(_engines.PuyoGame.settings_error(rules, colors, pairs))
        self._js = _engines.PuyoGame.new(_seed(seed), rules, colors, pairs)

    def _info(self) -> dict:
        return json.loads(self._js.info())

    score = property(lambda self: self._info()["score"])
    max_chain = property(lambda self: self._info()["max_chain"])
    pairs_placed = property(lambda self: self._info()["pairs_placed"])
    pairs_left = property(lambda self: self._info()["pairs_left"])
    terminal = property(lambda self: self._info()["terminal"])
    game_over = property(lambda self: self._info()["game_over"])

    def field(self) -> list:
        return json.loads(self._js.field())

    def afterstates(self) -> list:
        return json.loads(self._js.afterstates())

    def apply(self, action) -> dict:
        move = _answer(self._js.apply(_action(action)))
        if "refused" in move:
            raise RefusedStep(move["refused"])
        return move


class PuyoAi(_Engine):
    def __init__(self, spec, seed):
        _refuse_if(_engines.PuyoPlayer.spec_error(spec))
        self.name = spec.split(":", 1)[0]
        self._js = _engines.PuyoPlayer.new(spec, _seed(seed))

    def decide(self, state: PuyoState) -> dict:
        return _answer(self._js.decide(state._js))


class MinesweeperPosition:
    """What a player sees of a game, for the solvers (read from the game when a solver decides)."""

    def __init__(self, game):
        self._game = game


class MinesweeperGame(_Engine):
    def __init__(self, level="beginner", rows=0, cols=0, mines=0, first_click="safe", seed=1):
        _refuse_if(_engines.MinesweeperGame.settings_error(level, rows, cols, mines, first_click))
        self._js = _engines.MinesweeperGame.new(level, rows, cols, mines, first_click, _seed(seed))
        info = json.loads(self._js.info())
        self.rows, self.cols, self.mines = info["rows"], info["cols"], info["mines"]

    @property
    def outcome(self) -> str:
        return json.loads(self._js.info())["outcome"]

    def view(self) -> list:
        return json.loads(self._js.view())

    def reveal(self, row, col):
        refusal = self._js.reveal(_action(row), _action(col))
        if refusal:
            raise RefusedStep(refusal)

    def is_mine(self, row, col) -> bool:
        return bool(self._js.is_mine(_action(row), _action(col)))

    def position(self) -> MinesweeperPosition:
        return MinesweeperPosition(self)


class MinesweeperSolver(_Engine):
    def __init__(self, spec, seed):
        _refuse_if(_engines.MinesweeperPlayer.spec_error(spec))
        self.name = spec.split(":", 1)[0]
        self._js = _engines.MinesweeperPlayer.new(spec, _seed(seed))

    def decide(self, position: MinesweeperPosition) -> dict:
        return _answer(self._js.decide(position._game._js))


class GomokuState(_Engine):
    def __init__(self, size=8, win=5, rule="freestyle"):
        _refuse_if(_engines.GomokuGame.settings_error(size, win, rule))
        self._js = _engines.GomokuGame.new(size, win, rule)
        self.size, self.win, self.rule = size, win, rule

    def _info(self) -> dict:
        return json.loads(self._js.info())

    terminal = property(lambda self: self._info()["terminal"])
    winner = property(lambda self: self._info()["winner"])
    to_move = property(lambda self: self._info()["to_move"])
    num_moves = property(lambda self: self._info()["num_moves"])

    def board(self) -> list:
        return _board_rows(self._js.board(), self.size)

    def legal_actions(self) -> list:
        return json.loads(self._js.legal_actions())

    def apply(self, action):
        refusal = self._js.apply(_action(action))
        if refusal:
            raise RefusedStep(refusal)


_STONES = {"X": -1, "O": 1, ".": 0}


def _board_rows(text: str, size: int) -> list:
    """The engines' board text ('X' black, 'O' white, '.' empty) as rows of -1, 1 and 0."""
    return [[_STONES[text[row * size + col]] for col in range(size)] for row in range(size)]


class GomokuAi(_Engine):
    def __init__(self, spec, seed):
        _refuse_if(_engines.GomokuPlayer.spec_error(spec))
        self.name = spec.split(":", 1)[0]
        self._js = _engines.GomokuPlayer.new(spec, _seed(seed))

    def decide(self, state: GomokuState) -> dict:
        return _answer(self._js.decide(state._js))


class GomokuValueSearch:
    """gridlab's tree search with its leaves valued by `value` (a function of the board's rows,
    black's view): the engines call back into Python for every leaf."""

    def __init__(self, value, playouts, seed):
        if not 1 <= playouts <= 10_000_000:
            raise ValueError("playouts must be in 1..10000000")
        self._value, self._playouts, self._seed = value, playouts, _seed(seed)

    def move(self, state: GomokuState) -> int:
        if state.terminal:
            raise ValueError("the game is over: there is no move to choose")
        failure = []

        def leaf_value(text):
            # An exception cannot cross the engines: it is kept, NaN stops the search, and it is
            # raised again here.
            try:
                return self._value(_board_rows(text, state.size))
            except BaseException as error:  # noqa: B036 (a KeyboardInterrupt from the page's Stop too)
                failure.append(error)
                return float("nan")

        text = _engines.gomoku_value_move(state._js, leaf_value, self._playouts, self._seed)
        if failure:
            raise failure[0]
        return _answer(text)["action"]
