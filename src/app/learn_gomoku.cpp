// The Gomoku lesson (after AlphaZero): a policy-value network learns from games against itself,
// each move chosen by a search that the network guides (gomoku/az_trainer.h), and every 100 games it
// plays a fixed opponent to show how strong it has become (a ladder: pure-mcts at rising playouts,
// then mcts); the network of its best test is the one "Play with it" plays. Its live game is the
// network against itself: the board shows its policy (how much it likes each empty point) and the
// panel its value (who it thinks is winning).
//
// Two presets, each the measured best settings of its board (gomoku::lesson_settings) with a length
// in games: 6x6 four in a row, and 8x8 five in a row, one lesson. Parameters: size (5..15), win (4..5
// in a row), channels and layers (the network's trunk), playouts (the self-play search per move), lr,
// seed; the other settings are the board's preset.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/gomoku_board.h"
#include "app/i18n.h"
#include "app/learn_lesson.h"
#include "app/palette.h"
#include "core/text.h"
#include "gomoku/ai.h"
#include "gomoku/az_trainer.h"
#include "learn/model_file.h"
#include "search/games.h"

namespace gridlab::app {

namespace {

using gomoku::Stone;

constexpr const char* kBoards[] = {tr_key("6x6, four in a row"), tr_key("8x8, five in a row: one lesson"), tr_key("custom")};
constexpr int kCurveWindow = 10;             // self-play games per point of the loss curves
constexpr int64_t kPlayPlayouts = 400;       // the search per move of "Play against it"
constexpr int64_t kLivePlayouts = 100;       // the live game's search per move, in frames
constexpr double kLiveSliceMs = 4.0;         // its share of a frame
constexpr double kEndOfGamePauseMs = 2000.0;

gomoku::AzTrainSettings parse_run(const Params& params) {
    const int size = int_param(params, "size", 6, gomoku::kAzMinSize, gomoku::kAzMaxSize);
    const int win = int_param(params, "win", size >= 8 ? 5 : 4, gomoku::kAzMinWin, gomoku::kAzMaxWin);
    gomoku::AzTrainSettings s = gomoku::lesson_settings({size, win, gomoku::Rule::Freestyle});
    s.window = kCurveWindow;
    s.shape.channels = int_param(params, "channels", s.shape.channels, 4, 64);
    s.shape.layers = int_param(params, "layers", s.shape.layers, 1, 6);
    s.playouts = int_param(params, "playouts", static_cast<int>(s.playouts), 10, 2000);
    s.learning_rate = static_cast<float>(number_param(params, "lr", s.learning_rate, 1e-5, 0.1));
    s.seed = seed_param(params);
    return s;
}

Params run_params(const gomoku::AzTrainSettings& s) {
    return {{"size", std::to_string(s.board.size)},
            {"win", std::to_string(s.board.win_length)},
            {"channels", std::to_string(s.shape.channels)},
            {"layers", std::to_string(s.shape.layers)},
            {"playouts", std::to_string(s.playouts)},
            {"lr", format_exact(s.learning_rate)},
            {"seed", std::to_string(s.seed)}};
}

// 0: 6x6 four in a row, 1: 8x8 five in a row, 2: another board.
int board_choice(int size, int win) { return size == 6 && win == 4 ? 0 : size == 8 && win == 5 ? 1 : 2; }

class GomokuLesson : public Lesson {
public:
    GomokuLesson() { start({}); }
    const char* game() const override { return "gomoku"; }

