// The games' environments as the Python face sees them: the contract's Env (core/env.h) and what
// Gymnasium's reset() and step() return besides: the info dict, the text render, the observation's
// shape and range. One adapter per game; env_bindings.cpp drives every game through this one shape.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/env.h"
#include "gomoku/env.h"
#include "minesweeper/env.h"
#include "puyo/env.h"

namespace gridlab::gomoku {
struct AiSpec;
class Search;
}  // namespace gridlab::gomoku

namespace gridlab::python {

using InfoValue = std::variant<bool, int64_t, double>;
struct InfoField {
    const char* key;
    InfoValue value;
};

// One array of the observation: its shape as Python sees it and the range of its values. Every game's
// observation holds small whole numbers (-1..9: codes, counts, 0/1 planes), which Python gets as int8
// (a replay of a million boards is a quarter of its size in floats, and exact).
struct ArraySpec {
    std::vector<long> shape;
    float low = 0, high = 0;
    long size() const;
};

// The observation: the Env's planes as one array, or, for a game with extras (Puyo's pairs), a dict
// of the planes and the extras under their names.
struct ObservationSpec {
    ArraySpec planes;
    std::string planes_name;  // "" when there are no extras
    ArraySpec extras;
    std::string extras_name;
};

class GameEnv {
public:
    virtual ~GameEnv() = default;
    virtual const gridlab::Env& env() const = 0;
    virtual void reset(uint64_t seed) = 0;
    // Throws RefusedStep (nothing changes) for an action the mask forbids.
    virtual StepResult step(int action) = 0;
    // The info dict's fields after reset() or step(): the same keys and types every time.
    virtual void info(std::vector<InfoField>& fields) const = 0;
    virtual std::string render() const = 0;
};

// The three games' adapters, for the bindings that read a game's own state (its AIs' positions).
class MinesweeperEnv final : public GameEnv {
public:
    explicit MinesweeperEnv(const minesweeper::EnvConfig& config) : env_(config) {}
    const minesweeper::Env& env() const override { return env_; }
    void reset(uint64_t seed) override { env_.reset(seed); }
    StepResult step(int action) override { return env_.step(action); }
    void info(std::vector<InfoField>& fields) const override;
    std::string render() const override;

private:
    minesweeper::Env env_;
};

class PuyoEnv final : public GameEnv {
public:
    explicit PuyoEnv(const puyo::Settings& settings) : env_(settings) {}
    const puyo::Env& env() const override { return env_; }
    void reset(uint64_t seed) override { env_.reset(seed); }
    StepResult step(int action) override { return env_.step(action); }
    void info(std::vector<InfoField>& fields) const override;
    std::string render() const override;

private:
    puyo::Env env_;
};

// A Gomoku side as the observation encodes it: -1 black, +1 white, 0 none.
int64_t side_number(gomoku::Stone stone);

// Both sides stepped by the caller; with an opponent, each step is the caller's move and the AI's
// reply, and the reward is the caller's: +1 a win, -1 a loss, 0 otherwise.
class GomokuEnv final : public GameEnv {
public:
    GomokuEnv(const gomoku::Settings& settings, std::shared_ptr<const gomoku::AiSpec> opponent, bool play_white);
    ~GomokuEnv() override;
    const gomoku::Env& env() const override { return env_; }
    void reset(uint64_t seed) override;
    StepResult step(int action) override;
    void info(std::vector<InfoField>& fields) const override;
    std::string render() const override;

private:
    StepResult reply();  // the opponent's move

    gomoku::Env env_;
    std::shared_ptr<const gomoku::AiSpec> opponent_;
    bool play_white_;
    std::unique_ptr<gomoku::Search> ai_;
    int reply_ = -1;  // the opponent's last move, -1 before its first
};

// How to make environments of one configuration: the single env and every env of a vector.
struct EnvSpec {
    std::string id;  // "Minesweeper-v0", "Puyo-v0", "Gomoku-v0"
    ObservationSpec observation;
    int action_count = 0;
    bool slow = false;  // reset/step may think for long (an AI opponent): let other Python threads run
    std::function<std::unique_ptr<GameEnv>()> make;
};

// Each throws std::invalid_argument naming the option that is wrong.
struct MinesweeperOptions {
    std::string level;  // "beginner", "intermediate", "expert", or "" for rows x cols with mines
    int rows = 0, cols = 0, mines = 0;
    std::string first_click = "safe";
    std::string rewards = "seed-000";
    std::string observation = "player-view";
    int max_steps = 200;
};
EnvSpec minesweeper_env_spec(const MinesweeperOptions& options);

struct PuyoOptions {
    std::string rules = "tsu";
    int colors = 4;
    int pairs = 0;  // the pair limit (truncation); 0: none
};
EnvSpec puyo_env_spec(const PuyoOptions& options);

struct GomokuOptions {
    int size = 8;
    int win = 5;
    std::string rule = "freestyle";
    std::string opponent;  // an AI spec (gomoku/ai.h), or "" for both sides stepped by the caller
    std::string play_as = "black";  // with an opponent: the caller's colour
};
EnvSpec gomoku_env_spec(const GomokuOptions& options);

}  // namespace gridlab::python
