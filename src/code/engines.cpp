// The engines for the Code lesson's Python in the page: what gridlab._core offers the lesson functions
// (python/gridlab/{puyo,minesweeper,gomoku}.py), as JavaScript classes (embind) that
// web/code/core.py, the page's gridlab._core, calls from Pyodide in the same Web Worker. Natively the
// same functions run over the pybind11 module (src/python/): one set of lesson functions for both.
//
// Answers are JSON text (one string crosses into Python instead of many small values) and refusals
// are returned, never thrown: {"error": "..."} or an error text, which core.py raises as Python's
// ValueError or gridlab.RefusedStep. Seeds are decimal text (a JavaScript number cannot hold every
// 64-bit seed).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/rng.h"
#include "gomoku/ai.h"
#include "gomoku/value_mcts.h"
#include "minesweeper/solver.h"
#include "puyo/ai_spec.h"
#include "puyo/rules.h"

namespace {

using nlohmann::json;
using namespace gridlab;

uint64_t seed_of(const std::string& text) {
    size_t used = 0;
    const unsigned long long seed = std::stoull(text, &used);
    if (used != text.size()) throw std::invalid_argument("a seed must be a whole number, got " + text);
    return seed;
}

// What `make` returns, or {"error": why} for whatever it threw.
template <typename F>
std::string answer(F&& make) {
    try {
        return make().dump();
    } catch (const std::exception& error) {
        return json{{"error", error.what()}}.dump();
    }
}

std::string stream_seed(const std::string& seed, int index) {
    return std::to_string(Rng::for_stream(seed_of(seed), static_cast<uint64_t>(index)).next_u64());
}

// --- Puyo -------------------------------------------------------------------------------------------

puyo::RuleSet rules_named(const std::string& name) {
    if (name == "tsu") return puyo::RuleSet::Tsu;
    if (name == "tutorial") return puyo::RuleSet::Tutorial;
    throw std::invalid_argument("unknown rules '" + name + "' (expected tsu or tutorial)");
}

json field_rows(const puyo::Field& field) {
    json rows = json::array();
    for (int row = field.rows() - 1; row >= 0; --row) {
        json cells = json::array();
        for (int col = 0; col < puyo::kColumns; ++col) cells.push_back(static_cast<int>(field.at(col, row)));
        rows.push_back(std::move(cells));
    }
    return rows;
}

json move_json(const puyo::MoveResult& move) { return {{"chains", move.chains}, {"score", move.score}, {"all_clear", move.all_clear}}; }

struct PuyoGame {
    puyo::State state;
    static std::string settings_error(const std::string& rules, int colors, int pairs) {
        try {
            puyo::validate({rules_named(rules), colors, pairs});
            return "";
        } catch (const std::exception& error) {
            return error.what();
        }
    }
    PuyoGame(const std::string& seed, const std::string& rules, int colors, int pairs)
        : state(puyo::Settings{rules_named(rules), colors, pairs}, seed_of(seed)) {}