    void start(const Params& params) override {
        trainer_ = std::make_unique<gomoku::AzTrainer>(parse_run(params));
        restart_live();
        edit_from_run();
    }
    void adopt(const learn::Model& model) override {
        auto trainer = std::make_unique<gomoku::AzTrainer>(model);
        parse_run(run_params(trainer->settings()));  // a run this screen could not start is refused
        trainer_ = std::move(trainer);
    }
    Params params() const override { return run_params(trainer_->settings()); }
    std::string model_bytes(double seconds) const override { return learn::save_model(model(seconds)); }
    nlohmann::json training_request(const std::string& model) const override {
        return search::gomoku_training_request(trainer_->settings(), model);
    }
    int64_t games() const override { return trainer_->games(); }
    int64_t lesson_games() const override { return trainer_->settings().lesson_games; }
    int64_t moves() const override { return trainer_->moves(); }
    int64_t updates() const override { return trainer_->updates(); }
    std::size_t weight_count() const override { return trainer_->network().parameter_count(); }
    uint64_t weight_hash() const override { return trainer_->network().weight_hash(); }
    void share(LearnedModels& models) const override {
        models.gomoku = games() > 0 ? std::make_shared<const learn::Model>(model(0)) : nullptr;
    }
    bool shared(const LearnedModels& models) const override { return models.gomoku != nullptr; }
    Params play_params() const override {
        const gomoku::Settings& board = trainer_->settings().board;
        return {{"game", "gomoku"}, {"size", std::to_string(board.size)}, {"win", std::to_string(board.win_length)},
                {"rule", "freestyle"}, {"black", "human"}, {"white", "az"}, {"playouts", std::to_string(kPlayPlayouts)}};
    }
    std::vector<Curve> curves() const override;
    int curve_window() const override { return trainer_->settings().window; }
    nlohmann::json curve_json() const override {
        const nlohmann::json description = trainer_->describe();
        return {{"losses", description.at("curve")}, {"evaluations", description.at("evaluations")}};
    }

    void restart_live() override {
        live_games_ = 0;
        start_live_game();
    }
    double play_live(double now_ms, int speed) override;
    float live_height(float w) const override { return live_caption_height() + std::min(w, 480.0f); }
    void build_live(const Frame& frame, float x, float y, float w, float h) override;
    void build_live_text() const override;
    nlohmann::json live_state() const override;
    nlohmann::json live_view() const override { return view_json(live_view_); }

    void edit_from_run() override;
    void build_settings() override;
    Params edited_params() const override;

private:
    learn::Model model(double seconds) const {
        nlohmann::json description = trainer_->describe();
        description["seconds"] = seconds;
        return trainer_->to_model(description);
    }
    void edit_preset(int board);  // the settings panel's edits: the preset of `board` (0 or 1)
    void start_live_game();
    void look_at_live_game();  // the network's policy and value, and a search for the next move

    std::unique_ptr<gomoku::AzTrainer> trainer_;
    std::shared_ptr<gomoku::AzNetwork> network_;  // the weights when the live game began
    std::unique_ptr<gomoku::Search> search_;
    gomoku::State live_{gomoku::Settings{}};
    int64_t live_games_ = 0;
    gomoku::AzEvaluation view_;  // of the live position, for the side to move
    bool decided_ = false;       // the search has chosen the next move
    double next_move_ms_ = 0;
    BoardPlacement live_view_;

