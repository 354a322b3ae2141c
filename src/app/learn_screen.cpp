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

namespace gridlab::app {

namespace {

using namespace palette;
constexpr const char* kGames[] = {"minesweeper", "puyo", "gomoku"};
constexpr const char* kGameNames[] = {tr_key("Minesweeper"), tr_key("Puyo Puyo"), tr_key("Gomoku")};
constexpr int kCurveAverage = 8;           // points in the curves' moving average
constexpr int64_t kCheckpointGames = 50;   // games between saves (and shares with the game screens),
constexpr double kCheckpointSeconds = 20;  // or seconds of training, whichever comes first
constexpr double kShownSliceFactor = 2.0;  // training in frames is the point of this screen: a larger slice

std::unique_ptr<Lesson> make_lesson(int index) {
    switch (index) {
    case 0: return make_minesweeper_lesson();
    case 1: return make_puyo_lesson();
    default: return make_gomoku_lesson();
    }
}

// 75 -> "1:15"; an hour and more -> "1:02:03".
std::string clock_text(double seconds) {
    const long total = static_cast<long>(seconds);
    char text[32];
    if (total >= 3600) std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
    else std::snprintf(text, sizeof text, "%ld:%02ld", total / 60, total % 60);
    return text;
}

int speed_param(const Params& params) { return int_param(params, "speed", 4, 1, 30); }

// The seconds a lesson has left at the pace of its run so far (its training time per game), or -1
// before its first game or after its last.
double lesson_seconds_left(const Lesson& lesson, double elapsed_s) {
    if (lesson.games() == 0 || lesson.games() >= lesson.lesson_games()) return -1;
    return elapsed_s / static_cast<double>(lesson.games()) * static_cast<double>(lesson.lesson_games() - lesson.games());
}

}  // namespace

float live_caption_height() { return ImGui::GetTextLineHeightWithSpacing() * 2; }

void setting_width() { ImGui::SetNextItemWidth(190); }

void seed_setting(std::string& seed) {
    char text[24] = {};
    seed.copy(text, sizeof text - 1);
    setting_width();
    if (ImGui::InputTextWithHint(tr("Seed"), tr("random"), text, sizeof text, ImGuiInputTextFlags_CharsDecimal)) seed = text;
}

LearnScreen::LearnScreen(LearnedModels& models) : models_(models) {
    for (int i = 0; i < kLessons; ++i) lessons_[i] = make_lesson(i);  // each with a run of its usual settings
}

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

int LearnScreen::lesson_index(const std::string& game) const {
    for (int i = 0; i < kLessons; ++i)
        if (game == kGames[i]) return i;
    throw std::invalid_argument("learn: no lesson for the game '" + game + "'");
}

void LearnScreen::new_game(const Params& params) {
    const int index = lesson_index(choice_param(params, "learn", "minesweeper", {"minesweeper", "puyo", "gomoku"}));
    const int speed = speed_param(params);
    Params settings = params;
    for (const char* key : {"game", "learn", "speed"}) settings.erase(key);
    if (settings.empty() || settings == lessons_[index]->params()) {  // that run as it stands
        shown_ = index;
        speed_ = speed;
        mark_dirty();
        return;
    }
    start_run(index, params);
}

void LearnScreen::start_run(int index, const Params& params) {
    const int speed = speed_param(params);
    lessons_[index]->start(params);  // checks the settings, and replaces the run only if they are good
    if (reporting_ == index) drop_training();
    elapsed_s_[index] = 0;
    shown_ = index;
    speed_ = speed;
    settings_error_.clear();
    checkpoint(index);
}

Params LearnScreen::params() const {
    Params params = shown().params();
    params["game"] = "learn";
    params["learn"] = shown().game();
    params["speed"] = std::to_string(speed_);
    return params;
}

Params LearnScreen::edited_params() const {
    Params params = shown().edited_params();
    params["speed"] = std::to_string(speed_);
    return params;
}

void LearnScreen::adopt(int index, const learn::Model& model, double elapsed_s) {
    if (reporting_ == index) drop_training();
    lessons_[index]->adopt(model);
    lessons_[index]->restart_live();
    lessons_[index]->edit_from_run();
    elapsed_s_[index] = elapsed_s;
    shown_ = index;
    checkpoint(index);
}

void LearnScreen::start_training() {
    Lesson& lesson = shown();
    if (lesson.games() == 0) {  // the settings on screen, before the first game
        try {
            start_run(shown_, edited_params());
        } catch (const std::invalid_argument& refused) {
            settings_error_ = tr(message_of(refused));
            return;
        }
    }
    pause();
    if (reporting_ >= 0 && reporting_ != shown_) checkpoint(reporting_);  // the other run stops here
    // In the worker (or the frames without one): from the settings, or from this run's model to go on.
    const std::string model = lesson.games() > 0 ? lesson.model_bytes(elapsed_s_[shown_]) : "";
    nlohmann::json request = lesson.training_request(model);
    if (lesson.lesson_games() > lesson.games()) request["episodes"] = lesson.lesson_games();  // the lesson ends there
    train_id_ = ai_runner().train(request);
    training_ = reporting_ = shown_;
    checkpoint_games_ = lesson.games();
    message_ = {};
    mark_dirty();
}

void LearnScreen::reset() {
    settings_error_.clear();
    try {
        start_run(shown_, edited_params());
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
            if (reporting_ >= 0) checkpoint(reporting_);
        } else if (what == "reset") {
            start_run(shown_, edited_params());
        } else {
            throw std::invalid_argument(R"(train: expected "start", "pause" or "reset")");
        }
    } else if (key == "speed") {
        const std::optional<int> speed = json_int(value, 1, 30);
        if (!speed) throw std::invalid_argument("speed: expected moves per second, 1 to 30");
        speed_ = *speed;
        mark_dirty();
    } else if (key == "download") {
        const std::string name = std::string(shown().game()) + "-" + std::to_string(shown().games()) + "-games.glnn";
        message_ = translatable("Saved to {place}", {{"place", download_file(name, shown().model_bytes(elapsed_s_[shown_]))}});
    } else {
        throw std::invalid_argument("unknown action '" + key + "'");
    }
}

