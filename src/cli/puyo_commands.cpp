// gridlab puyo chain | eval | pairs | play | tune (train: puyo_train_command.cpp)
#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include "cli/commands.h"
#include "core/parallel.h"
#include "core/rng.h"
#include "core/text.h"
#include "learn/model_file.h"
#include "puyo/beam.h"
#include "puyo/learner.h"
#include "puyo/pair_file.h"
#include "puyo/tuning.h"

namespace gridlab::cli {

// Named: the command line is built as one file (a unity build, CMakeLists.txt).
namespace puyo_cli {

using namespace gridlab::puyo;

const std::map<std::string, RuleSet> kRuleNames = {{"tutorial", RuleSet::Tutorial}, {"tsu", RuleSet::Tsu}};

// value with `decimals` digits after the point; dividing by a power of ten prints as written.
double rounded(double value, int decimals) {
    constexpr double kPowersOfTen[] = {1, 10, 100, 1000, 10000};
    const double scale = kPowersOfTen[decimals];
    return std::round(value * scale) / scale;
}

nlohmann::json placement_json(Placement placement) {
    return {{"action", action_of(placement)}, {"column", placement.column}, {"rotation", placement.rotation}};
}

// The beam's search and its evaluation's weights (--weights '{"chain": 1200}': the named ones replace
// the defaults), for the commands that play it and for `tune`.
void add_search_options(CLI::App* command, BeamOptions& beam, std::string& weights) {
    command->add_option("--width", beam.width, "beam: fields kept per pair")->check(CLI::Range(1, 10000));
    command->add_option("--depth", beam.depth, "beam: pairs searched ahead")->check(CLI::Range(1, 64));
    command
        ->add_option_function<std::string>(
            "--futures", [&beam](const std::string& name) { beam.futures = name == "random" ? Futures::Random : Futures::Cycles; },
            "beam: the futures after the previews: cycles (every colour pairing) or random (--samples of them)")
        ->check(CLI::IsMember({"cycles", "random"}));
    command->add_option("--samples", beam.samples,
                        "beam: random futures sampled after the previews (with cycles: once the search sees the last pair; "
                        "more of them, for the same work, when the game ends within the depth and the field is half full)")
        ->check(CLI::Range(1, kMaxSamples));
    command->add_option("--weights", weights, "beam: evaluation weights as JSON, e.g. '{\"chain\": 1200}' (the rest default)");
}

EvalWeights parse_weights(const std::string& text) {
    if (text.empty()) return {};
    const nlohmann::json document = nlohmann::json::parse(text, nullptr, false);
    if (document.is_discarded()) throw InputError("--weights: not JSON: " + text);
    try {
        return weights_from_json(document);
    } catch (const std::invalid_argument& error) {
        throw InputError(std::string("--") + error.what());
    }
}

// The options every game-playing command shares.
struct GameOptions {
    std::string rules = "tsu";
    std::string ai = "beam";
    int colors = 4;
    int pairs = 50;
    uint64_t seed = 1;
    BeamOptions beam;
    std::string weights;                         // --weights, read into beam.weights by read_inputs()
    double ms = 0;
    std::string model;                           // --model, for --ai learned
    std::shared_ptr<const learn::Model> learned;  // read from it by read_inputs()
    bool lookahead = false;                      // --lookahead, for --ai learned