    int edit_board_ = 0, edit_size_ = 6, edit_win_ = 4, edit_channels_ = 16, edit_layers_ = 3, edit_playouts_ = 200;
    float edit_lr_ = 0.002f;
    std::string edit_seed_;
};

std::vector<Curve> GomokuLesson::curves() const {
    std::vector<Curve> curves = {
        {tr_key("Strength: test opponents passed"), "%.1f", {}, {}, IM_COL32(90, 200, 120, 255), 0, 0, 1},
        {tr_key("Policy loss (cross-entropy)"), "%.2f", {}, {}, IM_COL32(100, 165, 245, 255)},
        {tr_key("Value loss (squared error)"), "%.3f", {}, {}, IM_COL32(240, 165, 80, 255)},
    };
    for (const gomoku::AzEvaluationPoint& point : trainer_->evaluations()) {
        curves[0].games.push_back(static_cast<double>(point.games));
        curves[0].values.push_back(point.strength());
    }
    for (const gomoku::AzCurvePoint& point : trainer_->curve()) {
        curves[1].games.push_back(static_cast<double>(point.games));
        curves[1].values.push_back(point.policy_loss);
        curves[2].games.push_back(static_cast<double>(point.games));
        curves[2].values.push_back(point.value_loss);
    }
    return curves;
}

void GomokuLesson::start_live_game() {
    const gomoku::AzTrainSettings& s = trainer_->settings();
    live_ = gomoku::State(s.board);
    network_ = std::make_shared<gomoku::AzNetwork>(trainer_->network());
    const uint64_t seed = Rng::for_stream(s.seed, kLiveGameStream + static_cast<uint64_t>(live_games_)).next_u64();
    gomoku::AiSpec spec{"az", gomoku::Budget{kLivePlayouts, 0}};
    spec.network = network_;
    search_ = gomoku::make_ai(spec, seed);
    ++live_games_;
    look_at_live_game();
}

void GomokuLesson::look_at_live_game() {
    decided_ = false;
    if (live_.is_terminal()) return;
    view_ = network_->evaluate(live_);
    search_->begin(live_);
}

double GomokuLesson::play_live(double now_ms, int speed) {
    if (live_.is_terminal()) {
        if (now_ms >= next_move_ms_) start_live_game();
        return next_move_ms_;
    }
    if (!decided_) {
        search_->think(kLiveSliceMs);
        decided_ = search_->finished();
        if (!decided_) return now_ms;
    }
    if (now_ms < next_move_ms_) return next_move_ms_;
    live_.apply(search_->best_action());
    next_move_ms_ = now_ms + (live_.is_terminal() ? kEndOfGamePauseMs : 1000.0 / speed);
    look_at_live_game();
    return now_ms;
}

void GomokuLesson::build_live(const Frame& frame, float x, float y, float w, float h) {
    const int n = live_.size();
    const float caption = live_caption_height();
    const float space = std::min(w, h - caption);
    const float rim = space / (float(n) + 2 * kGomokuRim) * kGomokuRim;
    const BoardPlacement board = fit_board(x + rim, y + caption + rim, w - 2 * rim, h - caption - 2 * rim, n, n);
    live_view_ = board;
    ImGui::SetCursorPos(ImVec2(board.x - rim, y));
    ImGui::TextUnformatted(tr("The network's policy: how much it likes each point"));
    ImGui::SetCursorPosX(board.x - rim);
    ImGui::TextDisabled("%s", tr("for the side to move, %"));
    draw_gomoku_board(frame, board, live_);
    if (live_.is_terminal()) return;
    // The policy as discs: the more the network likes a point, the stronger its colour.
    for (int action = 0; action < n * n; ++action) {
        const float prior = view_.priors[static_cast<size_t>(action)];
        if (prior < 0.01f) continue;
        char label[8];
        std::snprintf(label, sizeof label, "%d", int(std::lround(prior * 100)));
        draw_share_disc(board, action, palette::kShareLiked | uint32_t(60 + int(190 * std::min(1.0f, prior * 2))), label);
    }
}

void GomokuLesson::build_live_text() const {
    const MessageArg game{"game", static_cast<long long>(live_games_)}, move{"move", live_.num_moves()};
    const Stone winner = live_.winner();
    text_wrapped(!live_.is_terminal()             ? trf("Live game {game}, move {move}", {game, move})
                 : winner == Stone::Black ? trf("Live game {game}: black wins in {move} moves", {game, move})
                 : winner == Stone::White ? trf("Live game {game}: white wins in {move} moves", {game, move})
                                          : trf("Live game {game}: a draw", {game}));
    if (!live_.is_terminal()) {
        // The value is for the side to move; said for black, so that the line does not flip every move.
        const float black = live_.to_move() == Stone::Black ? view_.value : -view_.value;
        const long long percent = std::lround((black + 1) * 50);
        text_wrapped(trf("The network gives black {percent}% to win.", {{"percent", percent}}));
    }
    const std::vector<gomoku::AzEvaluationPoint>& tests = trainer_->evaluations();
    if (!tests.empty()) {
        const gomoku::AzEvaluationPoint& last = tests.back();
        const std::vector<MessageArg> args = {{"games", static_cast<long long>(last.games)}, {"wins", last.wins}, {"draws", last.draws},
                                              {"losses", last.losses}, {"playouts", static_cast<long long>(last.opponent.playouts)}};
        text_wrapped(std::string_view(last.opponent.ai) == "mcts"
                         ? trf("Last test, after {games} games: {wins} wins, {draws} draws, {losses} losses against MCTS with {playouts} playouts.", args)
                         : trf("Last test, after {games} games: {wins} wins, {draws} draws, {losses} losses against Pure MCTS with {playouts} playouts.", args));
        const gomoku::AzEvaluationPoint& best = tests[static_cast<std::size_t>(trainer_->best_evaluation())];
        char strength[16];
        std::snprintf(strength, sizeof strength, "%.1f", best.strength());
        text_wrapped_disabled(trf("Strength: 1 for each test opponent passed (Pure MCTS from 1000 playouts up, then MCTS), plus the share "
                                  "of points against the next. Play with it uses the network of the best test: after {games} games, "
                                  "strength {strength}.",
                                  {{"games", static_cast<long long>(best.games)}, {"strength", strength}}));
    }
    text_wrapped_disabled(trf("The live game: the network plays itself at {playouts} playouts a move, whatever training "
                              "uses. Blue: the moves it likes.",
                              {{"playouts", static_cast<long long>(kLivePlayouts)}}));
}

nlohmann::json GomokuLesson::live_state() const {
    nlohmann::json policy = nlohmann::json::array();
    if (!live_.is_terminal())
        for (float prior : view_.priors) policy.push_back(std::round(prior * 1000) / 1000);
    const Stone winner = live_.winner();
    nlohmann::json moves = nlohmann::json::array();
    for (int i = 0; i < live_.num_moves(); ++i) moves.push_back(live_.move(i));
    return {{"games", live_games_},
            {"moves", moves},
            {"status", !live_.is_terminal() ? "playing" : winner == Stone::Black ? "black wins" : winner == Stone::White ? "white wins" : "draw"},
            {"policy", policy},
            {"value", live_.is_terminal() ? nlohmann::json(nullptr) : nlohmann::json(std::round(view_.value * 1000) / 1000)}};
}

void GomokuLesson::edit_from_run() {
    const gomoku::AzTrainSettings& s = trainer_->settings();
    edit_board_ = board_choice(s.board.size, s.board.win_length);
    edit_size_ = s.board.size;
    edit_win_ = s.board.win_length;
    edit_channels_ = s.shape.channels;
    edit_layers_ = s.shape.layers;
    edit_playouts_ = static_cast<int>(s.playouts);
    edit_lr_ = s.learning_rate;
    edit_seed_ = std::to_string(s.seed);
}

void GomokuLesson::edit_preset(int board) {
    const gomoku::AzTrainSettings s = gomoku::lesson_settings(board == 0 ? gomoku::Settings{6, 4, gomoku::Rule::Freestyle}
                                                                         : gomoku::Settings{8, 5, gomoku::Rule::Freestyle});
    edit_channels_ = s.shape.channels;
    edit_layers_ = s.shape.layers;
    edit_playouts_ = static_cast<int>(s.playouts);
    edit_lr_ = s.learning_rate;
}

Params GomokuLesson::edited_params() const {
    const int size = edit_board_ == 0 ? 6 : edit_board_ == 1 ? 8 : edit_size_;
    const int win = edit_board_ == 0 ? 4 : edit_board_ == 1 ? 5 : edit_win_;
    Params params{{"size", std::to_string(size)},
                  {"win", std::to_string(win)},
                  {"channels", std::to_string(edit_channels_)},
                  {"layers", std::to_string(edit_layers_)},
                  {"playouts", std::to_string(edit_playouts_)},
                  {"lr", format_number(edit_lr_)}};
    if (!edit_seed_.empty()) params["seed"] = edit_seed_;
    return params;
}

void GomokuLesson::build_settings() {
    setting_width();
    if (combo_translated(tr("Board"), &edit_board_, kBoards, 3) && edit_board_ < 2) edit_preset(edit_board_);
    if (edit_board_ == 2) {
        setting_width();
        ImGui::SliderInt(tr("Board size"), &edit_size_, gomoku::kAzMinSize, gomoku::kAzMaxSize);
        setting_width();
        ImGui::SliderInt(tr("In a row to win"), &edit_win_, gomoku::kAzMinWin, gomoku::kAzMaxWin);
    }
    setting_width();
    ImGui::SliderInt(tr("Width (filters)"), &edit_channels_, 4, 64);
    setting_width();
    ImGui::SliderInt(tr("Depth (layers)"), &edit_layers_, 1, 6);
    setting_width();
    ImGui::SliderInt(tr("Playouts per move"), &edit_playouts_, 10, 2000, "%d", ImGuiSliderFlags_Logarithmic);
    setting_width();
    ImGui::SliderFloat(tr("Learning rate"), &edit_lr_, 0.0001f, 0.01f, "%.4f", ImGuiSliderFlags_Logarithmic);
    seed_setting(edit_seed_);
}

}  // namespace

std::unique_ptr<Lesson> make_gomoku_lesson() { return std::make_unique<GomokuLesson>(); }

}  // namespace gridlab::app