    std::string info() const {
        return json{{"score", state.score()}, {"max_chain", state.max_chain()}, {"pairs_placed", state.pairs_placed()},
                    {"pairs_left", state.pairs_left()}, {"terminal", state.terminal()}, {"game_over", state.game_over()}}
            .dump();
    }
    std::string field() const { return field_rows(state.field()).dump(); }
    std::string afterstates() const {
        json list = json::array();
        for (const puyo::Placement placement : state.legal_placements()) {
            puyo::State next = state;
            json after = move_json(next.apply_unchecked(placement));
            after["action"] = puyo::action_of(placement);
            after["field"] = field_rows(next.field());
            after["game_over"] = next.game_over();
            list.push_back(std::move(after));
        }
        return list.dump();
    }
    std::string apply(int action) {
        return answer([&] {
            const puyo::Placement placement = puyo::placement_of(action);
            const std::string refusal = state.apply_error(placement);
            if (!refusal.empty()) return json{{"refused", refusal}};
            return move_json(state.apply_unchecked(placement));
        });
    }
};

struct PuyoPlayer {
    puyo::AiSpec spec;
    uint64_t seed;
    std::unique_ptr<puyo::Ai> ai;
    puyo::RuleSet rules = puyo::RuleSet::Tsu;
    static std::string spec_error(const std::string& spec) {
        try {
            puyo::parse_ai_spec(spec);
            return "";
        } catch (const std::exception& error) {
            return error.what();
        }
    }
    PuyoPlayer(const std::string& text, const std::string& seed_text) : spec(puyo::parse_ai_spec(text)), seed(seed_of(seed_text)) {}
    std::string decide(const PuyoGame& game) {
        return answer([&] {
            if (game.state.terminal()) throw std::invalid_argument("the game is over: there is no placement to choose");
            if (!ai || rules != game.state.settings().rules) {
                ai = puyo::make_ai(spec, seed, game.state.settings().rules);
                rules = game.state.settings().rules;
            }
            return json{{"action", puyo::action_of(ai->decide(game.state).placement)}};
        });
    }
};

// --- Minesweeper --------------------------------------------------------------------------------------

struct MinesweeperGame {
    minesweeper::State state;
    static minesweeper::Settings settings_of(const std::string& level, int rows, int cols, int mines, const std::string& first_click) {
        const minesweeper::FirstClick rule = minesweeper::parse_first_click(first_click);
        minesweeper::Settings settings = level.empty() ? minesweeper::Settings{rows, cols, mines, rule} : minesweeper::level_settings(level, rule);
        minesweeper::validate(settings);
        return settings;
    }
    static std::string settings_error(const std::string& level, int rows, int cols, int mines, const std::string& first_click) {
        try {
            settings_of(level, rows, cols, mines, first_click);
            return "";
        } catch (const std::exception& error) {
            return error.what();
        }
    }
    MinesweeperGame(const std::string& level, int rows, int cols, int mines, const std::string& first_click, const std::string& seed)
        : state(settings_of(level, rows, cols, mines, first_click), seed_of(seed)) {}

    std::string info() const {
        const minesweeper::Outcome outcome = state.outcome();
        return json{{"rows", state.rows()}, {"cols", state.cols()}, {"mines", state.settings().mines},
                    {"outcome", outcome == minesweeper::Outcome::Won ? "won" : outcome == minesweeper::Outcome::Lost ? "lost" : "playing"}}
            .dump();
    }
    std::string view() const {
        json rows = json::array();
        for (int row = 0; row < state.rows(); ++row) {
            json cells = json::array();
            for (int col = 0; col < state.cols(); ++col) cells.push_back(static_cast<int>(state.view(state.index(row, col))));
            rows.push_back(std::move(cells));
        }
        return rows.dump();
    }
    // "" or why the cell cannot be opened.
    std::string reveal(int row, int col) {
        if (row < 0 || row >= state.rows() || col < 0 || col >= state.cols())
            return "cell (" + std::to_string(row) + ", " + std::to_string(col) + ") is not on the " + std::to_string(state.rows()) +
                   "x" + std::to_string(state.cols()) + " board";
        const std::string refusal = state.reveal_error(state.index(row, col));
        if (refusal.empty()) state.reveal_unchecked(state.index(row, col));
        return refusal;
    }
    bool is_mine(int row, int col) const {
        return row >= 0 && row < state.rows() && col >= 0 && col < state.cols() && state.is_mine(state.index(row, col));
    }
};

json cells_json(const std::vector<int>& cells, int cols) {
    json list = json::array();
    for (int cell : cells) list.push_back({cell / cols, cell % cols});
    return list;
}

struct MinesweeperPlayer {
    std::unique_ptr<minesweeper::Solver> solver;
    static std::string spec_error(const std::string& spec) {
        try {
            minesweeper::make_solver_from_spec(spec);
            return "";
        } catch (const std::exception& error) {
            return error.what();
        }
    }
    MinesweeperPlayer(const std::string& spec, const std::string& seed) : solver(minesweeper::make_solver_from_spec(spec, Rng(seed_of(seed)))) {}
    std::string decide(const MinesweeperGame& game) {
        return answer([&] {
            const minesweeper::Decision decision = solver->decide(game.state.position());
            const int cols = game.state.cols();
            return json{{"action", decision.move},
                        {"cell", decision.move < 0 ? json(nullptr) : json{decision.move / cols, decision.move % cols}},
                        {"guess", decision.guess},
                        {"safe", cells_json(decision.knowledge.safe, cols)},
                        {"mines", cells_json(decision.knowledge.mines, cols)}};
        });
    }
};

// --- Gomoku -------------------------------------------------------------------------------------------

int64_t side_number(gomoku::Stone stone) { return stone == gomoku::Stone::Black ? -1 : stone == gomoku::Stone::White ? 1 : 0; }

// The board as text, a character a cell, rows top first: 'X' black, 'O' white, '.' empty (what the
// value function's callback gets: core.py turns it into rows of -1, 1, 0).
std::string board_text(const gomoku::State& state) {
    std::string text;
    for (int row = 0; row < state.size(); ++row)
        for (int col = 0; col < state.size(); ++col) text += gomoku::stone_char(state.at(row, col));
    return text;
}

struct GomokuGame {
    gomoku::State state;
    static std::string settings_error(int size, int win, const std::string& rule) {
        try {
            gomoku::validate({size, win, gomoku::parse_rule(rule)});
            return "";
        } catch (const std::exception& error) {
            return error.what();
        }
    }
    GomokuGame(int size, int win, const std::string& rule) : state(gomoku::Settings{size, win, gomoku::parse_rule(rule)}) {}

