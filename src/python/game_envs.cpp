#include "python/game_envs.h"

#include <stdexcept>

#include "core/text.h"
#include "gomoku/ai.h"

namespace gridlab::python {

long ArraySpec::size() const {
    long size = 1;
    for (const long dim : shape) size *= dim;
    return size;
}

// ---- Minesweeper ---------------------------------------------------------------------------------

void MinesweeperEnv::info(std::vector<InfoField>& fields) const {
    const minesweeper::StepInfo& info = env_.info();
    fields.push_back({"won", info.outcome == minesweeper::Outcome::Won});
    fields.push_back({"steps", int64_t{info.steps}});
    fields.push_back({"revealed", int64_t{info.revealed}});
}

std::string MinesweeperEnv::render() const { return env_.state()->render(); }

EnvSpec minesweeper_env_spec(const MinesweeperOptions& options) {
    using namespace minesweeper;
    const FirstClick first_click = parse_first_click(options.first_click);
    const bool custom = options.rows || options.cols || options.mines;
    if (custom == !options.level.empty())
        throw std::invalid_argument("give either level or all of rows, cols and mines");
    if (custom && !(options.rows && options.cols && options.mines))
        throw std::invalid_argument("a custom board needs all of rows, cols and mines");
    EnvConfig config;
    config.settings = custom ? Settings{options.rows, options.cols, options.mines, first_click}
                             : level_settings(options.level, first_click);
    config.layout = parse_layout(options.observation);
    config.rewards = parse_reward_scheme(options.rewards);
    config.max_steps = options.max_steps;
    const MinesweeperEnv probe(config);  // validates the settings and the step limit

    EnvSpec spec{"Minesweeper-v0", {}, probe.env().action_count(), false,
                 [config] { return std::make_unique<MinesweeperEnv>(config); }};
    const long rows = config.settings.rows, cols = config.settings.cols;
    switch (config.layout) {
        case ObservationLayout::PlayerView: spec.observation.planes = {{rows, cols}, -1, 9}; break;
        case ObservationLayout::TwoChannel: spec.observation.planes = {{2, rows, cols}, -1, 8}; break;
        case ObservationLayout::OneHot: spec.observation.planes = {{10, rows, cols}, 0, 1}; break;
    }
    return spec;
}

// ---- Puyo ----------------------------------------------------------------------------------------

void PuyoEnv::info(std::vector<InfoField>& fields) const {
    const puyo::State& state = env_.state();
    fields.push_back({"score", state.score()});
    fields.push_back({"chain", int64_t{env_.last_move().chains}});
    fields.push_back({"max_chain", int64_t{state.max_chain()}});
    fields.push_back({"pairs", int64_t{state.pairs_placed()}});
    fields.push_back({"all_clear", env_.last_move().all_clear});
}

std::string PuyoEnv::render() const { return env_.state().to_text(); }

EnvSpec puyo_env_spec(const PuyoOptions& options) {
    using namespace puyo;
    Settings settings;
    if (options.rules == "tsu")
        settings.rules = RuleSet::Tsu;
    else if (options.rules == "tutorial")
        settings.rules = RuleSet::Tutorial;
    else
        throw std::invalid_argument("unknown rules '" + options.rules + "' (expected tsu or tutorial)");
    settings.colors = options.colors;
    settings.max_pairs = options.pairs;
    validate(settings);
    EnvSpec spec{"Puyo-v0", {}, kPlacementCount, false, [settings] { return std::make_unique<PuyoEnv>(settings); }};
    spec.observation.planes = {{rows_of(settings.rules), kColumns}, 0, static_cast<float>(Puyo::Garbage)};
    spec.observation.planes_name = "field";
    spec.observation.extras = {{1 + kPreviewCount, 2}, 0, static_cast<float>(settings.colors)};
    spec.observation.extras_name = "pairs";
    return spec;
}

// ---- Gomoku --------------------------------------------------------------------------------------

int64_t side_number(gomoku::Stone stone) { return stone == gomoku::Stone::Black ? -1 : stone == gomoku::Stone::White ? 1 : 0; }

GomokuEnv::GomokuEnv(const gomoku::Settings& settings, std::shared_ptr<const gomoku::AiSpec> opponent, bool play_white)
    : env_(settings), opponent_(std::move(opponent)), play_white_(play_white) {}

GomokuEnv::~GomokuEnv() = default;

void GomokuEnv::reset(uint64_t seed) {
    env_.reset(seed);
    reply_ = -1;
    if (!opponent_) return;
    ai_ = gomoku::make_ai(*opponent_, seed);
    if (play_white_) reply();
}

StepResult GomokuEnv::step(int action) {
    const StepResult result = env_.step(action);
    if (!opponent_ || result.terminated) return result;
    const StepResult answer = reply();
    return {result.reward - answer.reward, answer.terminated, false};
}

StepResult GomokuEnv::reply() {
    reply_ = ai_->choose(env_.state());
    return env_.step(reply_);
}

void GomokuEnv::info(std::vector<InfoField>& fields) const {
    const gomoku::State& state = env_.state();
    fields.push_back({"to_move", state.is_terminal() ? int64_t{0} : side_number(state.to_move())});
    fields.push_back({"winner", side_number(state.winner())});
    fields.push_back({"moves", int64_t{state.num_moves()}});
    if (opponent_) fields.push_back({"opponent_action", int64_t{reply_}});
}

std::string GomokuEnv::render() const { return env_.state().to_text(); }

EnvSpec gomoku_env_spec(const GomokuOptions& options) {
    using namespace gomoku;
    const Settings settings{options.size, options.win, parse_rule(options.rule)};
    validate(settings);
    if (options.play_as != "black" && options.play_as != "white")
        throw std::invalid_argument("play_as must be black or white, not '" + options.play_as + "'");
    std::shared_ptr<AiSpec> opponent;
    if (!options.opponent.empty()) {
        opponent = std::make_shared<AiSpec>(parse_ai_spec(options.opponent));
        if (opponent->name == "az") {  // read the model once; every env's AI gets a copy of the network
            AzNetwork network = AzNetwork::from_model(learn::load_model(read_file_bytes(opponent->model, "model file"), "gomoku"));
            network.require_board(settings);
            opponent->network = std::make_shared<const AzNetwork>(std::move(network));
        }
    } else if (options.play_as != "black") {
        throw std::invalid_argument("play_as needs an opponent");
    }
    const bool play_white = options.play_as == "white";
    EnvSpec spec{"Gomoku-v0", {}, settings.size * settings.size, opponent != nullptr,
                 [settings, opponent, play_white] { return std::make_unique<GomokuEnv>(settings, opponent, play_white); }};
    spec.observation.planes = {{settings.size, settings.size}, -1, 1};
    return spec;
}

}  // namespace gridlab::python