void LearnScreen::load_model(std::string_view bytes) {
    const learn::Model model = learn::load_model(bytes, "");
    const int index = lesson_index(model.game);
    auto checked = make_lesson(index);
    checked->adopt(model);  // a model no lesson could go on from changes nothing
    adopt(index, model, model.settings.value("seconds", 0.0));
    message_ = translatable("Loaded a network that has played {count} games.", {{"count", static_cast<long long>(shown().games())}});
}

nlohmann::json LearnScreen::save() const {
    nlohmann::json runs = nlohmann::json::object();
    for (int i = 0; i < kLessons; ++i)  // the training run too before its first game ends, so that it goes on
        if (lessons_[i]->games() > 0 || i == training_) runs[kGames[i]] = base64_encode(lessons_[i]->model_bytes(elapsed_s_[i]));
    return {{"params", params()},
            {"runs", runs},
            {"training", training_ >= 0 ? nlohmann::json(kGames[training_]) : nlohmann::json(nullptr)}};
}

void LearnScreen::restore(const nlohmann::json& saved) {
    const Params params = saved.at("params").get<Params>();
    const int speed = speed_param(params);
    const int shown = lesson_index(params.count("learn") ? params.at("learn") : "minesweeper");
    // Saves from before Puyo and Gomoku had lessons: one Minesweeper run, and whether it was training.
    const bool one_run = !saved.contains("runs");
    const nlohmann::json runs = one_run ? nlohmann::json{{"minesweeper", saved.at("model")}} : saved.at("runs");
    const nlohmann::json& training = saved.at("training");
    const std::string training_game = one_run ? (training.get<bool>() ? "minesweeper" : "")
                                              : (training.is_null() ? "" : training.get<std::string>());
    if (!runs.is_object()) throw std::invalid_argument("runs: expected an object");
    // Every run is read and checked before any replaces the one on screen.
    std::array<std::optional<learn::Model>, kLessons> models;
    for (const auto& [game, text] : runs.items()) {
        const int index = lesson_index(game);
        models[index] = learn::load_model(base64_decode(text.get<std::string>()), game);
        make_lesson(index)->adopt(*models[index]);
    }
    if (!training_game.empty() && !models[lesson_index(training_game)])
        throw std::invalid_argument("training: no run of " + training_game + " was saved");
    if (!models[shown]) make_lesson(shown)->start(params);  // a run with no games yet: its settings
    drop_training();
    for (int i = 0; i < kLessons; ++i) {
        lessons_[i] = make_lesson(i);
        elapsed_s_[i] = 0;
        if (models[i]) adopt(i, *models[i], models[i]->settings.value("seconds", 0.0));
    }
    if (!models[shown]) lessons_[shown]->start(params);
    shown_ = shown;
    speed_ = speed;
    if (!training_game.empty()) {
        shown_ = lesson_index(training_game);
        start_training();
        shown_ = shown;
    }
    mark_dirty();
}

void LearnScreen::drop_training() {
    pause();
    train_id_ = 0;
    reporting_ = -1;
}

void LearnScreen::pause() {
    ai_runner().cancel(train_id_);  // its final report (the model) still comes
    training_ = -1;
}

