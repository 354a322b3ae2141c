#include "app/learn_screen.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "app/ai_runner.h"
#include "app/chart.h"
#include "app/host.h"
#include "app/minesweeper_board.h"
#include "app/palette.h"
#include "core/json_int.h"
#include "core/text.h"
#include "learn/model_file.h"
#include "minesweeper/play.h"
#include "search/games.h"

namespace gridlab::app {

namespace ms = gridlab::minesweeper;

namespace {

using namespace palette;
constexpr const char* kBoards[] = {"small", "beginner", "custom"};
constexpr const char* kBoardNames[] = {tr_key("small: 6x6, 5 mines"), tr_key("beginner: 9x9, 10 mines"), tr_key("custom")};
constexpr const char* kRewards[] = {"seed-000", "seed-004"};
constexpr const ms::Settings kSmallBoard{6, 6, 5, ms::FirstClick::Safe};
// Small enough that one learning step fits a frame on a school laptop; the settings can ask for more.
constexpr ms::NetworkShape kDefaultShape{16, 3};
constexpr int kCurveWindow = 25;           // games per point of the curves
constexpr int kCurveAverage = 8;           // points in the curves' moving average
constexpr int64_t kCheckpointGames = 50;   // games between saves (and shares with ai=learned)
constexpr double kShownSliceFactor = 2.0;  // training in frames is the point of this screen: a larger slice
constexpr double kExactSliceMs = 2.0;      // the probability solver's share of a frame
constexpr double kEndOfGamePauseMs = 1500.0;
constexpr uint64_t kLiveGameStream = 1000;  // the live games' seeds, apart from training's

bool same_board(const ms::Settings& a, const ms::Settings& b) {
    return a.rows == b.rows && a.cols == b.cols && a.mines == b.mines;
}

// "small", "beginner" or "custom" for a board.
std::string level_name(const ms::Settings& board) {
    if (same_board(board, kSmallBoard)) return "small";
    return same_board(board, ms::level_settings("beginner")) ? "beginner" : "custom";
}

struct Run {
    ms::TrainSettings settings;
    int speed;
};

Run parse_run(const Params& params) {
    ms::TrainSettings s;
    s.window = kCurveWindow;
    s.shape = kDefaultShape;
    if (params.count("rows") || params.count("cols") || params.count("mines")) {
        s.board.rows = int_param(params, "rows", 9, 4, 16);
        s.board.cols = int_param(params, "cols", 9, 4, 16);
        const int most_mines = s.board.rows * s.board.cols - 9;
        s.board.mines = int_param(params, "mines", std::min(10, most_mines), 1, most_mines);
    } else {
        const std::string level = choice_param(params, "level", "beginner", {"small", "beginner"});
        s.board = level == "small" ? kSmallBoard : ms::level_settings("beginner");
    }
    s.shape.width = int_param(params, "width", s.shape.width, 1, 64);
    s.shape.depth = int_param(params, "depth", s.shape.depth, 1, 8);
    s.learning_rate = static_cast<float>(number_param(params, "lr", s.learning_rate, 1e-5, 0.1));
    s.exploration = number_param(params, "explore", s.exploration, 0.0, 1.0);
    s.rewards = ms::parse_reward_scheme(choice_param(params, "rewards", "seed-000", {"seed-000", "seed-004"}));
    s.seed = seed_param(params);
    return {s, int_param(params, "speed", 4, 1, 30)};
}

// 75 -> "1:15"; an hour and more -> "1:02:03".
std::string clock_text(double seconds) {
    const long total = static_cast<long>(seconds);
    char text[32];
    if (total >= 3600) std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
    else std::snprintf(text, sizeof text, "%ld:%02ld", total / 60, total % 60);
    return text;
}

void setting_width() { ImGui::SetNextItemWidth(190); }

}  // namespace

LearnScreen::LearnScreen(LearnedModels& models) : models_(models) { new_game({}); }

std::vector<CellLook> LearnScreen::preview() const {
    // A board with a network's view: hidden cells coloured by how likely it thinks a mine is.
    std::vector<CellLook> cells(kPreviewSide * kPreviewSide);
    for (int cell = 0; cell < kPreviewSide * kPreviewSide; ++cell) {
        const int pattern = preview_pattern(cell);
        cells[cell] = pattern < 2 ? CellLook{kOpened, kShapeTile, kMarkNone}
                                  : CellLook{probability_colour((pattern - 2) * 0.35), kShapeRaised, kMarkNone};
    }
    return cells;
}

void LearnScreen::new_game(const Params& params) {
    const Run run = parse_run(params);
    auto trainer = std::make_unique<ms::Trainer>(run.settings);  // checks the settings
    speed_ = run.speed;
    start_run(std::move(trainer), 0.0);
}

void LearnScreen::start_run(std::unique_ptr<ms::Trainer> trainer, double elapsed_s) {
    pause();
    train_id_ = 0;  // the old run's final report is not this one's
    trainer_ = std::move(trainer);
    elapsed_s_ = elapsed_s;
    rate_since_ms_ = -1;
    games_per_second_ = 0;
    checkpoint_episodes_ = trainer_->episodes();
    models_.minesweeper.reset();
    checkpoint();
    live_games_ = 0;
    start_live_game();
    const ms::TrainSettings& s = trainer_->settings();
    edit_board_ = index_of(kBoards, 3, level_name(s.board));
    edit_rows_ = s.board.rows;
    edit_cols_ = s.board.cols;
    edit_mines_ = s.board.mines;
    edit_width_ = s.shape.width;
    edit_depth_ = s.shape.depth;
    edit_lr_ = s.learning_rate;
    edit_explore_ = static_cast<float>(s.exploration);
    edit_rewards_ = index_of(kRewards, 2, std::string(ms::reward_scheme_name(s.rewards)));
    edit_seed_ = std::to_string(s.seed);
    settings_error_.clear();
    mark_dirty();
}

Params LearnScreen::params() const { return run_params(trainer_->settings(), speed_); }

Params LearnScreen::run_params(const ms::TrainSettings& s, int speed) {
    Params params{{"game", "learn"},
                  {"width", std::to_string(s.shape.width)},
                  {"depth", std::to_string(s.shape.depth)},
                  {"lr", format_exact(s.learning_rate)},
                  {"explore", format_exact(s.exploration)},
                  {"rewards", std::string(ms::reward_scheme_name(s.rewards))},
                  {"seed", std::to_string(s.seed)},
                  {"speed", std::to_string(speed)}};
    const std::string level = level_name(s.board);
    if (level != "custom") {
        params["level"] = level;
    } else {
        params["rows"] = std::to_string(s.board.rows);
        params["cols"] = std::to_string(s.board.cols);
        params["mines"] = std::to_string(s.board.mines);
    }
    return params;
}

Params LearnScreen::edited_params() const {
    Params params{{"game", "learn"},
                  {"width", std::to_string(edit_width_)},
                  {"depth", std::to_string(edit_depth_)},
                  {"lr", format_number(edit_lr_)},
                  {"explore", format_number(edit_explore_)},
                  {"rewards", kRewards[edit_rewards_]},
                  {"speed", std::to_string(speed_)}};
    if (!edit_seed_.empty()) params["seed"] = edit_seed_;
    if (edit_board_ != 2) {
        params["level"] = kBoards[edit_board_];
    } else {
        params["rows"] = std::to_string(edit_rows_);
        params["cols"] = std::to_string(edit_cols_);
        params["mines"] = std::to_string(edit_mines_);
    }
    return params;
}

void LearnScreen::start_training() {
    if (trainer_->episodes() == 0) new_game(edited_params());  // the settings on screen, before the first game
    pause();
    // In the worker (or the frames without one): from the settings, or from this run's model to go on.
    const std::string model = trainer_->episodes() > 0 ? model_bytes() : "";
    train_id_ = ai_runner().train(search::minesweeper_training_request(trainer_->settings(), model));
    training_ = true;
    message_ = {};
    mark_dirty();
}

void LearnScreen::reset() {
    settings_error_.clear();
    try {
        new_game(edited_params());
    } catch (const std::invalid_argument& refused) {
        settings_error_ = tr(message_of(refused));
    }
}

void LearnScreen::act(const nlohmann::json& action) {
    if (!action.is_object() || action.size() != 1)
        throw std::invalid_argument(R"(a Learn action is {"train": "start"|"pause"|"reset"}, {"speed": n} or {"download": true})");
    const std::string key = action.begin().key();
    const nlohmann::json& value = action.begin().value();
    if (key == "train") {
        const std::string what = value.is_string() ? value.get<std::string>() : "";
        if (what == "start") {
            start_training();
        } else if (what == "pause") {
            pause();
            checkpoint();
        } else if (what == "reset") {
            new_game(edited_params());
        } else {
            throw std::invalid_argument(R"(train: expected "start", "pause" or "reset")");
        }
    } else if (key == "speed") {
        const std::optional<int> speed = json_int(value, 1, 30);
        if (!speed) throw std::invalid_argument("speed: expected moves per second, 1 to 30");
        speed_ = *speed;
        mark_dirty();
    } else if (key == "download") {
        message_ = translatable("Saved to {place}",
                                {{"place", download_file("minesweeper-" + std::to_string(trainer_->episodes()) + "-games.glnn",
                                                         model_bytes())}});
    } else {
        throw std::invalid_argument("unknown action '" + key + "'");
    }
}

std::string LearnScreen::model_bytes() const {
    nlohmann::json description = trainer_->describe();
    description["seconds"] = elapsed_s_;
    return learn::save_model({"minesweeper", trainer_->network(), description});
}

void LearnScreen::load_model(std::string_view bytes) {
    const learn::Model model = learn::load_model(bytes, "minesweeper");
    auto trainer = std::make_unique<ms::Trainer>(model);
    parse_run(run_params(trainer->settings(), speed_));  // a run this screen could not start is refused
    const double elapsed_s = model.settings.value("seconds", 0.0);
    start_run(std::move(trainer), elapsed_s);
    message_ = translatable("Loaded a network that has played {count} games.",
                            {{"count", static_cast<long long>(trainer_->episodes())}});
}

nlohmann::json LearnScreen::save() const {
    return {{"params", params()}, {"model", base64_encode(model_bytes())}, {"training", training_}};
}

void LearnScreen::restore(const nlohmann::json& saved) {
    const Run run = parse_run(saved.at("params").get<Params>());
    const learn::Model model = learn::load_model(base64_decode(saved.at("model").get<std::string>()), "minesweeper");
    auto trainer = std::make_unique<ms::Trainer>(model);
    parse_run(run_params(trainer->settings(), run.speed));  // its save would not restore otherwise
    const bool training = saved.at("training").get<bool>();
    const double elapsed_s = model.settings.value("seconds", 0.0);
    speed_ = run.speed;
    start_run(std::move(trainer), elapsed_s);
    if (training) start_training();
}

void LearnScreen::pause() {
    ai_runner().cancel(train_id_);  // its final report (the model) still comes
    training_ = false;
}

void LearnScreen::follow_training(double slice_ms) {
    for (const nlohmann::json& message : ai_runner().poll(train_id_, slice_ms)) {
        if (message["type"] == "error") {
            message_ = translatable("Training stopped: {reason}", {{"reason", message["message"].get<std::string>()}});
            training_ = false;
            continue;
        }
        const nlohmann::json& report = message["report"];
        const learn::Model model = learn::load_model(base64_decode(report["model"].get<std::string>()), "minesweeper");
        trainer_ = std::make_unique<ms::Trainer>(model);
        elapsed_s_ = report["seconds"].get<double>();
        if (message["type"] == "result") training_ = false;
    }
    if (trainer_->episodes() - checkpoint_episodes_ >= kCheckpointGames) checkpoint();
}

void LearnScreen::checkpoint() {
    if (trainer_->episodes() == 0) return;
    models_.minesweeper = std::make_shared<const learn::Network>(trainer_->network());
    checkpoint_episodes_ = trainer_->episodes();
    mark_dirty();
}

void LearnScreen::update(const Frame& frame, double slice_ms) {
    const double now = frame.now_ms;
    if (ai_runner().running(train_id_)) follow_training(shown_ ? kShownSliceFactor * slice_ms : slice_ms);
    if (training_) {
        if (rate_since_ms_ < 0 || now - rate_since_ms_ >= 1000.0) {
            if (rate_since_ms_ >= 0)
                games_per_second_ = static_cast<double>(trainer_->episodes() - rate_episodes_) * 1000.0 / (now - rate_since_ms_);
            rate_since_ms_ = now;
            rate_episodes_ = trainer_->episodes();
        }
    } else {
        rate_since_ms_ = -1;
        games_per_second_ = 0;
    }
    if (shown_) {
        // The live game moves on its own clock; the solver judging its position thinks in frames.
        frame.frame_by(exact_ready_ || live_.terminal() ? next_move_ms_ : now);
        play_live(now);
    }
    shown_ = false;
}

void LearnScreen::start_live_game() {
    const ms::Settings& board = trainer_->settings().board;
    const uint64_t seed = Rng::for_stream(trainer_->settings().seed, kLiveGameStream + live_games_).next_u64();
    live_ = ms::State(board, seed);
    ++live_games_;
    agent_ = ms::make_solver("learned", Rng(0), &trainer_->network());
    exact_ = ms::make_solver("probability");
    live_.reveal(ms::default_first_cell(board));  // the first click, as in training
    live_moves_ = 1;
    look_at_live_game();
}

void LearnScreen::look_at_live_game() {
    exact_ready_ = false;
    if (live_.terminal()) return;
    agent_view_ = agent_->decide(live_.position());
    exact_->begin(live_.position());
    exact_->think(kExactSliceMs);
    exact_ready_ = exact_->finished();
    if (exact_ready_) exact_view_ = exact_->result();
}

void LearnScreen::play_live(double now_ms) {
    if (live_.terminal()) {
        if (now_ms >= next_move_ms_) start_live_game();
        return;
    }
    if (!exact_ready_) {
        exact_->think(kExactSliceMs);
        exact_ready_ = exact_->finished();
        if (exact_ready_) exact_view_ = exact_->result();
    }
    if (!exact_ready_ || now_ms < next_move_ms_) return;
    live_.reveal(agent_view_.move);
    ++live_moves_;
    next_move_ms_ = now_ms + (live_.terminal() ? kEndOfGamePauseMs : 1000.0 / speed_);
    look_at_live_game();
}

double LearnScreen::live_error() const {
    if (!exact_ready_ || live_.terminal()) return -1;
    double sum = 0;
    int hidden = 0;
    for (int cell = 0; cell < live_.size(); ++cell) {
        if (live_.view(cell) != ms::kHidden) continue;
        sum += std::fabs(agent_view_.knowledge.mine_probability[cell] - exact_view_.knowledge.mine_probability[cell]);
        ++hidden;
    }
    return hidden > 0 ? sum / hidden : -1;
}

namespace {
constexpr float kBoardsGap = 16.0f;
float captions_height() { return ImGui::GetTextLineHeightWithSpacing() * 2; }
}  // namespace

float LearnScreen::live_boards_height(float w) const {
    return captions_height() + (w - kBoardsGap) / 2 * float(live_.rows()) / float(live_.cols());
}

void LearnScreen::build_live_boards(const Frame& frame, float x, float y, float w, float h) {
    const float caption = captions_height();
    const float gap = kBoardsGap;
    const float half = (w - gap) / 2;
    const BoardPlacement left = fit_board(x, y + caption, half, h - caption, live_.rows(), live_.cols());
    const BoardPlacement right = fit_board(x + half + gap, y + caption, half, h - caption, live_.rows(), live_.cols());
    live_view_ = left;
    ImGui::SetCursorPos(ImVec2(left.x, left.y - caption));
    ImGui::TextUnformatted(tr("What the network thinks"));
    ImGui::SetCursorPosX(left.x);
    ImGui::TextDisabled("%s", tr("mine chance, %"));
    ImGui::SetCursorPos(ImVec2(right.x, right.y - caption));
    ImGui::TextUnformatted(tr("The exact chance"));
    ImGui::SetCursorPosX(right.x);
    ImGui::TextDisabled("%s", tr("probability solver, %"));
    MinesweeperOverlay network{&agent_view_.knowledge.mine_probability, nullptr, agent_view_.move};
    draw_minesweeper_board(frame, left, live_, live_.terminal() ? MinesweeperOverlay{} : network);
    MinesweeperOverlay exact{&exact_view_.knowledge.mine_probability, nullptr, agent_view_.move};
    draw_minesweeper_board(frame, right, live_, exact_ready_ ? exact : MinesweeperOverlay{});
}

void LearnScreen::build_curves(float w, float h, int columns) const {
    std::vector<double> episodes, won, reward, loss;
    for (const ms::CurvePoint& point : trainer_->curve()) {
        episodes.push_back(static_cast<double>(point.episodes));
        won.push_back(point.win_rate * 100.0);
        reward.push_back(point.mean_reward);
        loss.push_back(point.loss);
    }
    const LineChart charts[3] = {
        {tr("Games won, %"), tr("games played"), "%.0f%%", &episodes, &won, IM_COL32(90, 200, 120, 255), kCurveAverage, 0, 100},
        {tr("Reward per game"), tr("games played"), "%.2f", &episodes, &reward, IM_COL32(100, 165, 245, 255), kCurveAverage},
        {tr("Training loss"), tr("games played"), "%.3f", &episodes, &loss, IM_COL32(240, 165, 80, 255), kCurveAverage},
    };
    const float legend = ImGui::GetTextLineHeightWithSpacing() * 2;
    const float gap = 12.0f;
    const int rows = (3 + columns - 1) / columns;
    const float chart_w = (w - gap * float(columns - 1)) / float(columns);
    const float chart_h = (h - legend - gap * float(rows - 1)) / float(rows);
    const ImVec2 start = ImGui::GetCursorPos();
    for (int i = 0; i < 3; ++i) {
        ImGui::SetCursorPos(ImVec2(start.x + float(i % columns) * (chart_w + gap), start.y + float(i / columns) * (chart_h + gap)));
        draw_line_chart(charts[i], chart_w, chart_h);
    }
    ImGui::SetCursorPos(ImVec2(start.x, start.y + h - legend + 4));
    const std::string legend_text =
        trf("Each point of a thin line is {games} games; the thick line is the average of the last {points} points.",
            {{"games", trainer_->settings().window}, {"points", kCurveAverage}});
    ImGui::TextDisabled("%s", wrap_text(ImGui::GetFont(), ImGui::GetFontSize(), legend_text, w).c_str());
}

void LearnScreen::build_controls(const Frame& frame) {
    setting_width();
    if (ImGui::BeginCombo(tr("Game"), tr("Minesweeper"))) {
        ImGui::Selectable(tr("Minesweeper"), true);
        ImGui::Selectable(tr("Puyo Puyo (coming)"), false, ImGuiSelectableFlags_Disabled);
        ImGui::Selectable(tr("Gomoku (coming)"), false, ImGuiSelectableFlags_Disabled);
        ImGui::EndCombo();
    }
    ImGui::PushFont(frame.fonts->large);
    ImGui::TextUnformatted(trf("{count} games", {{"count", static_cast<long long>(trainer_->episodes())}}).c_str());
    ImGui::PopFont();
    char rate[16];
    std::snprintf(rate, sizeof rate, "%.1f", games_per_second_);
    ImGui::TextUnformatted(trf("{rate} games/s   {time}   {count} moves",
                               {{"rate", rate}, {"time", clock_text(elapsed_s_)}, {"count", static_cast<long long>(trainer_->steps())}})
                               .c_str());
    // At least 90 pixels wide, so the row does not jump as the label changes between Train and Pause.
    const char* train_label = training_ ? tr("Pause") : tr("Train");
    if (ImGui::Button(train_label, ImVec2(std::max(90.0f, ImGui::CalcTextSize(train_label).x + 20.0f), 0))) {
        if (training_) act({{"train", "pause"}});
        else start_training();
    }
    ImGui::SameLine();
    if (ImGui::Button(tr("Reset"))) reset();
    ImGui::SameLine();
    ImGui::BeginDisabled(trainer_->episodes() == 0);
    if (ImGui::Button(tr("Play with it"))) {
        checkpoint();
        const ms::Settings& board = trainer_->settings().board;
        Params play{{"game", "minesweeper"}, {"ai", "learned"}, {"show", "probability"}};
        if (same_board(board, ms::level_settings("beginner"))) {
            play["level"] = "beginner";
        } else {
            play["level"] = "custom";
            play["rows"] = std::to_string(board.rows);
            play["cols"] = std::to_string(board.cols);
            play["mines"] = std::to_string(board.mines);
        }
        frame.open_game(play);
    }
    ImGui::EndDisabled();
    if (ImGui::Button(tr("Download model"))) act({{"download", true}});
    ImGui::SameLine();
    if (ImGui::Button(tr("Load model...")) && !pick_file()) message_ = translatable("Drop a model file on this window to load it.");
    if (!message_.pattern.empty()) text_wrapped(tr(message_));

    ImGui::Separator();
    const ms::Outcome outcome = live_.outcome();
    const MessageArg game{"game", static_cast<long long>(live_games_)}, move{"move", live_moves_};
    text_wrapped(outcome == ms::Outcome::Won    ? trf("Live game {game}, move {move}: won!", {game, move})
                 : outcome == ms::Outcome::Lost ? trf("Live game {game}, move {move}: hit a mine", {game, move})
                                                : trf("Live game {game}, move {move}", {game, move}));
    setting_width();
    if (ImGui::SliderInt(tr("moves/s"), &speed_, 1, 30)) mark_dirty();
    const double error = live_error();
    text_wrapped_disabled(tr("Green: safe, red: a mine. The ring is the cell it opens next."));
    if (error >= 0)
        text_wrapped(trf("Its chances are {points} points off the exact ones, on average.",
                         {{"points", static_cast<long long>(std::lround(error * 100))}}));
}

void LearnScreen::build_settings() {
    ImGui::Separator();
    text_wrapped_disabled(tr("Settings (Reset starts a run with them)"));
    setting_width();
    combo_translated(tr("Board"), &edit_board_, kBoardNames, 3);
    if (edit_board_ == 2) {
        setting_width();
        ImGui::SliderInt(tr("Rows"), &edit_rows_, 4, 16);
        setting_width();
        ImGui::SliderInt(tr("Columns"), &edit_cols_, 4, 16);
        setting_width();
        ImGui::SliderInt(tr("Mines"), &edit_mines_, 1, edit_rows_ * edit_cols_ - 9);
    }
    setting_width();
    ImGui::SliderInt(tr("Width (filters)"), &edit_width_, 4, 64);
    setting_width();
    ImGui::SliderInt(tr("Depth (layers)"), &edit_depth_, 1, 8);
    setting_width();
    ImGui::SliderFloat(tr("Learning rate"), &edit_lr_, 0.0001f, 0.01f, "%.4f", ImGuiSliderFlags_Logarithmic);
    setting_width();
    ImGui::SliderFloat(tr("Exploration"), &edit_explore_, 0.0f, 0.5f, "%.2f");
    setting_width();
    ImGui::Combo(tr("Rewards"), &edit_rewards_, kRewards, 2);  // the schemes' names are ids (their seeds)
    char seed[24] = {};
    edit_seed_.copy(seed, sizeof seed - 1);
    setting_width();
    if (ImGui::InputTextWithHint(tr("Seed"), tr("random"), seed, sizeof seed, ImGuiInputTextFlags_CharsDecimal)) edit_seed_ = seed;
    if (edited_params() != params()) text_wrapped(tr("Press Reset to start again with these settings."));
    if (!settings_error_.empty()) text_wrapped(settings_error_);
    ImGui::TextDisabled("%s", trf("{count} weights", {{"count", static_cast<long long>(trainer_->network().parameter_count())}}).c_str());
}

void LearnScreen::build_ui(const Frame& frame, float top) {
    shown_ = true;
    Layout layout = split_layout(frame, top);
    const bool portrait = layout.panel_y > layout.board_y;
    if (portrait) {  // the boards as tall as they need, the panel (with the curves) right below them
        const float boards_h = std::min(layout.board_h, live_boards_height(layout.board_w));
        build_live_boards(frame, layout.board_x, layout.board_y, layout.board_w, boards_h);
        layout.panel_y = layout.board_y + boards_h + 12;
        layout.panel_h = frame.height - layout.panel_y - 12;
    } else {
        const float boards_h = layout.board_h * 0.45f;
        build_live_boards(frame, layout.board_x, layout.board_y, layout.board_w, boards_h);
        ImGui::SetCursorPos(ImVec2(layout.board_x, layout.board_y + boards_h + 16));
        build_curves(layout.board_w, layout.board_h - boards_h - 16, 3);
    }
    begin_panel(layout);
    build_controls(frame);
    if (portrait) {
        ImGui::Separator();
        build_curves(ImGui::GetContentRegionAvail().x, 3 * 190.0f, 1);
    }
    build_settings();
    ImGui::EndChild();
}

nlohmann::json LearnScreen::state() const {
    const ms::TrainSettings& s = trainer_->settings();
    const int next = live_.terminal() ? -1 : agent_view_.move;
    const double error = live_error();
    return {
        {"game", "learn"},
        {"learning", "minesweeper"},
        {"view", view_json(live_view_)},
        {"training", training_},
        {"trainer", ai_runner().where()},
        {"episodes", trainer_->episodes()},
        {"steps", trainer_->steps()},
        {"updates", trainer_->updates()},
        {"games_per_second", std::round(games_per_second_ * 10) / 10},
        {"elapsed_s", std::floor(elapsed_s_)},
        {"weight_hash", learn::hex16(learn::weight_hash(trainer_->network()))},
        {"shared", models_.minesweeper != nullptr},
        {"settings", params()},
        {"curve", {{"window", s.window}, {"points", ms::curve_points_json(trainer_->curve())}}},
        {"live",
         {{"games", live_games_},
          {"moves", live_moves_},
          {"status", live_.outcome() == ms::Outcome::Won ? "won" : live_.outcome() == ms::Outcome::Lost ? "lost" : "playing"},
          {"board", board_rows_json(live_)},
          {"next", next >= 0 ? nlohmann::json{next / live_.cols(), next % live_.cols()} : nlohmann::json(nullptr)},
          {"error", error >= 0 ? nlohmann::json(std::round(error * 1000) / 1000) : nlohmann::json(nullptr)}}},
    };
}

}  // namespace gridlab::app
