// Each game's part of the search protocol (search.h): the request a screen sends, the job the
// request becomes, and the report it gets back. A game's three live in one file, <game>_search.cpp,
// and its training's in <game>_training.cpp (the job they share: training_job.h).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "gomoku/ai.h"
#include "gomoku/az_trainer.h"
#include "gomoku/rules.h"
#include "minesweeper/learner.h"
#include "minesweeper/rules.h"
#include "minesweeper/solver.h"
#include "puyo/ai.h"
#include "puyo/learner.h"
#include "puyo/rules.h"
#include "search/search.h"

namespace gridlab::search {

// --- Gomoku: params {size, win, rule}, moves [action...], ai {name, seed, playouts, ms, nodes, and for
// "az" model: its model file (learn::save_model) in base64, for the board of params} ---
// Report: {"move": the most visited action, "playouts", "ms", "nodes",
//          "candidates": [{"action", "visits", "value"}...] (the 10 most visited), "win_line", "threat_line",
//          "network_value": az's network's value of the position for the side to move (-1..1), else null}.
nlohmann::json gomoku_request(const gomoku::State& state, const gomoku::AiSpec& ai, uint64_t seed,
                              const std::string& model = {});
std::unique_ptr<Job> gomoku_job(const nlohmann::json& request);
gomoku::SearchReport gomoku_report(const nlohmann::json& report);  // the move is report["move"]

// --- Gomoku training (type "train"): the AlphaZero learner. settings {size, win, channels, layers,
// policy_planes, playouts, lr, weight_decay, batch, updates_per_game, replay_capacity,
// temperature_moves, noise_fraction, noise_alpha, eval_every,
// eval_games, eval_az_playouts, eval_pure_playouts, eval_pure_max, eval_mcts_playouts, eval_mcts_max,
// window, lesson_games, seed}, model (optional: base64 model file to resume from; its own settings
// win), episodes (optional: the self-play games to end at, the evaluation they start included; else
// it runs until cancelled) ---
// Report: {"games", "moves", "updates", "seconds", "weight_hash", "model": the run as base64 model file,
//          as `gridlab gomoku train --out` writes it}. A slice may end inside a move's search.
nlohmann::json gomoku_training_request(const gomoku::AzTrainSettings& settings, const std::string& model);
std::unique_ptr<Job> gomoku_training_job(const nlohmann::json& request);

// --- Minesweeper: params {rows, cols, mines, first, seed}, actions [["reveal"|"flag"|"chord", cell]...],
// ai {name, seed} ---
// Report: {"move" (-1: none), "guess", "reason" (safest|look_ahead|exact_win|unsettled|fewer_hidden), "win"
// (exact_win: the chance to win from here; else -1), "safe", "mines", "probability" (per cell), "sentences"}.
nlohmann::json minesweeper_request(const minesweeper::Settings& settings, uint64_t game_seed,
                                   const nlohmann::json& actions, const std::string& solver, uint64_t seed);
std::unique_ptr<Job> minesweeper_job(const nlohmann::json& request);
minesweeper::Decision minesweeper_decision(const nlohmann::json& report);

// --- Minesweeper training (type "train"): settings {rows, cols, mines, first, rewards, width, depth, lr,
// explore, window, seed, warm_up (optional: TrainSettings' default)}, model (optional: base64 model file to resume from; its own settings win),
// episodes (optional: end with a result there; else it runs until cancelled) ---
// Report: {"episodes", "steps", "updates", "seconds", "weight_hash", "model": the run as base64 model file}.
nlohmann::json minesweeper_training_request(const minesweeper::TrainSettings& settings, const std::string& model);
std::unique_ptr<Job> minesweeper_training_job(const nlohmann::json& request);

// --- Puyo: params {rules, colors, pairs (the pair limit, 0: none), seed}, actions [placement index...],
// ai {name, seed} ---
// Report: {"placement": [column, rotation], "path", "firing", "chain", "score", "trigger_column",
//          "trigger_color", "nodes"}.
nlohmann::json puyo_request(const puyo::Settings& settings, uint64_t game_seed, const std::vector<int>& actions,
                            const std::string& ai, uint64_t seed);
std::unique_ptr<Job> puyo_job(const nlohmann::json& request);
puyo::Plan puyo_plan(const nlohmann::json& report);

// --- Puyo training (type "train"): the afterstate value learner. settings {rules, colors, pairs, inputs,
// width, lr, explore, gamma, lambda, batch, updates_per_game, replay_capacity, window, seed}, model
// (optional: base64 model file to resume from; its own settings win), episodes (optional: the games to
// end at; else it runs until cancelled) ---
// Report: {"games", "moves", "updates", "seconds", "weight_hash", "model": the run as base64 model file,
//          as `gridlab puyo train --out` writes it}.
nlohmann::json puyo_training_request(const puyo::TrainSettings& settings, const std::string& model);
std::unique_ptr<Job> puyo_training_job(const nlohmann::json& request);

}  // namespace gridlab::search
