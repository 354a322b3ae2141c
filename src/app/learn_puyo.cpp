// The Puyo lesson (seed 002): a network learns how good a field is, by temporal-difference learning
// on the scores of its own games (puyo/learner.h). Its live game is played by the network: above
// each column, what the best placement there is worth to it (points now plus the value of the field
// it leaves, in thousands of points); the yellow outline is where the pair goes.
//
// Parameters: rules (tsu|tutorial), inputs (features|field: hand-made numbers or the raw field),
// colors (3..5), pairs (per game), width (hidden units or channels), lr, explore, seed.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/i18n.h"
#include "core/text.h"
#include "app/learn_lesson.h"
#include "app/palette.h"
#include "app/puyo_look.h"
#include "learn/model_file.h"
#include "puyo/learner.h"
#include "search/games.h"

namespace gridlab::app {

namespace {

constexpr const char* kInputs[] = {"features", "field"};
constexpr const char* kInputNames[] = {tr_key("hand-made features"), tr_key("the raw field")};
constexpr int kCurveWindow = 25;            // games per point of the curves
constexpr double kEndOfGamePauseMs = 1500.0;

puyo::TrainSettings parse_run(const Params& params) {
    puyo::TrainSettings s;
    s.window = kCurveWindow;
    s.rules = choice_param(params, "rules", "tsu", {"tsu", "tutorial"}) == "tsu" ? puyo::RuleSet::Tsu : puyo::RuleSet::Tutorial;
    s.shape.inputs = puyo::parse_inputs(choice_param(params, "inputs", "features", {"features", "field"}));
    s.colors = int_param(params, "colors", s.colors, 3, 5);
    s.pairs = int_param(params, "pairs", s.pairs, 10, 200);
    s.shape.width = int_param(params, "width", puyo::default_width(s.shape.inputs), 4, 128);
    s.learning_rate = static_cast<float>(number_param(params, "lr", s.learning_rate, 1e-5, 0.1));
    s.exploration = number_param(params, "explore", s.exploration, 0.0, 1.0);
    s.seed = seed_param(params);
    return s;
}

Params run_params(const puyo::TrainSettings& s) {
    return {{"rules", kPuyoRules[puyo_rules_index(s.rules)]},
            {"inputs", puyo::inputs_name(s.shape.inputs)},
            {"colors", std::to_string(s.colors)},
            {"pairs", std::to_string(s.pairs)},
            {"width", std::to_string(s.shape.width)},
            {"lr", format_exact(s.learning_rate)},
            {"explore", format_exact(s.exploration)},
            {"seed", std::to_string(s.seed)}};
}

class PuyoLesson : public Lesson {
public:
    PuyoLesson() { start({}); }
    const char* game() const override { return "puyo"; }

    void start(const Params& params) override {
        trainer_ = std::make_unique<puyo::Trainer>(parse_run(params));
        restart_live();
        edit_from_run();
    }
    void adopt(const learn::Model& model) override {
        auto trainer = std::make_unique<puyo::Trainer>(model);
        parse_run(run_params(trainer->settings()));  // a run this screen could not start is refused
        trainer_ = std::move(trainer);
    }
    Params params() const override { return run_params(trainer_->settings()); }
    std::string model_bytes(double seconds) const override { return learn::save_model(model(seconds)); }
    nlohmann::json training_request(const std::string& model) const override {
        return search::puyo_training_request(trainer_->settings(), model);
    }
    int64_t games() const override { return trainer_->games(); }
    int64_t moves() const override { return trainer_->moves(); }
    int64_t updates() const override { return trainer_->updates(); }
    std::size_t weight_count() const override { return trainer_->network().parameter_count(); }
    uint64_t weight_hash() const override { return learn::weight_hash(trainer_->network()); }
    void share(LearnedModels& models) const override {
        models.puyo = games() > 0 ? std::make_shared<const learn::Model>(model(0)) : nullptr;
    }
    bool shared(const LearnedModels& models) const override { return models.puyo != nullptr; }
    Params play_params() const override {
        const puyo::TrainSettings& s = trainer_->settings();
        return {{"game", "puyo"}, {"ai", "learned"}, {"play", "ai"}, {"rules", kPuyoRules[puyo_rules_index(s.rules)]},
                {"colors", std::to_string(s.colors)}};
    }
    std::vector<Curve> curves() const override {
        std::vector<Curve> curves = {
            {tr_key("Score per game"), "%.0f", {}, {}, IM_COL32(100, 165, 245, 255)},
            {tr_key("Largest chain per game"), "%.2f", {}, {}, IM_COL32(90, 200, 120, 255)},
            {tr_key("Training loss"), "%.3f", {}, {}, IM_COL32(240, 165, 80, 255)},
        };
        for (const puyo::CurvePoint& point : trainer_->curve()) {
            const double values[3] = {point.mean_score, point.mean_max_chain, point.loss};
            for (int i = 0; i < 3; ++i) {
                curves[i].games.push_back(static_cast<double>(point.games));
                curves[i].values.push_back(values[i]);
            }
        }
        return curves;
    }
    int curve_window() const override { return trainer_->settings().window; }
    nlohmann::json curve_json() const override { return puyo::curve_points_json(trainer_->curve()); }