    void add_to(CLI::App* command) {
        command->add_option("--rules", rules, "tutorial or tsu")->check(CLI::IsMember({"tutorial", "tsu"}));
        command->add_option("--ai", ai, "random, greedy, beam or learned (with --model)")
            ->check(CLI::IsMember({"random", "greedy", "beam", "learned"}));
        command->add_option("--model", model, "learned: a model file made by `gridlab puyo train`");
        command->add_flag("--lookahead", lookahead, "learned: also try the next pair after each placement (22 x 22 fields a move)");
        command->add_option("--colors", colors, "colours in play, 3..5")->check(CLI::Range(3, 5));
        command->add_option("--pairs", pairs, "pairs per game (the truncation limit)")->check(CLI::Range(1, kLongestPairLimit));
        command->add_option("--seed", seed, "seed of the pair sequences")->check(seed_check());
        command->add_option("--ms", ms, "beam: at most this many ms of thinking per move (0: no limit)")
            ->check(number_range(0.0, 600000.0));
        command->add_option("--nodes", beam.max_nodes, "beam: at most this many positions per move (0: no limit)")
            ->check(CLI::Range(int64_t{0}, int64_t{1} << 40));
        add_search_options(command, beam, weights);
        command->add_option("--held-percent", beam.held_percent, "beam: credit this % of the chain a line holds unfired")
            ->check(CLI::Range(0, 100));
        command->add_option("--fire-score", beam.fire_score, "beam: fire any known chain worth this much (0: at the end)")
            ->check(CLI::Range(int64_t{0}, int64_t{1} << 40));
        command->add_option("--goal-score", beam.goal_score, "beam: aim at a chain worth this much (0: no goal)")
            ->check(CLI::Range(int64_t{0}, int64_t{1} << 40));
    }
    Settings settings() const { return {kRuleNames.at(rules), colors, pairs}; }
    // Reads --weights, and --model for --ai learned (before any game starts, so that bad input plays
    // no game).
    void read_inputs() {
        beam.weights = parse_weights(weights);
        if (!weights.empty() && ai != "beam") throw InputError("--weights goes with --ai beam");
        if ((ai == "learned") != !model.empty()) throw InputError("--model goes with --ai learned, and only with it");
        if (lookahead && ai != "learned") throw InputError("--lookahead goes with --ai learned");
        if (model.empty()) return;
        learned = std::make_shared<const learn::Model>(learn::load_model(read_file(model), "puyo"));
        if (LearnedAi(*learned).rules() != kRuleNames.at(rules))
            throw InputError("--model: " + model + " was trained on other rules than --rules " + rules);
    }
    std::unique_ptr<Ai> make(uint64_t ai_seed) const {
        if (learned) return std::make_unique<LearnedAi>(*learned, lookahead);
        BeamOptions options = beam;
        options.max_ms = ms;
        return make_ai(ai, ai_seed, options);
    }
};

// Game i of a seeded run: its pair sequence and its AI's own randomness.
uint64_t game_seed(uint64_t seed, int game) { return Rng::for_stream(seed, static_cast<uint64_t>(game)).next_u64(); }

void add_chain_command(CLI::App& puyo) {
    auto* command = puyo.add_subcommand("chain", "Resolve a field read from stdin (top row first)");
    auto rules = std::make_shared<std::string>("tsu");
    command->add_option("--rules", *rules, "tutorial or tsu")->check(CLI::IsMember({"tutorial", "tsu"}));
    command->callback([rules] {
        const std::string text = read_stdin();
        Field field = Field::parse(text, kRuleNames.at(*rules));
        const int input_rows = static_cast<int>(split_lines(text).size());
        std::vector<ChainStep> steps;
        const ChainResult result = field.settle_and_resolve(&steps);
        nlohmann::json step_list = nlohmann::json::array();
        for (const ChainStep& step : steps)
            step_list.push_back({{"chain", step.chain},
                                 {"cleared", step.cleared},
                                 {"colors", step.colors},
                                 {"groups", step.groups},
                                 {"score", step.score}});
        print_json({{"chains", result.chains},
                    {"score", result.score},
                    {"steps", step_list},
                    {"field", field.to_lines(input_rows)}});
    });
}

std::vector<PairSequence> read_pair_file(const std::string& path, int colors) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw InputError("cannot read " + path);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    try {
        return parse_pair_file(text, colors);
    } catch (const ParseError& error) {
        throw InputError(path + ": " + error.what());
    }
}

// Writes the pair sequences `eval` plays with the same seed, one game per line, for other engines.
void add_pairs_command(CLI::App& puyo) {
    auto* command = puyo.add_subcommand("pairs", "Write the pair sequences of seeded games, one game per line");
    struct Options {
        int colors = 4;
        int pairs = 50;
        int games = 100;
        uint64_t seed = 1;
    };
    auto o = std::make_shared<Options>();
    command->add_option("--colors", o->colors, "colours in play, 3..5")->check(CLI::Range(3, 5));
    command->add_option("--pairs", o->pairs, "pairs per game")->check(CLI::Range(1, kLongestPairLimit));
    command->add_option("--seed", o->seed, "seed: line i is the pairs of eval's game i")->check(seed_check());
    command->add_option("--games", o->games, "games (lines) to write")->check(CLI::Range(1, 1000000));
    command->callback([o] {
        for (int game = 0; game < o->games; ++game)
            std::cout << pair_line(seeded_pairs(game_seed(o->seed, game), o->colors, o->pairs)) << '\n';
    });
}

// Game i of a run: line i of the pair file, or else the pairs of the seed's game i. Its AI's randomness
// comes from the seed either way (game_ai_seed), so a seed's pair file replays that seed's games exactly.
State game_state(const Settings& settings, const std::vector<PairSequence>& sequences, uint64_t seed, int game) {
    if (sequences.empty()) return State(settings, game_seed(seed, game));
    Settings per_line = settings;
    per_line.max_pairs = 0;
    return State(per_line, sequences[static_cast<size_t>(game)]);
}

// The games of a pair file (none when `file` is empty): it gives every game's pairs, so --pairs
// cannot go with it.
std::vector<PairSequence> read_pair_games(const CLI::App& command, const std::string& file, int colors) {
    if (file.empty()) return {};
    if (command.count("--pairs")) throw InputError("--pairs-file: the file gives the pairs of every game");
    return read_pair_file(file, colors);
}

void add_eval_command(CLI::App& puyo) {
    auto* command = puyo.add_subcommand("eval", "Play seeded games with an AI and report its strength");
    auto options = std::make_shared<GameOptions>();
    auto games = std::make_shared<int>(100);
    auto jobs = std::make_shared<int>(1);
    auto pairs_file = std::make_shared<std::string>();
    auto per_game = std::make_shared<bool>(false);
    options->add_to(command);
    command->add_option("--games", *games, "games to play (with --pairs-file: the first N lines; default all)")
        ->check(CLI::Range(1, 1000000));
    command->add_option("--jobs", *jobs, "games played at once (native only)")->check(CLI::Range(1, 64));
    command->add_option("--pairs-file", *pairs_file,
                        "a pair file (`gridlab puyo pairs`): play its games, one per line, instead of seeded ones");
    command->add_flag("--per-game", *per_game, "also list every game's result (per_game)");
    command->callback([command, options, games, jobs, pairs_file, per_game] {
        const Settings settings = options->settings();
        options->read_inputs();
        options->make(0);  // reject bad options before any game starts
        const std::vector<PairSequence> sequences = read_pair_games(*command, *pairs_file, settings.colors);
        if (!pairs_file->empty()) {
            const int lines = static_cast<int>(sequences.size());
            if (command->count("--games") && *games > lines)
                throw InputError("games: " + std::to_string(*games) + " is more than the " + std::to_string(lines) +
                                 " games in " + *pairs_file);
            if (!command->count("--games")) *games = lines;
        }
        std::vector<GameRecord> records(static_cast<size_t>(*games));
        parallel_for(*games, *jobs, [&](int game) {
            const std::unique_ptr<Ai> ai = options->make(game_ai_seed(options->seed, game));
            records[static_cast<size_t>(game)] = play_game(game_state(settings, sequences, options->seed, game), *ai);
        });
        int64_t total_score = 0, total_chain = 0, total_best = 0, moves = 0, reach_60k = 0, reach_100k = 0;
        double think_ms = 0, think_cpu_ms = 0;
        std::map<int, int> histogram;
        for (const GameRecord& record : records) {
            total_score += record.score;
            total_chain += record.max_chain;
            total_best += record.best_chain_score;
            moves += record.moves;
            think_ms += record.think_ms;
            think_cpu_ms += record.think_cpu_ms;
            reach_60k += record.best_chain_score >= 60000;
            reach_100k += record.best_chain_score >= 100000;
            ++histogram[record.max_chain];
        }
        nlohmann::json hist = nlohmann::json::object();
        for (const auto& [chain, count] : histogram) hist[std::to_string(chain)] = count;
        const double n = *games;
        const auto moves_made = static_cast<double>(std::max<int64_t>(moves, 1));
        nlohmann::json result = {{"games", *games},
                                 {"mean_score", rounded(static_cast<double>(total_score) / n, 2)},
                                 {"mean_max_chain", rounded(static_cast<double>(total_chain) / n, 3)},
                                 {"max_chain_hist", hist},
                                 {"mean_best_chain_score", rounded(static_cast<double>(total_best) / n, 2)},
                                 {"reach_60k", rounded(static_cast<double>(reach_60k) / n, 4)},
                                 {"reach_100k", rounded(static_cast<double>(reach_100k) / n, 4)},
                                 {"ms_per_move", rounded(think_ms / moves_made, 3)},
                                 {"mean_cpu_ms_per_move", rounded(think_cpu_ms / moves_made, 3)}};
        if (*per_game) {
            nlohmann::json& list = result["per_game"] = nlohmann::json::array();
            for (const GameRecord& record : records)
                list.push_back({{"score", record.score}, {"max_chain", record.max_chain},
                                {"best_chain_score", record.best_chain_score},
                                {"best_chain_move", record.best_chain_move}, {"moves", record.moves}});
        }
        print_json(result);
    });
}

void add_play_command(CLI::App& puyo) {
    auto* command = puyo.add_subcommand("play", "Play one seeded game and print every move and chain");
    auto options = std::make_shared<GameOptions>();
    auto pairs_file = std::make_shared<std::string>();
    auto game = std::make_shared<int>(0);
    options->add_to(command);
    command->add_option("--pairs-file", *pairs_file, "a pair file (`gridlab puyo pairs`): play the game of line --game");
    command->add_option("--game", *game, "the game to play: 0 is the first, as `eval` numbers them")
        ->check(CLI::Range(0, 999999));
    command->callback([command, options, pairs_file, game] {
        options->read_inputs();
        // Game i of `eval` with the same options, move by move.
        const std::vector<PairSequence> sequences = read_pair_games(*command, *pairs_file, options->colors);
        if (!pairs_file->empty() && *game >= static_cast<int>(sequences.size()))
            throw InputError("game: " + std::to_string(*game) + " is not a line of " + *pairs_file + " (it has " +
                             std::to_string(sequences.size()) + ")");
        State state = game_state(options->settings(), sequences, options->seed, *game);
        const std::unique_ptr<Ai> ai = options->make(game_ai_seed(options->seed, *game));
        nlohmann::json moves = nlohmann::json::array();
        while (!state.terminal()) {
            const Plan plan = ai->decide(state);
            const Pair pair = state.current_pair();
            const MoveResult move = state.apply(plan.placement);
            nlohmann::json entry = placement_json(plan.placement);
            entry["pair"] = pair_text(pair);
            entry["chain"] = move.chains;
            entry["score"] = move.score;
            entry["firing"] = plan.firing;
            entry["expected_chain"] = plan.expected_chain;
            moves.push_back(entry);
        }
        print_json({{"rules", options->rules},
                    {"colors", options->colors},
                    {"seed", options->seed},
                    {"game_seed", state.seed()},
                    {"ai", options->ai},
                    {"moves", moves},
                    {"score", state.score()},
                    {"max_chain", state.max_chain()},
                    {"best_chain_score", state.best_chain_score()},
                    {"game_over", state.game_over()},
                    {"field", state.field().to_lines(state.field().rows())}});
    });
}

// Tunes the beam's evaluation weights on fixed training games (puyo/tuning.h), printing each trial on
// stderr as it finishes and the whole run as JSON.
void add_tune_command(CLI::App& puyo) {
    auto* command = puyo.add_subcommand("tune", "Tune the beam's evaluation weights by playing fixed training games");
    struct Options {
        std::string rules = "tsu";
        int colors = 4;
        int pairs = 50;
        int games = 24;
        uint64_t seed = 1;
        std::string pairs_file;
        std::string weights;
        TuneOptions tune;
    };
    auto o = std::make_shared<Options>();
    command->add_option("--rules", o->rules, "tutorial or tsu")->check(CLI::IsMember({"tutorial", "tsu"}));
    command->add_option("--colors", o->colors, "colours in play, 3..5")->check(CLI::Range(3, 5));
    command->add_option("--pairs", o->pairs, "pairs per training game")->check(CLI::Range(1, kLongestPairLimit));
    command->add_option("--games", o->games, "training games (with --pairs-file: its first N lines)")->check(CLI::Range(1, 100000));
    command->add_option("--seed", o->seed, "seed of the training games and of the beam's futures")->check(seed_check());
    command->add_option("--pairs-file", o->pairs_file, "play the games of this pair file instead of seeded ones");
    add_search_options(command, o->tune.beam, o->weights);
    command->add_option("--rounds", o->tune.rounds, "passes over the weights")->check(CLI::Range(1, 100));
    command->add_option("--step", o->tune.step, "first relative change tried on a weight")->check(number_range(0.01, 4.0));
    command->add_option("--jobs", o->tune.jobs, "games played at once (native only)")->check(CLI::Range(1, 64));
    command->callback([command, o] {
        TuneOptions& tune = o->tune;
        tune.settings = {kRuleNames.at(o->rules), o->colors, 0};
        tune.seed = o->seed;
        tune.beam.weights = parse_weights(o->weights);
        BeamAi checked(tune.beam, 0);  // reject bad search options before any game starts
        if (o->pairs_file.empty()) {
            for (int game = 0; game < o->games; ++game)
                tune.games.push_back(seeded_pairs(game_seed(o->seed, game), o->colors, o->pairs));
        } else {
            if (command->count("--pairs")) throw InputError("--pairs-file: the file gives the pairs of every game");
            tune.games = read_pair_file(o->pairs_file, o->colors);
            if (command->count("--games")) {
                if (o->games > static_cast<int>(tune.games.size()))
                    throw InputError("games: " + std::to_string(o->games) + " is more than the " +
                                     std::to_string(tune.games.size()) + " games in " + o->pairs_file);
                tune.games.resize(static_cast<size_t>(o->games));
            }
        }
        const TuneResult result = tune_weights(tune, [](const TuneTrial& trial) {
            std::cerr << "round " << trial.round << ": " << trial.weight << " " << trial.value << " -> "
                      << std::lround(trial.objective) << (trial.kept ? " (kept)" : "") << std::endl;
        });
        nlohmann::json trials = nlohmann::json::array();
        for (const TuneTrial& trial : result.trials)
            trials.push_back({{"round", trial.round},
                              {"weight", trial.weight},
                              {"value", trial.value},
                              {"objective", rounded(trial.objective, 2)},
                              {"kept", trial.kept}});
        print_json({{"games", tune.games.size()},
                    {"start_weights", weights_json(tune.beam.weights)},
                    {"start_objective", rounded(result.start_objective, 2)},
                    {"weights", weights_json(result.weights)},
                    {"objective", rounded(result.objective, 2)},
                    {"trials", trials}});
    });
}

}  // namespace puyo_cli

void add_puyo_commands(CLI::App& app) {
    using namespace puyo_cli;
    auto* puyo = app.add_subcommand("puyo", "Puyo Puyo: chains, AI evaluation and seeded games");
    puyo->require_subcommand(1);
    add_chain_command(*puyo);
    add_eval_command(*puyo);
    add_pairs_command(*puyo);
    add_play_command(*puyo);
    add_tune_command(*puyo);
    add_puyo_train_command(*puyo);
}

}  // namespace gridlab::cli
