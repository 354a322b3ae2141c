// The Minesweeper lesson: a network learns which hidden cells hide mines. Its live game is played by
// the network, its mine chances beside the exact ones of the probability solver.
//
// Parameters: level (small: 6x6 with 5 mines, beginner: 9x9 with 10, intermediate: 16x16 with 40,
// expert: 16x30 with 99), or rows, cols and mines for another board; width, depth and looks (the network: 2 looks
// at the board, the second seeing the first's chances, or 1), lr (learning rate), explore (the chance of a random
// move while training), rewards (seed-000|seed-004), seed.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/i18n.h"
#include "core/text.h"
#include "app/learn_lesson.h"
#include "app/minesweeper_board.h"
#include "app/palette.h"
#include "learn/model_file.h"
#include "minesweeper/learner.h"
#include "minesweeper/play.h"
#include "minesweeper/solver.h"
#include "search/games.h"

namespace gridlab::app {

namespace {

namespace ms = gridlab::minesweeper;

constexpr const char* kBoards[] = {"small", "beginner", "intermediate", "expert", "custom"};
constexpr int kBoardCount = 5, kCustomBoard = 4;
constexpr const char* kBoardNames[] = {tr_key("small: 6x6, 5 mines"), tr_key("beginner: 9x9, 10 mines"),
                                       tr_key("intermediate: 16x16, 40 mines"), tr_key("expert: 16x30, 99 mines"),
                                       tr_key("custom")};
constexpr const char* kRewards[] = {"seed-000", "seed-004"};  // the ids of the seeds that define them
constexpr const char* kRewardNames[] = {tr_key("Simple"), tr_key("Harder cells count more")};
constexpr const char* kRewardsHelp =
    tr_key("Simple: +1 for each safe cell, +10 for the win, -10 for a mine. Harder cells count more: +1 for a cell "
           "the simple rule already knew was safe, +1.5 for any other safe cell, and +10 for the win, -10 for a mine.");
constexpr const char* kLooksHelp =
    tr_key("The network looks at the board a second time, seeing the chances its first look gave each hidden cell: a mine "
           "it is sure of then tells the cells beyond it. Twice the arithmetic per move, and more games won for the same time.");
constexpr ms::Settings kSmallBoard{6, 6, 5, ms::FirstClick::Safe};
constexpr int kCurveWindow = 25;            // games per point of the curves
constexpr double kExactSliceMs = 2.0;       // the probability solver's share of a frame
constexpr double kEndOfGamePauseMs = 1500.0;
constexpr float kBoardsGap = 16.0f;

bool same_board(const ms::Settings& a, const ms::Settings& b) {
    return a.rows == b.rows && a.cols == b.cols && a.mines == b.mines;
}

// "small", "beginner", "intermediate", "expert" or "custom" for a board.
std::string level_name(const ms::Settings& board) {
    if (same_board(board, kSmallBoard)) return "small";
    for (const char* level : {"beginner", "intermediate", "expert"})
        if (same_board(board, ms::level_settings(level))) return level;
    return "custom";
}

ms::TrainSettings parse_run(const Params& params) {
    ms::TrainSettings s;
    s.window = kCurveWindow;
    // ms::NetworkShape's defaults: the network measured on every level (docs/minesweeper-learning.md),
    // which the worker trains (an expert update takes 3 boards with both looks; the whole expert run's
    // longest slice in Chromium was 65 ms for the 50 asked).
    if (params.count("rows") || params.count("cols") || params.count("mines")) {
        s.board.rows = int_param(params, "rows", 9, 4, 16);
        s.board.cols = int_param(params, "cols", 9, 4, 16);
        const int most_mines = s.board.rows * s.board.cols - 9;
        s.board.mines = int_param(params, "mines", std::min(10, most_mines), 1, most_mines);
    } else {
        const std::string level = choice_param(params, "level", "beginner", {"small", "beginner", "intermediate", "expert"});
        s.board = level == "small" ? kSmallBoard : ms::level_settings(level);
    }
    s.shape.width = int_param(params, "width", s.shape.width, 1, 64);
    s.shape.depth = int_param(params, "depth", s.shape.depth, 1, 8);
    s.shape.second_look = int_param(params, "looks", s.shape.second_look ? 2 : 1, 1, 2) == 2;
    s.learning_rate = static_cast<float>(number_param(params, "lr", s.learning_rate, 1e-5, 0.1));
    s.exploration = number_param(params, "explore", s.exploration, 0.0, 1.0);
    s.rewards = ms::parse_reward_scheme(choice_param(params, "rewards", "seed-000", {"seed-000", "seed-004"}));
    s.seed = seed_param(params);
    return s;
}

Params run_params(const ms::TrainSettings& s) {
    Params params{{"width", std::to_string(s.shape.width)},
                  {"depth", std::to_string(s.shape.depth)},
                  {"looks", s.shape.second_look ? "2" : "1"},
                  {"lr", format_exact(s.learning_rate)},
                  {"explore", format_exact(s.exploration)},
                  {"rewards", std::string(ms::reward_scheme_name(s.rewards))},
                  {"seed", std::to_string(s.seed)}};
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

float captions_height() { return ImGui::GetTextLineHeightWithSpacing() * 2; }

class MinesweeperLesson : public Lesson {
public:
    MinesweeperLesson() { start({}); }
    const char* game() const override { return "minesweeper"; }

    void start(const Params& params) override { take(std::make_unique<ms::Trainer>(parse_run(params))); }
    void adopt(const learn::Model& model) override {
        auto trainer = std::make_unique<ms::Trainer>(model);
        parse_run(run_params(trainer->settings()));  // a run this screen could not start is refused
        trainer_ = std::move(trainer);
    }
    Params params() const override { return run_params(trainer_->settings()); }
    std::string model_bytes(double seconds) const override {
        nlohmann::json description = trainer_->describe();
        description["seconds"] = seconds;
        return learn::save_model({"minesweeper", trainer_->network(), description});
    }
    nlohmann::json training_request(const std::string& model) const override {
        return search::minesweeper_training_request(trainer_->settings(), model);
    }
    int64_t games() const override { return trainer_->episodes(); }
    int64_t moves() const override { return trainer_->steps(); }
    int64_t updates() const override { return trainer_->updates(); }
    std::size_t weight_count() const override { return trainer_->network().parameter_count(); }
    uint64_t weight_hash() const override { return learn::weight_hash(trainer_->network()); }
    void share(LearnedModels& models) const override {
        models.minesweeper = games() > 0 ? std::make_shared<const learn::Network>(trainer_->network()) : nullptr;
    }
    bool shared(const LearnedModels& models) const override { return models.minesweeper != nullptr; }
    Params play_params() const override {
        const ms::Settings& board = trainer_->settings().board;
        Params play{{"game", "minesweeper"}, {"ai", "learned"}, {"show", "probability"}};
        const std::string level = level_name(board);
        if (level != "small" && level != "custom") {
            play["level"] = level;
        } else {
            play["level"] = "custom";
            play["rows"] = std::to_string(board.rows);
            play["cols"] = std::to_string(board.cols);
            play["mines"] = std::to_string(board.mines);
        }
        return play;
    }
    std::vector<Curve> curves() const override {
        std::vector<Curve> curves = {
            {tr_key("Games won, %"), "%.0f%%", {}, {}, IM_COL32(90, 200, 120, 255), 0, 100},
            {tr_key("Reward per game"), "%.2f", {}, {}, IM_COL32(100, 165, 245, 255)},
            {tr_key("Training loss"), "%.3f", {}, {}, IM_COL32(240, 165, 80, 255)},
        };
        for (const ms::CurvePoint& point : trainer_->curve()) {
            const double values[3] = {point.win_rate * 100.0, point.mean_reward, point.loss};
            for (int i = 0; i < 3; ++i) {
                curves[i].games.push_back(static_cast<double>(point.episodes));
                curves[i].values.push_back(values[i]);
            }
        }
        return curves;
    }
    int curve_window() const override { return trainer_->settings().window; }
    nlohmann::json curve_json() const override { return ms::curve_points_json(trainer_->curve()); }

    void restart_live() override {
        live_games_ = 0;
        start_live_game();
    }
    double play_live(double now_ms, int speed) override;
    float live_height(float w) const override {
        return captions_height() + (w - kBoardsGap) / 2 * float(live_.rows()) / float(live_.cols());
    }
    void build_live(const Frame& frame, float x, float y, float w, float h) override;
    void build_live_text() const override;
    nlohmann::json live_state() const override;
    nlohmann::json live_view() const override { return view_json(live_view_); }

    void edit_from_run() override;
    void build_settings() override;
    Params edited_params() const override;

private:
    void take(std::unique_ptr<ms::Trainer> trainer) {
        trainer_ = std::move(trainer);
        restart_live();
        edit_from_run();
    }
    void start_live_game();
    void look_at_live_game();  // both views of the position: the network's and the exact one
    double live_error() const;  // mean |network - exact| over hidden cells, or -1

    std::unique_ptr<ms::Trainer> trainer_;
    ms::State live_{ms::Settings{}, 0};
    int64_t live_games_ = 0;
    int live_moves_ = 0;
    std::unique_ptr<ms::Solver> agent_, exact_;
    ms::Decision agent_view_, exact_view_;
    bool exact_ready_ = false;
    double next_move_ms_ = 0;
    BoardPlacement live_view_;

    int edit_board_ = 1, edit_rows_ = 9, edit_cols_ = 9, edit_mines_ = 10, edit_width_ = ms::NetworkShape{}.width,
        edit_depth_ = ms::NetworkShape{}.depth;
    bool edit_second_look_ = ms::NetworkShape{}.second_look;
    int edit_rewards_ = 0;
    float edit_lr_ = 0.001f, edit_explore_ = 0.05f;
    std::string edit_seed_;
};

void MinesweeperLesson::start_live_game() {
    const ms::Settings& board = trainer_->settings().board;
    const uint64_t seed = Rng::for_stream(trainer_->settings().seed, kLiveGameStream + live_games_).next_u64();
    live_ = ms::State(board, seed);
    ++live_games_;
    agent_ = ms::make_solver("learned", Rng(0), &trainer_->network());  // a copy of the weights
    exact_ = ms::make_solver("probability");
    live_.reveal(ms::default_first_cell(board));  // the first click, as in training
    live_moves_ = 1;
    look_at_live_game();
}

void MinesweeperLesson::look_at_live_game() {
    exact_ready_ = false;
    if (live_.terminal()) return;
    agent_view_ = agent_->decide(live_.position());
    exact_->begin(live_.position());
    exact_->think(kExactSliceMs);
    exact_ready_ = exact_->finished();
    if (exact_ready_) exact_view_ = exact_->result();
}

double MinesweeperLesson::play_live(double now_ms, int speed) {
    if (live_.terminal()) {
        if (now_ms >= next_move_ms_) start_live_game();
        return next_move_ms_;
    }
    if (!exact_ready_) {  // the solver judging the position thinks in frames
        exact_->think(kExactSliceMs);
        exact_ready_ = exact_->finished();
        if (exact_ready_) exact_view_ = exact_->result();
    }
    if (!exact_ready_) return now_ms;
    if (now_ms < next_move_ms_) return next_move_ms_;
    live_.reveal(agent_view_.move);
    ++live_moves_;
    next_move_ms_ = now_ms + (live_.terminal() ? kEndOfGamePauseMs : 1000.0 / speed);
    look_at_live_game();
    return exact_ready_ ? next_move_ms_ : now_ms;
}

double MinesweeperLesson::live_error() const {
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

void MinesweeperLesson::build_live(const Frame& frame, float x, float y, float w, float h) {
    const float caption = captions_height();
    const float half = (w - kBoardsGap) / 2;
    const bool turned = turn_board(frame, live_.rows(), live_.cols());
    const BoardPlacement left = fit_board(x, y + caption, half, h - caption, live_.rows(), live_.cols(), turned);
    const BoardPlacement right = fit_board(x + half + kBoardsGap, y + caption, half, h - caption, live_.rows(), live_.cols(), turned);
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

void MinesweeperLesson::build_live_text() const {
    const ms::Outcome outcome = live_.outcome();
    const MessageArg game{"game", static_cast<long long>(live_games_)}, move{"move", live_moves_};
    text_wrapped(outcome == ms::Outcome::Won    ? trf("Live game {game}, move {move}: won!", {game, move})
                 : outcome == ms::Outcome::Lost ? trf("Live game {game}, move {move}: hit a mine", {game, move})
                                                : trf("Live game {game}, move {move}", {game, move}));
    text_wrapped_disabled(tr("Green: safe, red: a mine. The ring is the cell it opens next."));
    const ms::TrainSettings& run = trainer_->settings();
    if (ms::warms_up(run) && trainer_->episodes() < run.warm_up)
        text_wrapped(trf("Warm-up: its first {games} training games are on 9x9 boards with {mines} mines, the same share of "
                         "mines: quicker lessons for the same filters. The live game is on the real board.",
                         {{"games", static_cast<long long>(run.warm_up)},
                          {"mines", static_cast<long long>(ms::warm_up_board(run.board).mines)}}));
    else if (ms::warms_up(run))
        text_wrapped_disabled(trf("The curves' first {games} games were the 9x9 warm-up: where the real board's games "
                                  "begin, the win rate drops, then climbs again.",
                                  {{"games", static_cast<long long>(run.warm_up)}}));
    const double error = live_error();
    if (error >= 0) {
        char points[16];  // one decimal: "1.0 points", never "1 points"
        std::snprintf(points, sizeof points, "%.1f", error * 100);
        text_wrapped(trf("Its chances are {points} points off the exact ones, on average.", {{"points", points}}));
    }
}

nlohmann::json MinesweeperLesson::live_state() const {
    const int next = live_.terminal() ? -1 : agent_view_.move;
    const double error = live_error();
    return {{"games", live_games_},
            {"moves", live_moves_},
            {"status", live_.outcome() == ms::Outcome::Won ? "won" : live_.outcome() == ms::Outcome::Lost ? "lost" : "playing"},
            {"board", board_rows_json(live_)},
            {"next", next >= 0 ? nlohmann::json{next / live_.cols(), next % live_.cols()} : nlohmann::json(nullptr)},
            {"error", error >= 0 ? nlohmann::json(std::round(error * 1000) / 1000) : nlohmann::json(nullptr)}};
}

void MinesweeperLesson::edit_from_run() {
    const ms::TrainSettings& s = trainer_->settings();
    edit_board_ = index_of(kBoards, kBoardCount, level_name(s.board));
    edit_rows_ = s.board.rows;
    edit_cols_ = s.board.cols;
    edit_mines_ = s.board.mines;
    edit_width_ = s.shape.width;
    edit_depth_ = s.shape.depth;
    edit_second_look_ = s.shape.second_look;
    edit_lr_ = s.learning_rate;
    edit_explore_ = static_cast<float>(s.exploration);
    edit_rewards_ = index_of(kRewards, 2, std::string(ms::reward_scheme_name(s.rewards)));
    edit_seed_ = std::to_string(s.seed);
}

Params MinesweeperLesson::edited_params() const {
    Params params{{"width", std::to_string(edit_width_)},
                  {"depth", std::to_string(edit_depth_)},
                  {"looks", edit_second_look_ ? "2" : "1"},
                  {"lr", format_number(edit_lr_)},
                  {"explore", format_number(edit_explore_)},
                  {"rewards", kRewards[edit_rewards_]}};
    if (!edit_seed_.empty()) params["seed"] = edit_seed_;
    if (edit_board_ != kCustomBoard) {
        params["level"] = kBoards[edit_board_];
    } else {
        params["rows"] = std::to_string(edit_rows_);
        params["cols"] = std::to_string(edit_cols_);
        params["mines"] = std::to_string(edit_mines_);
    }
    return params;
}

void MinesweeperLesson::build_settings() {
    setting_width();
    combo_translated(tr("Board"), &edit_board_, kBoardNames, kBoardCount);
    if (edit_board_ == kCustomBoard) {
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
    ImGui::Checkbox(tr("Look twice"), &edit_second_look_);
    note_control("looks");
    if (ImGui::IsItemHovered()) tooltip_wrapped(tr(kLooksHelp));
    setting_width();
    ImGui::SliderFloat(tr("Learning rate"), &edit_lr_, 0.0001f, 0.01f, "%.4f", ImGuiSliderFlags_Logarithmic);
    setting_width();
    ImGui::SliderFloat(tr("Exploration"), &edit_explore_, 0.0f, 0.5f, "%.2f");
    setting_width();
    combo_translated(tr("Rewards"), &edit_rewards_, kRewardNames, 2);
    if (ImGui::IsItemHovered()) tooltip_wrapped(tr(kRewardsHelp));
    seed_setting(edit_seed_);
}

}  // namespace

std::unique_ptr<Lesson> make_minesweeper_lesson() { return std::make_unique<MinesweeperLesson>(); }

}  // namespace gridlab::app