void LearnScreen::follow_training(double slice_ms) {
    Lesson& lesson = *lessons_[reporting_];
    for (const nlohmann::json& message : ai_runner().poll(train_id_, slice_ms)) {
        if (message["type"] == "error") {
            message_ = translatable("Training stopped: {reason}", {{"reason", message["message"].get<std::string>()}});
            training_ = -1;
            continue;
        }
        const nlohmann::json& report = message["report"];
        lesson.adopt(learn::load_model(base64_decode(report["model"].get<std::string>()), lesson.game()));
        elapsed_s_[reporting_] = report["seconds"].get<double>();
        if (message["type"] == "result") training_ = -1;
    }
    if (lesson.games() - checkpoint_games_ >= kCheckpointGames || elapsed_s_[reporting_] - checkpoint_seconds_ >= kCheckpointSeconds)
        checkpoint(reporting_);
}

void LearnScreen::checkpoint(int index) {
    lessons_[index]->share(models_);
    if (index == reporting_) {
        checkpoint_games_ = lessons_[index]->games();
        checkpoint_seconds_ = elapsed_s_[index];
    }
    mark_dirty();
}

void LearnScreen::keep_now() {
    if (reporting_ >= 0 && lessons_[reporting_]->games() > checkpoint_games_) checkpoint(reporting_);
}

void LearnScreen::update(const Frame& frame, double slice_ms) {
    const double now = frame.now_ms;
    if (reporting_ >= 0 && ai_runner().running(train_id_)) follow_training(visible_ ? kShownSliceFactor * slice_ms : slice_ms);
    if (training_ >= 0) {
        const int64_t games = lessons_[training_]->games();
        if (rate_since_ms_ < 0 || now - rate_since_ms_ >= 1000.0) {
            if (rate_since_ms_ >= 0) games_per_second_ = static_cast<double>(games - rate_games_) * 1000.0 / (now - rate_since_ms_);
            rate_since_ms_ = now;
            rate_games_ = games;
        }
    } else {
        rate_since_ms_ = -1;
        games_per_second_ = 0;
    }
    if (visible_) frame.frame_by(shown().play_live(now, speed_));
    visible_ = false;
}

void LearnScreen::build_curves(const std::vector<Curve>& curves, float w, float h, int columns) const {
    const int count = static_cast<int>(curves.size());
    const float legend = ImGui::GetTextLineHeightWithSpacing() * 2;
    const float gap = 12.0f;
    const int rows = (count + columns - 1) / columns;
    const float chart_w = (w - gap * float(columns - 1)) / float(columns);
    const float chart_h = (h - legend - gap * float(rows - 1)) / float(rows);
    const ImVec2 start = ImGui::GetCursorPos();
    for (int i = 0; i < count; ++i) {
        const Curve& curve = curves[static_cast<size_t>(i)];
        const LineChart chart{tr(curve.title), tr("games played"), curve.value_format, &curve.games, &curve.values,
                              curve.colour, curve.average, curve.y_min, curve.y_max};
        ImGui::SetCursorPos(ImVec2(start.x + float(i % columns) * (chart_w + gap), start.y + float(i / columns) * (chart_h + gap)));
        draw_line_chart(chart, chart_w, chart_h);
    }
    ImGui::SetCursorPos(ImVec2(start.x, start.y + h - legend + 4));
    const std::string legend_text =
        trf("Where a chart has a thick line, each point of its thin line is {games} games and the thick line is the "
            "average of the last {points} points.",
            {{"games", shown().curve_window()}, {"points", kCurveAverage}});
    ImGui::TextDisabled("%s", wrap_text(ImGui::GetFont(), ImGui::GetFontSize(), legend_text, w).c_str());
}

void LearnScreen::build_controls(const Frame& frame) {
    setting_width();
    int game = shown_;
    if (combo_translated(tr("Game"), &game, kGameNames, kLessons)) {
        shown_ = game;
        settings_error_.clear();
        mark_dirty();
    }
    Lesson& lesson = shown();
    const bool training = training_ == shown_;
    ImGui::PushFont(frame.fonts->large);
    ImGui::TextUnformatted(trf("{count} games", {{"count", static_cast<long long>(lesson.games())}}).c_str());
    ImGui::PopFont();
    char rate[16];
    std::snprintf(rate, sizeof rate, "%.1f", training ? games_per_second_ : 0.0);
    ImGui::TextUnformatted(trf("{rate} games/s   {time}   {count} moves",
                               {{"rate", rate}, {"time", clock_text(elapsed_s_[shown_])}, {"count", static_cast<long long>(lesson.moves())}})
                               .c_str());
    build_lesson_progress();
    if (training_ >= 0 && !training)
        text_wrapped_disabled(trf("{game} is training meanwhile: Train here pauses it.", {{"game", tr(kGameNames[training_])}}));
    // At least 90 pixels wide, so the row does not jump as the label changes between Train and Pause.
    const char* train_label = training ? tr("Pause") : tr("Train");
    if (ImGui::Button(train_label, ImVec2(std::max(90.0f, ImGui::CalcTextSize(train_label).x + 20.0f), 0))) {
        if (training) act({{"train", "pause"}});
        else start_training();
    }
    note_control("train");
    ImGui::SameLine();
    if (ImGui::Button(tr("Reset"))) reset();
    ImGui::SameLine();
    ImGui::BeginDisabled(lesson.games() == 0);
    if (ImGui::Button(tr("Play with it"))) {
        checkpoint(shown_);
        frame.open_game(lesson.play_params());
    }
    note_control("play_with_it");
    ImGui::EndDisabled();
    if (ImGui::Button(tr("Download model"))) act({{"download", true}});
    ImGui::SameLine();
    if (ImGui::Button(tr("Load model...")) && !pick_file()) message_ = translatable("Drop a model file on this window to load it.");
    if (!message_.pattern.empty()) text_wrapped(tr(message_));

    ImGui::Separator();
    lesson.build_live_text();
    setting_width();
    if (ImGui::SliderInt(tr("moves/s"), &speed_, 1, 30)) mark_dirty();
}