    void restart_live() override {
        live_games_ = 0;
        start_live_game();
    }
    double play_live(double now_ms, int speed) override;
    float live_height(float w) const override {
        return live_caption_height() + std::min(w, 420.0f) / puyo::kColumns * float(live_.field().rows());
    }
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
        return {"puyo", trainer_->network(), description};
    }
    void start_live_game();
    void decide();  // the agent's view of the live position: every placement's worth, and its choice

    std::unique_ptr<puyo::Trainer> trainer_;
    std::unique_ptr<puyo::LearnedAi> agent_;  // the network as it was when the live game began
    puyo::State live_{puyo::Settings{}, 0};
    int64_t live_games_ = 0;
    double next_move_ms_ = 0;
    BoardPlacement live_view_;

    int edit_rules_ = 0, edit_inputs_ = 0, edit_colors_ = 4, edit_pairs_ = 50, edit_width_ = 64;
    float edit_lr_ = 0.001f, edit_explore_ = 0.05f;
    std::string edit_seed_;
};

void PuyoLesson::start_live_game() {
    const puyo::TrainSettings& s = trainer_->settings();
    const uint64_t seed = Rng::for_stream(s.seed, kLiveGameStream + static_cast<uint64_t>(live_games_)).next_u64();
    live_ = puyo::State(puyo::Settings{s.rules, s.colors, s.pairs}, seed);
    ++live_games_;
    agent_ = std::make_unique<puyo::LearnedAi>(model(0));
    decide();
}

void PuyoLesson::decide() {
    if (!live_.terminal()) agent_->begin(live_);
}

double PuyoLesson::play_live(double now_ms, int speed) {
    if (now_ms < next_move_ms_) return next_move_ms_;
    if (live_.terminal()) {
        start_live_game();
    } else {
        live_.apply(agent_->result().placement);
        decide();
    }
    next_move_ms_ = now_ms + (live_.terminal() ? kEndOfGamePauseMs : 1000.0 / speed);
    return next_move_ms_;
}

void PuyoLesson::build_live(const Frame& frame, float x, float y, float w, float h) {
    const puyo::Field& field = live_.field();
    const int rows = field.rows();
    const char* title = tr("What the network thinks each placement is worth");
    const char* unit = tr("points now + the field's value, in 1000s");
    // On a wide, short area (the Learn screen of a laptop) the captions go beside the field, which then
    // takes the whole height: above it, it was 18 px cells in an empty band. On a phone, above it.
    // Beside them, the field keeps to the area's left edge, in line with the curves below, whatever
    // the language's captions.
    constexpr float kCaptionGap = 16.0f;
    const float caption_w = std::max(ImGui::CalcTextSize(title).x, ImGui::CalcTextSize(unit).x);
    const float field_w_beside = h / float(rows) * float(puyo::kColumns);
    const bool beside = field_w_beside + kCaptionGap + caption_w <= w;
    const float caption = beside ? 0.0f : live_caption_height();
    const BoardPlacement board = fit_board(x, y + caption, beside ? field_w_beside : w, h - caption, rows, puyo::kColumns);
    live_view_ = board;
    auto display_row = [&](int field_row) { return rows - 1 - field_row; };
    std::vector<CellLook> cells(static_cast<size_t>(rows * puyo::kColumns));
    for (int row = 0; row < rows; ++row)
        for (int col = 0; col < puyo::kColumns; ++col) {
            CellLook& look = cells[static_cast<size_t>(display_row(row) * puyo::kColumns + col)];
            look = {row >= puyo::kVisibleRows ? palette::kHiddenRow : palette::kWell, kShapeTile, kMarkNone};
            const puyo::Puyo puyo = field.at(col, row);
            if (puyo != puyo::Puyo::None) look = puyo_look(puyo, frame.colorblind);
        }
    frame.board(board, std::move(cells), 0, kPuyoMarkInk);

    const float caption_x = beside ? board.x + board.cell * float(puyo::kColumns) + kCaptionGap : board.x;
    ImGui::SetCursorPos(ImVec2(caption_x, y));
    ImGui::TextUnformatted(title);
    ImGui::SetCursorPosX(caption_x);
    ImGui::TextDisabled("%s", unit);
    if (live_.terminal()) return;
    // Where the pair goes: yellow squares around its two landing cells.
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetWindowPos();
    puyo::Field planned = field;
    const puyo::Bitboard landed = puyo::place_pair(planned, live_.current_pair(), agent_->result().placement);
    for (int row = 0; row < rows; ++row)
        for (int col = 0; col < puyo::kColumns; ++col)
            if (landed.test(col, row)) {
                const ImVec2 low(origin.x + board.x + float(col) * board.cell + 2.0f,
                                 origin.y + board.y + float(display_row(row)) * board.cell + 2.0f);
                draw->AddRect(low, ImVec2(low.x + board.cell - 4.0f, low.y + board.cell - 4.0f), IM_COL32(255, 214, 0, 255), 4.0f, 0, 3.0f);
            }
    // Each column's best placement, written in the hidden row at its top.
    draw_column_values(board, agent_->scorer().candidates(), agent_->result().placement.column);
}

void PuyoLesson::build_live_text() const {
    const MessageArg game{"game", static_cast<long long>(live_games_)}, pair{"pair", live_.pairs_placed() + 1},
        score{"score", static_cast<long long>(live_.score())}, chain{"chain", live_.max_chain()};
    text_wrapped(live_.terminal() ? trf("Live game {game} is over: {score} points, largest chain {chain}", {game, score, chain})
                                  : trf("Live game {game}, pair {pair}: {score} points, largest chain {chain}", {game, pair, score, chain}));
    text_wrapped_disabled(tr("Above each column: what its best placement is worth to the network. Yellow: where the pair goes."));
}

nlohmann::json PuyoLesson::live_state() const {
    nlohmann::json values = nlohmann::json::array();
    if (!live_.terminal())
        for (const puyo::Candidate& candidate : agent_->scorer().candidates())
            values.push_back(candidate.legal ? nlohmann::json(std::round(candidate.total * 1000) / 1000) : nlohmann::json(nullptr));
    const puyo::Placement next = agent_->result().placement;
    return {{"games", live_games_},
            {"pairs", live_.pairs_placed()},
            {"score", live_.score()},
            {"max_chain", live_.max_chain()},
            {"status", live_.game_over() ? "lost" : live_.terminal() ? "finished" : "playing"},
            {"field", live_.field().to_lines(live_.field().rows())},
            {"values", values},
            {"next", live_.terminal() ? nlohmann::json(nullptr) : nlohmann::json{next.column, next.rotation}}};
}

void PuyoLesson::edit_from_run() {
    const puyo::TrainSettings& s = trainer_->settings();
    edit_rules_ = s.rules == puyo::RuleSet::Tsu ? 0 : 1;
    edit_inputs_ = s.shape.inputs == puyo::LearnerInputs::Features ? 0 : 1;
    edit_colors_ = s.colors;
    edit_pairs_ = s.pairs;
    edit_width_ = s.shape.width;
    edit_lr_ = s.learning_rate;
    edit_explore_ = static_cast<float>(s.exploration);
    edit_seed_ = std::to_string(s.seed);
}

Params PuyoLesson::edited_params() const {
    Params params{{"rules", kPuyoRules[edit_rules_]},
                  {"inputs", kInputs[edit_inputs_]},
                  {"colors", std::to_string(edit_colors_)},
                  {"pairs", std::to_string(edit_pairs_)},
                  {"width", std::to_string(edit_width_)},
                  {"lr", format_number(edit_lr_)},
                  {"explore", format_number(edit_explore_)}};
    if (!edit_seed_.empty()) params["seed"] = edit_seed_;
    return params;
}

void PuyoLesson::build_settings() {
    setting_width();
    combo_translated(tr("Rules"), &edit_rules_, kPuyoRuleNames, 2);
    if (ImGui::IsItemHovered()) tooltip_wrapped(tr(kPuyoRulesHelp));
    setting_width();
    const int inputs = edit_inputs_;
    combo_translated(tr("Input"), &edit_inputs_, kInputNames, 2);
    if (edit_inputs_ != inputs) edit_width_ = puyo::default_width(edit_inputs_ == 0 ? puyo::LearnerInputs::Features : puyo::LearnerInputs::Field);
    setting_width();
    ImGui::SliderInt(tr("Colours"), &edit_colors_, 3, 5);
    setting_width();
    ImGui::SliderInt(tr("Pairs per game"), &edit_pairs_, 10, 200);
    setting_width();
    ImGui::SliderInt(edit_inputs_ == 0 ? tr("Width (units)") : tr("Width (filters)"), &edit_width_, 4, 128);
    setting_width();
    ImGui::SliderFloat(tr("Learning rate"), &edit_lr_, 0.0001f, 0.01f, "%.4f", ImGuiSliderFlags_Logarithmic);
    setting_width();
    ImGui::SliderFloat(tr("Exploration"), &edit_explore_, 0.0f, 0.5f, "%.2f");
    seed_setting(edit_seed_);
}

}  // namespace

std::unique_ptr<Lesson> make_puyo_lesson() { return std::make_unique<PuyoLesson>(); }

}  // namespace gridlab::app