    std::string info() const {
        return json{{"size", state.size()}, {"terminal", state.is_terminal()}, {"winner", side_number(state.winner())},
                    {"to_move", state.is_terminal() ? 0 : side_number(state.to_move())}, {"num_moves", state.num_moves()}}
            .dump();
    }
    std::string board() const { return board_text(state); }
    std::string legal_actions() const { return json(state.legal_actions()).dump(); }
    std::string apply(int action) {
        const std::string refusal = action < 0 || action >= state.num_actions() ? "action " + std::to_string(action) + " is off the board"
                                                                                : state.apply_error(action);
        if (refusal.empty()) state.apply(action);
        return refusal;
    }
};

struct GomokuPlayer {
    std::unique_ptr<gomoku::Search> ai;
    static std::string spec_error(const std::string& spec) {
        try {
            gomoku::make_ai(gomoku::parse_ai_spec(spec), 0);
            return "";
        } catch (const std::exception& error) {
            return error.what();
        }
    }
    GomokuPlayer(const std::string& spec, const std::string& seed) : ai(gomoku::make_ai(gomoku::parse_ai_spec(spec), seed_of(seed))) {}
    std::string decide(const GomokuGame& game) {
        return answer([&] { return json{{"action", ai->choose(game.state)}}; });
    }
};

// gridlab's tree search with its leaves valued by `value` (a JavaScript function of the board text
// returning black's value; NaN when the Python function behind it failed, which stops the search).
std::string gomoku_value_move(const GomokuGame& game, emscripten::val value, int playouts, const std::string& seed) {
    return answer([&] {
        const auto search = gomoku::make_value_mcts(
            [&value](const gomoku::State& leaf) { return value(board_text(leaf)).as<double>(); },
            {playouts, 0}, seed_of(seed));
        return json{{"action", search->choose(game.state)}};
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(gridlab_lesson_engines) {
    using namespace emscripten;
    function("stream_seed", &stream_seed);
    function("gomoku_value_move", &gomoku_value_move);
    class_<PuyoGame>("PuyoGame")
        .constructor<std::string, std::string, int, int>()
        .class_function("settings_error", &PuyoGame::settings_error)
        .function("info", &PuyoGame::info)
        .function("field", &PuyoGame::field)
        .function("afterstates", &PuyoGame::afterstates)
        .function("apply", &PuyoGame::apply);
    class_<PuyoPlayer>("PuyoPlayer")
        .constructor<std::string, std::string>()
        .class_function("spec_error", &PuyoPlayer::spec_error)
        .function("decide", &PuyoPlayer::decide);
    class_<MinesweeperGame>("MinesweeperGame")
        .constructor<std::string, int, int, int, std::string, std::string>()
        .class_function("settings_error", &MinesweeperGame::settings_error)
        .function("info", &MinesweeperGame::info)
        .function("view", &MinesweeperGame::view)
        .function("reveal", &MinesweeperGame::reveal)
        .function("is_mine", &MinesweeperGame::is_mine);
    class_<MinesweeperPlayer>("MinesweeperPlayer")
        .constructor<std::string, std::string>()
        .class_function("spec_error", &MinesweeperPlayer::spec_error)
        .function("decide", &MinesweeperPlayer::decide);
    class_<GomokuGame>("GomokuGame")
        .constructor<int, int, std::string>()
        .class_function("settings_error", &GomokuGame::settings_error)
        .function("info", &GomokuGame::info)
        .function("board", &GomokuGame::board)
        .function("legal_actions", &GomokuGame::legal_actions)
        .function("apply", &GomokuGame::apply);
    class_<GomokuPlayer>("GomokuPlayer")
        .constructor<std::string, std::string>()
        .class_function("spec_error", &GomokuPlayer::spec_error)
        .function("decide", &GomokuPlayer::decide);
}