void LearnScreen::build_lesson_progress() const {
    const Lesson& lesson = shown();
    const long long target = lesson.lesson_games(), games = lesson.games();
    if (target == 0) return;
    const double left_s = lesson_seconds_left(lesson, elapsed_s_[shown_]);
    if (games >= target)
        text_wrapped(trf("The lesson is done: {target} games. Train goes on from here.", {{"target", target}}));
    else if (left_s < 0)
        text_wrapped(trf("A lesson of {target} games.", {{"target", target}}));
    else
        text_wrapped(trf("Lesson: {games} of {target} games, about {time} left.", {{"games", games}, {"target", target}, {"time", clock_text(left_s)}}));
}

void LearnScreen::build_settings() {
    ImGui::Separator();
    text_wrapped_disabled(tr("Settings (Reset starts a run with them)"));
    shown().build_settings();
    if (shown().edited_params() != shown().params()) text_wrapped(tr("Press Reset to start again with these settings."));
    if (!settings_error_.empty()) text_wrapped(settings_error_);
    ImGui::TextDisabled("%s", trf("{count} weights", {{"count", static_cast<long long>(shown().weight_count())}}).c_str());
}

void LearnScreen::build_ui(const Frame& frame, float top) {
    visible_ = true;
    Layout layout = split_layout(frame, top);
    const std::vector<Curve> curves = shown().curves();
    const bool portrait = layout.panel_y > layout.board_y;
    if (portrait) {  // the live game as tall as it needs, the panel (with the curves) right below it
        const float live_h = std::min(layout.board_h, shown().live_height(layout.board_w));
        shown().build_live(frame, layout.board_x, layout.board_y, layout.board_w, live_h);
        layout.panel_y = layout.board_y + live_h + 12;
        layout.panel_h = frame.height - layout.panel_y - 12;
    } else {
        const float live_h = layout.board_h * 0.45f;
        shown().build_live(frame, layout.board_x, layout.board_y, layout.board_w, live_h);
        ImGui::SetCursorPos(ImVec2(layout.board_x, layout.board_y + live_h + 16));
        build_curves(curves, layout.board_w, layout.board_h - live_h - 16, 3);
    }
    begin_panel(layout);
    build_controls(frame);
    if (portrait) {
        ImGui::Separator();
        build_curves(curves, ImGui::GetContentRegionAvail().x, float(curves.size()) * 190.0f, 1);
    }
    build_settings();
    ImGui::EndChild();
}

nlohmann::json LearnScreen::state() const {
    const Lesson& lesson = shown();
    const double left_s = lesson_seconds_left(lesson, elapsed_s_[shown_]);
    return {
        {"game", "learn"},
        {"learning", lesson.game()},
        {"view", lesson.live_view()},
        {"training", training_ == shown_},
        {"training_game", training_ >= 0 ? nlohmann::json(kGames[training_]) : nlohmann::json(nullptr)},
        {"trainer", ai_runner().where()},
        {"episodes", lesson.games()},
        {"steps", lesson.moves()},
        {"updates", lesson.updates()},
        {"games_per_second", training_ == shown_ ? std::round(games_per_second_ * 10) / 10 : 0.0},
        {"elapsed_s", std::floor(elapsed_s_[shown_])},
        {"lesson", {{"games", lesson.lesson_games()}, {"left_s", left_s < 0 ? nlohmann::json(nullptr) : nlohmann::json(std::round(left_s))}}},
        {"weight_hash", learn::hex16(lesson.weight_hash())},
        {"shared", lesson.shared(models_)},
        {"settings", params()},
        {"curve", {{"window", lesson.curve_window()}, {"points", lesson.curve_json()}}},
        {"live", lesson.live_state()},
    };
}

}  // namespace gridlab::app
