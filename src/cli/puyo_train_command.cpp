// gridlab puyo train: the afterstate value learner (src/puyo/learner.h) from the command line.
#include <cmath>
#include <optional>

#include "cli/commands.h"
#include "cli/progress.h"
#include "learn/model_file.h"
#include "puyo/learner.h"

namespace gridlab::cli {

// Named: the command line is built as one file (a unity build, CMakeLists.txt).
namespace puyo_train_cli {

using namespace gridlab::puyo;

double rounded(double value, double scale) { return std::round(value * scale) / scale; }

struct TrainOptions {
    std::string rules = "tsu", inputs = "features", out;
    std::optional<int64_t> games;
    std::optional<double> minutes;
    std::optional<int> width;
    TrainSettings settings;
};

nlohmann::json curve_json(const std::vector<CurvePoint>& curve) {
    nlohmann::json games = nlohmann::json::array(), score = nlohmann::json::array(),
                   max_chain = nlohmann::json::array(), loss = nlohmann::json::array();
    for (const CurvePoint& point : curve) {
        games.push_back(point.games);
        score.push_back(rounded(point.mean_score, 1e2));
        max_chain.push_back(rounded(point.mean_max_chain, 1e3));
        loss.push_back(rounded(point.loss, 1e5));
    }
    return {{"games", games}, {"score", score}, {"max_chain", max_chain}, {"loss", loss}};
}

// Training with progress on stderr (train_in_chunks).
void train(Trainer& trainer, const TrainOptions& o) {
    const int64_t target = o.games.value_or(0);
    const double seconds = o.minutes.value_or(0) * 60.0;
    Progress progress("games", target, seconds, o.settings.window);
    const auto extra = [&] {
        const std::vector<CurvePoint>& curve = trainer.curve();
        if (curve.empty()) return std::string();
        std::ostringstream text;
        text.precision(3);
        text << "chain " << curve.back().mean_max_chain << " score " << std::lround(curve.back().mean_score);
        return text.str();
    };
    train_in_chunks(trainer, progress, target, seconds, 5, [&] { return trainer.games(); }, extra);
}

}  // namespace puyo_train_cli

void add_puyo_train_command(CLI::App& puyo) {
    using namespace puyo_train_cli;
    auto* cmd = puyo.add_subcommand("train", "Train a value network that picks placements, from its own games");
    auto o = std::make_shared<TrainOptions>();
    TrainSettings& s = o->settings;
    cmd->add_option("--rules", o->rules, "tutorial or tsu")->check(CLI::IsMember({"tutorial", "tsu"}));
    cmd->add_option("--inputs", o->inputs, "What the network sees: features (hand-made) or field (raw planes)")
        ->check(CLI::IsMember({"features", "field"}));
    auto* games = cmd->add_option("--games", o->games, "Games to play (the same weights everywhere)")
                      ->check(CLI::Range(int64_t{1}, int64_t{100'000'000}));
    auto* minutes = cmd->add_option("--minutes", o->minutes, "Or: minutes to train (weights depend on the machine)")
                        ->check(number_range(0.001, 100000.0));
    games->excludes(minutes);
    cmd->add_option("--pairs", s.pairs, "Pairs per training game")->check(CLI::Range(2, 1000));
    cmd->add_option("--colors", s.colors, "Colours in play, 3..5")->check(CLI::Range(3, 5));
    cmd->add_option("--seed", s.seed, "Seed of the weights, the games and the exploration")->required()->check(seed_check());
    cmd->add_option("--out", o->out, "Where to write the model file")->required();
    cmd->add_option("--width", o->width, "Hidden units (features) or channels (field); default 64 or 16")
        ->check(CLI::Range(1, 256));
    cmd->add_option("--learning-rate", s.learning_rate, "Adam's step size")->check(number_range(1e-6, 1.0));
    cmd->add_option("--exploration", s.exploration, "Chance of a random placement while training")
        ->check(number_range(0.0, 1.0));
    cmd->add_option("--gamma", s.gamma, "Discount of later scores")->check(number_range(0.0, 1.0));
    cmd->add_option("--lambda", s.lambda, "TD(lambda): 0 trusts the next value, 1 the game's actual scores")
        ->check(number_range(0.0, 1.0));
    cmd->add_option("--batch", s.batch, "Afterstates per update")->check(CLI::Range(1, 1024));
    cmd->add_option("--updates-per-game", s.updates_per_game, "Network updates after each game")->check(CLI::Range(0, 1000));
    cmd->add_option("--window", s.window, "Games per point of the learning curve")->check(CLI::Range(1, 1'000'000));
    cmd->callback([o] {
        if (!o->games && !o->minutes) throw InputError("give --games or --minutes");
        TrainSettings& settings = o->settings;
        settings.rules = o->rules == "tsu" ? RuleSet::Tsu : RuleSet::Tutorial;
        settings.shape.inputs = parse_inputs(o->inputs);
        settings.shape.width = o->width.value_or(default_width(settings.shape.inputs));
        Trainer trainer(settings);
        const Stopwatch watch;
        train(trainer, *o);
        const double seconds = watch.elapsed_ms() / 1000.0;
        write_file(o->out, learn::save_model({"puyo", trainer.network(), trainer.describe()}));
        print_json({{"games", trainer.games()},
                    {"moves", trainer.moves()},
                    {"updates", trainer.updates()},
                    {"seconds", rounded(seconds, 1e2)},
                    {"games_per_second", rounded(static_cast<double>(trainer.games()) / std::max(seconds, 1e-9), 1e2)},
                    {"rules", o->rules},
                    {"inputs", o->inputs},
                    {"curve", curve_json(trainer.curve())},
                    {"weight_hash", learn::hex16(learn::weight_hash(trainer.network()))},
                    {"out", o->out}});
    });
}

}  // namespace gridlab::cli
