#include "app/minesweeper_screen.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <stdexcept>

#include "app/ai_names.h"
#include "app/ai_runner.h"
#include "app/i18n.h"
#include "app/keys.h"
#include "app/minesweeper_board.h"
#include "app/palette.h"
#include "core/json_int.h"
#include "search/games.h"

namespace gridlab::app {

namespace ms = gridlab::minesweeper;

namespace {

using namespace palette;
constexpr const char* kLevels[] = {"beginner", "intermediate", "expert", "custom"};
constexpr const char* kLevelNames[] = {tr_key("Beginner"), tr_key("Intermediate"), tr_key("Expert"), tr_key("Custom")};
constexpr const char* kFirstClicks[] = {"safe", "zero", "none", "random-start"};
constexpr const char* kFirstClickNames[] = {tr_key("Safe cell"), tr_key("Opens an area"), tr_key("No help"),
                                            tr_key("Random start")};
constexpr const char* kSolvers[] = {"kb", "elimination", "probability", "learned"};
constexpr const char* kOverlays[] = {"probability", "proofs", "sentences"};  // show=, in the order of the flags
constexpr float kLongPressSeconds = 0.45f;
constexpr float kZooms[] = {1.0f, 1.5f, 2.0f, 3.0f};  // the zoom buttons' steps
constexpr float kPinchPerStep = 0.04f;  // SDL's spread of fingers 100 px further apart on a phone: one step
// A saved game's clock: more than this is not a game's time (and beyond about 1e305 its milliseconds
// overflow to infinity, which no save can hold).
constexpr double kMaxSavedSeconds = 1e9;

nlohmann::json cells_json(const std::vector<int>& cells, int cols) {
    nlohmann::json out = nlohmann::json::array();
    for (int cell : cells) out.push_back({cell / cols, cell % cols});
    return out;
}

// A cell as the panel writes it: rows and columns from 1.
std::string row_col_text(int row, int col) { return "(" + std::to_string(row + 1) + "," + std::to_string(col + 1) + ")"; }
std::string cell_text(int cell, int cols) { return row_col_text(cell / cols, cell % cols); }

// The chance that the safest hidden cell is safe (the open cells' -1 and the flags' 1 are never it).
double safest_chance(const std::vector<double>& mine_probability) {
    double safest = 0;
    for (const double p : mine_probability)
        if (p >= 0) safest = std::max(safest, 1.0 - p);
    return safest;
}

}  // namespace

MinesweeperScreen::MinesweeperScreen(const LearnedModels& models) : models_(&models) { new_game({}); }

std::vector<CellLook> MinesweeperScreen::preview() const {
    std::vector<CellLook> cells(kPreviewSide * kPreviewSide);
    for (int cell = 0; cell < kPreviewSide * kPreviewSide; ++cell) {
        const bool open = preview_pattern(cell) < 2;
        cells[cell] = {open ? kOpened : kCovered, open ? kShapeTile : kShapeRaised, kMarkNone};
    }
    return cells;
}

void MinesweeperScreen::new_game(const Params& params) {
    const std::string level = choice_param(params, "level", "beginner", {"beginner", "intermediate", "expert", "custom"});
    const ms::FirstClick first = ms::parse_first_click(choice_param(params, "first", "safe", {"safe", "zero", "none", "random-start"}));
    ms::Settings settings = level == "custom" ? ms::Settings{} : ms::level_settings(level, first);
    if (level == "custom") {
        settings.rows = int_param(params, "rows", 16, 1, ms::kMaxSide);
        settings.cols = int_param(params, "cols", 30, 1, ms::kMaxSide);
        settings.mines = int_param(params, "mines", 99, 0, settings.rows * settings.cols);
        settings.first_click = first;
    }
    const std::string solver = choice_param(params, "ai", "probability", {"kb", "elimination", "probability", "learned"});
    if (solver == "learned" && !models_->minesweeper)
        throw Refusal(translatable("ai: there is no learned agent yet; train one on the Learn screen first"));
    const int speed = int_param(params, "speed", 4, 1, 30);
    // show=probability,proofs,sentences: the overlays on from the start (a teacher's link); without
    // it, the knowledge base's sentences only.
    const std::string shown = params.count("show") ? params.at("show") : "sentences";
    bool show[3] = {false, false, false};
    size_t start = 0;
    while (start < shown.size()) {
        const size_t end = std::min(shown.find(',', start), shown.size());
        const std::string overlay = shown.substr(start, end - start);
        const int which = index_of(kOverlays, 3, overlay);
        if (overlay != kOverlays[which])
            throw ValueError(ValueError::Kind::NotAChoice, "show", overlay, {}, {}, {"probability", "proofs", "sentences"});
        show[which] = true;
        start = end + 1;
    }
    const uint64_t seed = seed_param(params);
    ms::State state(settings, seed);  // validates the settings (std::invalid_argument)

    params_ = params;
    params_["game"] = "minesweeper";
    params_["seed"] = std::to_string(seed);
    seed_ = seed;
    level_ = level;
    state_ = std::move(state);
    actions_.clear();
    log_.clear();
    solver_name_ = solver;
    ai_moves_per_second_ = speed;
    show_probabilities_ = show[0];
    show_proofs_ = show[1];
    show_sentences_ = show[2];
    stop_analysis();
    learned_ = solver == "learned" ? ms::make_solver(solver, Rng(0), models_->minesweeper.get()) : nullptr;
    ai_playing_ = hint_shown_ = false;
    ai_moves_pending_ = 0;
    started_ms_.reset();
    finished_ms_.reset();
    if (state_.random_start_cell() >= 0) started_ms_ = now_ms_;
    edit_level_ = index_of(kLevels, 4, level);
    edit_first_ = index_of(kFirstClicks, 4, std::string(ms::first_click_name(first)));
    edit_solver_ = index_of(kSolvers, 4, solver);
    edit_rows_ = settings.rows;  // the custom fields start from the game shown
    edit_cols_ = settings.cols;
    edit_mines_ = settings.mines;
    cursor_ = {};
    pan_ = {};  // a zoomed board shows its middle
    mark_dirty();
}

void MinesweeperScreen::apply(Action action, LogEntry entry) {
    if (state_.terminal()) throw std::invalid_argument("the game is over");
    // A player who followed the hint did so for its reason.
    if (!entry.reason && hint_shown_ && decision() && action.kind == Kind::Reveal && action.cell == decision()->move)
        entry.reason = decision_reason();
    play_on(state_, action);
    actions_.push_back(action);
    entry.move = (action.kind == Kind::Flag ? "\xE2\x9A\x91" : "") + cell_text(action.cell, state_.cols());  // ⚑ for a flag
    log_.add(std::move(entry));
    if (!started_ms_ && action.kind != Kind::Flag) started_ms_ = now_ms_;
    if (state_.terminal()) {
        finished_ms_ = now_ms_;
        ai_playing_ = false;
    }
    stop_analysis();  // a new position to analyse
    hint_shown_ = false;
    mark_dirty();
}

void MinesweeperScreen::act(const nlohmann::json& action) {
    if (!action.is_object() || action.size() != 1)
        throw std::invalid_argument("a Minesweeper action is one of {\"reveal\":[r,c]}, {\"flag\":[r,c]}, {\"chord\":[r,c]}, {\"ai\":\"move\"}");
    const std::string key = action.begin().key();
    const nlohmann::json& value = action.begin().value();
    if (key == "review") return log_.review(value, state_.terminal());
    if (key == "ai") {
        const std::string what = value.is_string() ? value.get<std::string>() : "";
        if (what == "play") ai_playing_ = !state_.terminal();
        else if (what == "stop") ai_playing_ = false;
        else if (what == "hint") hint_shown_ = true;
        else if (what == "move") {
            if (state_.terminal()) throw std::invalid_argument("the game is over");
            ++ai_moves_pending_;  // made when the decision comes (update)
        } else {
            throw std::invalid_argument("ai: expected \"move\", \"play\", \"stop\" or \"hint\"");
        }
        return;
    }
    const Kind kind = key == "reveal" ? Kind::Reveal : key == "flag" ? Kind::Flag : key == "chord" ? Kind::Chord
                                                                                  : throw std::invalid_argument("unknown action '" + key + "'");
    if (!value.is_array() || value.size() != 2 || !value[0].is_number_integer() || !value[1].is_number_integer())
        throw std::invalid_argument(key + ": expected [row, col]");
    const std::optional<int> row = json_int(value[0], 0, state_.rows() - 1), col = json_int(value[1], 0, state_.cols() - 1);
    if (!row || !col) throw std::invalid_argument(key + ": " + value.dump() + " is off the board");
    apply({kind, state_.index(*row, *col)});
}

void MinesweeperScreen::stop_analysis() {
    ai_runner().cancel(search_id_);
    search_id_ = 0;
    analysed_ = decision_ready_ = false;
    analysis_error_.clear();
}

void MinesweeperScreen::analyse(double slice_ms) {
    if (learned_) {  // one pass of a small network: decided here, not in the worker
        decision_ = learned_->decide(state_.position());
        analysed_ = decision_ready_ = true;
        return;
    }
    AiRunner& runner = ai_runner();
    if (!runner.running(search_id_)) {  // a new position, or its search was cancelled by leaving the screen
        const uint64_t seed = Rng::for_stream(seed_, actions_.size() + 1).next_u64();  // kb's and elimination's guesses
        search_id_ = runner.start(search::minesweeper_request(state_.settings(), seed_, save()["actions"], solver_name_, seed));
    }
    for (const nlohmann::json& message : runner.poll(search_id_, slice_ms)) {
        if (message["type"] == "error") {  // e.g. a position the player made impossible with a wrong flag
            analysis_error_ = message["message"].get<std::string>();
            ai_playing_ = false;
            ai_moves_pending_ = 0;
            return;
        }
        decision_ = search::minesweeper_decision(message["report"]);
        analysed_ = true;
        decision_ready_ = message["type"] == "result";
    }
}

void MinesweeperScreen::play_decision() {
    if (decision()->move < 0) {
        ai_playing_ = false;
        ai_moves_pending_ = 0;
        return;
    }
    apply({Kind::Reveal, decision()->move}, {"", solver_name_, decision_reason(), {}});
}

// From the log, so that a reloaded game the AI won still says so.
bool MinesweeperScreen::last_move_by_ai() const {
    const LogEntry* last = log_.last();
    return last && last->by != "human";
}

Reason MinesweeperScreen::decision_reason() const {
    // Before the first click no mine is laid: the rule keeps the first click safe (unless it is "no help").
    if (!state_.mines_laid() && state_.settings().first_click != ms::FirstClick::None) return {"first_click", nlohmann::json::object()};
    if (!decision()->guess) return {"certainly_safe", nlohmann::json::object()};
    const std::vector<double>& mine_probability = decision()->knowledge.mine_probability;
    const size_t cell = static_cast<size_t>(decision()->move);
    const double safe = cell < mine_probability.size() ? 1.0 - mine_probability[cell] : 0.0;
    switch (decision()->reason) {
        case ms::GuessReason::Safest: break;
        case ms::GuessReason::LookAhead: return {"look_ahead_guess", {{"safe", safe}, {"safest", safest_chance(mine_probability)}}};
        case ms::GuessReason::ExactWin: return {"exact_win", {{"win", decision()->win_probability}, {"safe", safe}}};
        case ms::GuessReason::Unsettled: return {"unsettled_guess", {{"safe", safe}}};
        case ms::GuessReason::FewerHidden: return {"fewer_hidden_guess", {{"safe", safe}, {"safest", safest_chance(mine_probability)}}};
    }
    return {"best_guess", {{"safe", safe}}};
}

void MinesweeperScreen::update(const Frame& frame, double slice_ms) {
    now_ms_ = frame.now_ms;
    if (state_.terminal()) ai_moves_pending_ = 0;
    const bool wanted = ai_moves_pending_ > 0 || ai_playing_ || hint_shown_ || show_probabilities_ || show_proofs_ ||
                        (show_sentences_ && solver_name_ == "kb");
    if (wanted && analysis_error_.empty() && !decision_ready_ && !state_.terminal()) analyse(slice_ms);
    if (!decision()) return;
    if (ai_moves_pending_ > 0) {
        --ai_moves_pending_;
        return play_decision();
    }
    if (!ai_playing_) return;
    frame.frame_by(next_ai_move_ms_);
    if (now_ms_ < next_ai_move_ms_) return;
    play_decision();
    next_ai_move_ms_ = now_ms_ + 1000.0 / ai_moves_per_second_;
}

std::string MinesweeperScreen::overlays_shown() const {
    const bool shown[3] = {show_probabilities_, show_proofs_, show_sentences_};
    std::string list;
    for (int which = 0; which < 3; ++which)
        if (shown[which]) list += std::string(list.empty() ? "" : ",") + kOverlays[which];
    return list;
}

int MinesweeperScreen::flags() const {
    int count = 0;
    for (int cell = 0; cell < state_.size(); ++cell) count += state_.view(cell) == ms::kFlag;
    return count;
}

bool MinesweeperScreen::has_wrong_flag() const {
    for (int cell = 0; cell < state_.size(); ++cell)
        if (state_.view(cell) == ms::kFlag && !state_.is_mine(cell)) return true;
    return false;
}

// The page's numbers are the board's own, so a position the solver finds impossible has a wrong
// flag. The answer points at a number with more flags around it than it shows when there is one:
// that is on the screen for all to see, where which flag is wrong would be a secret of the board.
nlohmann::json MinesweeperScreen::analysis_stop() const {
    if (analysis_error_.empty()) return nullptr;
    if (!has_wrong_flag()) return {{"id", "solver_error"}, {"message", analysis_error_}};
    const ms::Position position = state_.position();
    const Grid<int8_t>& cells = position.cells;
    for (int cell = 0; cell < cells.size(); ++cell) {
        if (cells[cell] > 8) continue;  // hidden or flagged
        int flags_around = 0;
        cells.for_each_neighbour_index(cell, [&](int next) { flags_around += cells[next] == ms::kFlag; });
        if (flags_around > cells[cell])
            return {{"id", "wrong_flag"},
                    {"cell", {cells.row_of(cell), cells.col_of(cell)}},
                    {"number", cells[cell]},
                    {"flags", flags_around}};
    }
    return {{"id", "wrong_flag"}};
}

Message analysis_stop_message(const nlohmann::json& stop) {
    if (stop.at("id") == "solver_error")
        return translatable("The solver says: {reason}", {{"reason", stop.at("message").get<std::string>()}});
    if (!stop.contains("cell"))
        return translatable("A flag is wrong: no way of placing the mines agrees with these flags and the numbers. "
                            "Take the wrong one off, and the AI can go on.");
    const nlohmann::json& cell = stop.at("cell");
    return translatable("A flag is wrong: the {number} at {cell} has {flags} flags around it. Take the wrong one off, "
                        "and the AI can go on.",
                        {{"number", stop.at("number").get<int>()},
                         {"cell", row_col_text(cell[0].get<int>(), cell[1].get<int>())},
                         {"flags", stop.at("flags").get<int>()}});
}

double MinesweeperScreen::elapsed_seconds(double now_ms) const {
    if (!started_ms_) return 0;
    return (finished_ms_.value_or(now_ms) - *started_ms_) / 1000.0;
}

ms::State MinesweeperScreen::replayed(int moves) const {
    ms::State game(state_.settings(), seed_);
    for (const Action& action : std::span(actions_).first(static_cast<size_t>(moves))) play_on(game, action);
    return game;
}

void MinesweeperScreen::play_on(ms::State& game, Action action) {
    if (action.kind == Kind::Reveal) game.reveal(action.cell);
    if (action.kind == Kind::Flag) game.toggle_flag(action.cell);
    if (action.kind == Kind::Chord) game.chord(action.cell);
}

void MinesweeperScreen::build_board(const Frame& frame, const BoardPlacement& board) {
    if (const std::optional<int> reviewed = log_.reviewed()) {  // the board after that move, with it outlined
        MinesweeperOverlay overlay;
        if (*reviewed > 0) overlay.last_move = actions_[static_cast<size_t>(*reviewed - 1)].cell;
        return draw_minesweeper_board(frame, board, replayed(*reviewed), overlay);
    }
    const ms::Decision* known = analysis();
    MinesweeperOverlay overlay;
    if (known && show_probabilities_) overlay.probability = &known->knowledge.mine_probability;
    if (known && show_proofs_) overlay.proofs = &known->knowledge;
    if (decision() && hint_shown_) overlay.ring = decision()->move;
    if (!actions_.empty()) overlay.last_move = actions_.back().cell;
    draw_minesweeper_board(frame, board, state_, overlay);
}

void MinesweeperScreen::handle_pointer(const BoardPlacement& board, double now_ms) {
    const ImGuiIO& io = ImGui::GetIO();
    const int cell = cell_under_mouse(board);
    if (ImGui::IsItemActivated()) {
        long_press_done_ = dragged_ = false;
        pan_at_press_ = pan_;
    }
    if (zoom_ > 1.0f && ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
        // A finger or the mouse moves a zoomed board, from the next frame, by the whole drag: the
        // moves before it passed ImGui's drag threshold too.
        dragged_ = true;
        const ImVec2 drag = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left);
        pan_ = {pan_at_press_.x + drag.x, pan_at_press_.y + drag.y};
    }
    auto try_apply = [&](Kind kind) {
        try {
            apply({kind, cell});
        } catch (const std::invalid_argument&) {
            // A click that does nothing (an opened zero, a chord without its flags): ignore it.
        }
    };
    if (cell < 0 || state_.terminal()) return;
    now_ms_ = now_ms;
    if (ImGui::IsItemActive() && !long_press_done_ && !dragged_ && io.MouseDownDuration[0] > kLongPressSeconds &&
        state_.view(cell) >= ms::kHidden) {
        long_press_done_ = true;  // touch: a long press flags
        try_apply(Kind::Flag);
    }
    // A click is a left press and release on the board, not a release after dragging from elsewhere.
    if (ImGui::IsItemDeactivated() && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && ImGui::IsItemHovered() &&
        !long_press_done_ && !dragged_) {
        const int8_t view = state_.view(cell);
        if (view >= 1 && view <= 8) try_apply(Kind::Chord);
        else if (view == ms::kHidden) try_apply(Kind::Reveal);
    }
    if (ImGui::IsItemHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Right) && state_.view(cell) >= ms::kHidden)
        try_apply(Kind::Flag);
}

void MinesweeperScreen::handle_keys(const Frame& frame) {
    if (!frame.keys_pressed) return;
    for (int key : *frame.keys_pressed) {
        if (log_.review_key(key, state_.terminal())) continue;
        if (cursor_.move(key, board_view_)) {
            pan_ = pan_to_show(board_view_, board_area_, cursor_.row, cursor_.col, pan_);  // a zoomed board follows it
            continue;
        }
        if (!cursor_.shown || state_.terminal()) continue;
        const int cell = state_.index(cursor_.row, cursor_.col);
        const int8_t view = state_.view(cell);
        try {
            if (key == keys::kF && view >= ms::kHidden) apply({Kind::Flag, cell});
            else if ((key == keys::kEnter || key == keys::kSpace) && view >= 1 && view <= 8) apply({Kind::Chord, cell});
            else if ((key == keys::kEnter || key == keys::kSpace) && view == ms::kHidden) apply({Kind::Reveal, cell});
        } catch (const std::invalid_argument&) {
            // As a click that does nothing: an opened zero, a chord without its flags.
        }
    }
}

std::string MinesweeperScreen::outcome_text() const {
    const MessageArg seconds{"seconds", static_cast<long long>(std::floor(elapsed_seconds(now_ms_)))};
    switch (state_.outcome()) {
        case ms::Outcome::Won:
            return last_move_by_ai() ? trf("The AI wins in {seconds} s", {seconds}) : trf("You win in {seconds} s", {seconds});
        case ms::Outcome::Lost: return trf("Boom! after {seconds} s", {seconds});
        default: return "";
    }
}

std::string MinesweeperScreen::summary() const {
    std::string text = state_.terminal() ? outcome_text() + "."
                                         : trf("{mines} mines left, {seconds} s.",
                                               {{"mines", state_.settings().mines - flags()},
                                                {"seconds", static_cast<long long>(std::floor(elapsed_seconds(now_ms_)))}});
    // While the game is on, the AI's last reason; at the end, the outcome alone.
    if (const std::string reason = log_.last_reason_text(); !reason.empty() && !state_.terminal()) text += " " + reason;
    if (!cursor_.shown) return text;
    const int8_t view = state_.view(state_.index(cursor_.row, cursor_.col));
    const Message cell = view == ms::kFlag ? translatable("flagged") : view == ms::kMine ? translatable("a mine")
                         : view == 0       ? translatable("open, no mines around")
                         : view > 0        ? translatable("open, {count} mines around", {{"count", int(view)}})
                                           : translatable("hidden");
    return text + " " + trf("Row {row}, column {col}: {cell}.", {{"row", cursor_.row + 1}, {"col", cursor_.col + 1}, {"cell", cell}});
}

void MinesweeperScreen::build_panel(const Frame& frame) {
    ImGui::PushFont(frame.fonts->large);
    if (state_.terminal()) ImGui::TextUnformatted(outcome_text().c_str());  // the final time stays
    else
        ImGui::TextUnformatted(trf("⚑ {flags}   {seconds} s",
                                   {{"flags", state_.settings().mines - flags()},
                                    {"seconds", static_cast<long long>(std::floor(elapsed_seconds(frame.now_ms)))}})
                                   .c_str());
    ImGui::PopFont();
    text_wrapped(trf("{level} {rows}x{cols}, {mines} mines, seed {seed}",
                     {{"level", translatable(kLevelNames[index_of(kLevels, 4, level_)])},
                      {"rows", state_.rows()},
                      {"cols", state_.cols()},
                      {"mines", state_.settings().mines},
                      {"seed", std::to_string(seed_)}}));

    ImGui::Separator();
    ImGui::TextUnformatted(trf("AI: {name}", {{"name", ai_name(solver_name_)}}).c_str());
    ImGui::BeginDisabled(state_.terminal());  // nothing left for the AI to do
    if (ImGui::Button(tr("Hint"))) hint_shown_ = true;
    note_control("hint");
    ImGui::SameLine();
    if (ImGui::Button(tr("AI move"))) {
        try {
            act({{"ai", "move"}});
        } catch (const std::invalid_argument&) {
        }
    }
    ImGui::SameLine();
    if (ImGui::Button(ai_playing_ ? tr("Stop") : tr("AI plays"))) ai_playing_ = !ai_playing_;
    ImGui::EndDisabled();
    build_zoom_buttons();
    ImGui::SetNextItemWidth(140);
    ImGui::SliderInt(tr("moves/s"), &ai_moves_per_second_, 1, 30);
    if (hint_shown_ && decision() && decision()->move >= 0)
        text_wrapped(trf("Hint: {cell}: {reason}", {{"cell", literal(cell_text(decision()->move, state_.cols()))},
                                                   {"reason", reason_message(decision_reason())}}));
    else if (state_.terminal())
        log_.draw_review();
    else
        log_.draw_last_reason();
    if (!analysis_error_.empty()) text_wrapped(tr(analysis_stop_message(analysis_stop())));

    ImGui::Separator();
    // The learned agent's numbers are its network's estimates, not the exact chances the solvers give.
    bool overlays_changed =
        ImGui::Checkbox(learned_ ? tr("Mine probability (network's guess)") : tr("Mine probability"), &show_probabilities_);
    note_control("show_probability");
    overlays_changed |= ImGui::Checkbox(tr("Proven cells"), &show_proofs_);
    note_control("show_proofs");
    if (solver_name_ == "kb") {
        overlays_changed |= ImGui::Checkbox(tr("Knowledge base"), &show_sentences_);
        if (ImGui::IsItemHovered())
            tooltip_wrapped(tr("What the Logic rules solver knows, as sentences: these cells hold this many mines."));
    }
    if (overlays_changed) {  // in the share link and the saved game from now on
        params_["show"] = overlays_shown();
        mark_dirty();
    }
    if (solver_name_ == "kb" && show_sentences_ && analysis()) {
        const auto& sentences = analysis()->knowledge.sentences;
        text_wrapped_disabled(sentences.size() == 1 ? tr("1 sentence: cells = mines among them")
                                                    : trf("{count} sentences: cells = mines among them",
                                                          {{"count", static_cast<long long>(sentences.size())}}));
        ImGui::BeginChild("sentences", ImVec2(0, 150), true);
        for (size_t i = 0; i < std::min<size_t>(sentences.size(), 60); ++i) {
            std::string line = "{";
            for (size_t k = 0; k < sentences[i].cells.size(); ++k) {
                const int cell = sentences[i].cells[k];
                if (k) line += ' ';
                line += std::to_string(cell / state_.cols() + 1) + "," + std::to_string(cell % state_.cols() + 1);
            }
            line += "} = " + std::to_string(sentences[i].mines);
            ImGui::TextUnformatted(line.c_str());
        }
        ImGui::EndChild();
    }

    log_.draw(110.0f, state_.terminal());

    ImGui::Separator();
    ImGui::TextDisabled("%s", tr("New game"));
    ImGui::SetNextItemWidth(150);
    combo_translated(tr("Level"), &edit_level_, kLevelNames, 4);
    if (edit_level_ == 3) {
        ImGui::SetNextItemWidth(150);
        ImGui::SliderInt(tr("Rows"), &edit_rows_, 2, ms::kMaxSide);
        ImGui::SetNextItemWidth(150);
        ImGui::SliderInt(tr("Columns"), &edit_cols_, 2, ms::kMaxSide);
        // The first click keeps up to 9 cells free: at most the rest can be mines.
        const int most_mines = std::max(1, edit_rows_ * edit_cols_ - 9);
        edit_mines_ = std::clamp(edit_mines_, 1, most_mines);
        ImGui::SetNextItemWidth(150);
        ImGui::SliderInt(tr("Mines"), &edit_mines_, 1, most_mines, "%d", ImGuiSliderFlags_AlwaysClamp);
    }
    ImGui::SetNextItemWidth(150);
    combo_translated(tr("First click"), &edit_first_, kFirstClickNames, 4);
    ImGui::SetNextItemWidth(150);
    ai_combo(tr("Solver"), &edit_solver_, kSolvers, 4);
    Params settings{{"level", kLevels[edit_level_]}, {"first", kFirstClicks[edit_first_]}, {"ai", kSolvers[edit_solver_]},
                    {"show", overlays_shown()}};  // a new game keeps the overlays
    if (edit_level_ == 3) {
        settings["rows"] = std::to_string(edit_rows_);
        settings["cols"] = std::to_string(edit_cols_);
        settings["mines"] = std::to_string(edit_mines_);
    }
    new_game_buttons(*this, settings, seed_, edit_seed_, settings_error_);
    if (!settings_error_.empty()) text_wrapped(settings_error_);
}

void MinesweeperScreen::zoom_by(int steps) {
    const int step = static_cast<int>(std::find(std::begin(kZooms), std::end(kZooms), zoom_) - std::begin(kZooms));
    const float zoom = kZooms[std::clamp(step + steps, 0, static_cast<int>(std::size(kZooms)) - 1)];
    pan_ = {pan_.x * zoom / zoom_, pan_.y * zoom / zoom_};  // the middle of the view stays where it is
    zoom_ = zoom;
}

void MinesweeperScreen::follow_pinch(float spread) {
    pinch_spread_ += spread;
    if (std::fabs(pinch_spread_) < kPinchPerStep) return;
    zoom_by(pinch_spread_ > 0 ? 1 : -1);
    pinch_spread_ = 0;
}

void MinesweeperScreen::build_zoom_buttons() {
    // Expert on a phone has cells of about 10 px, even turned: larger, and dragged around, they fit a finger.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Zoom"));
    ImGui::SameLine();
    // Never disabled at the ends (they do nothing there): Tab would stop on a disabled button.
    if (ImGui::Button("-##zoom_out", ImVec2(ImGui::GetFrameHeight() * 1.4f, 0))) zoom_by(-1);
    note_control("zoom_out");
    ImGui::SameLine();
    if (ImGui::Button("+##zoom_in", ImVec2(ImGui::GetFrameHeight() * 1.4f, 0))) zoom_by(1);
    note_control("zoom_in");
    ImGui::SameLine();
    ImGui::Text("%d%%", static_cast<int>(std::lround(zoom_ * 100)));
}

void MinesweeperScreen::build_ui(const Frame& frame, float top) {
    const Layout layout = split_layout(frame, top);
    follow_pinch(frame.pinch);
    const Area area{layout.board_x + kCoordinateBand, layout.board_y + kCoordinateBand, layout.board_w - kCoordinateBand,
                    layout.board_h - kCoordinateBand};
    // Expert's 16x30 on a phone: 30 rows of 16, which zoomed fill the screen's width and pan only up and down.
    const bool turned = turn_board(frame, state_.rows(), state_.cols());
    const BoardPlacement board =
        zoom_board(fit_board(area.x, area.y, area.w, area.h, state_.rows(), state_.cols(), turned), area, zoom_, pan_);
    board_view_ = board;
    board_area_ = board_view(board, area);
    ImGui::SetCursorPos(ImVec2(board_area_.x, board_area_.y));
    ImGui::InvisibleButton("board", ImVec2(board_area_.w, board_area_.h), ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
    handle_pointer(board, frame.now_ms);
    handle_keys(frame);
    // A zoomed board shows only in its area; its coordinates only beside the area.
    const ImVec2 origin = ImGui::GetWindowPos();
    ImGui::PushClipRect(ImVec2(origin.x + board_area_.x, origin.y + board_area_.y),
                        ImVec2(origin.x + board_area_.x + board_area_.w, origin.y + board_area_.y + board_area_.h), true);
    build_board(frame, board);
    cursor_.draw(board);
    ImGui::PopClipRect();
    ImGui::PushClipRect(ImVec2(origin.x + board_area_.x - kCoordinateBand, origin.y + board_area_.y - kCoordinateBand),
                        ImVec2(origin.x + board_area_.x + board_area_.w, origin.y + board_area_.y + board_area_.h), true);
    draw_coordinates(board, Coordinates::Numbers, 0.0f, -1, &board_area_);
    ImGui::PopClipRect();
    begin_panel(layout);
    build_panel(frame);
    ImGui::EndChild();
}

nlohmann::json MinesweeperScreen::view_json() const {
    nlohmann::json view = app::view_json(board_view_);
    view["zoom"] = zoom_;
    view["shown"] = {{"x", board_area_.x}, {"y", board_area_.y}, {"w", board_area_.w}, {"h", board_area_.h}};  // zoomed: a part
    return view;
}

nlohmann::json MinesweeperScreen::state() const {
    const ms::Outcome outcome = state_.outcome();
    const ms::Decision* known = analysis();
    const ms::Decision* decided = decision();
    return {
        {"game", "minesweeper"},
        {"view", view_json()},
        {"seed", seed_},
        {"level", level_},
        {"rows", state_.rows()},
        {"cols", state_.cols()},
        {"mines", state_.settings().mines},
        {"first_click", ms::first_click_name(state_.settings().first_click)},
        {"board", board_rows_json(state_)},
        {"status", outcome == ms::Outcome::Won ? "won" : outcome == ms::Outcome::Lost ? "lost" : "playing"},
        {"mines_left", state_.settings().mines - flags()},
        {"time_s", std::floor(elapsed_seconds(now_ms_))},
        {"moves", actions_.size()},
        {"last_move_by", last_move_by_ai() ? "ai" : "player"},
        {"cursor", cursor_.json()},
        {"log", log_.json()},
        {"review", log_.review_json()},
        {"ai", {{"solver", solver_name_}, {"playing", ai_playing_},
                {"hint", decided && decided->move >= 0 ? nlohmann::json{decided->move / state_.cols(), decided->move % state_.cols()} : nlohmann::json(nullptr)},
                {"safe", known ? cells_json(known->knowledge.safe, state_.cols()) : nlohmann::json::array()},
                {"mines", known ? cells_json(known->knowledge.mines, state_.cols()) : nlohmann::json::array()},
                {"stopped", analysis_stop()}}},
    };
}

nlohmann::json MinesweeperScreen::save() const {
    nlohmann::json actions = nlohmann::json::array();
    for (const Action& action : actions_)
        actions.push_back({action.kind == Kind::Reveal ? "reveal" : action.kind == Kind::Flag ? "flag" : "chord", action.cell});
    nlohmann::json saved = {{"params", params_}, {"actions", actions}, {"seconds", elapsed_seconds(now_ms_)}};
    log_.save_into(saved);
    return saved;
}

void MinesweeperScreen::restore(const nlohmann::json& saved) {
    MinesweeperScreen replay(*models_);
    replay.now_ms_ = now_ms_;
    replay.new_game(saved.at("params").get<Params>());
    for (const nlohmann::json& action : saved.at("actions")) {
        const std::string kind = action.at(0).get<std::string>();
        const std::optional<int> cell = json_int(action.at(1), 0, replay.state_.size() - 1);
        if (!cell) throw Refusal(translatable("a saved move is off the board"));
        replay.apply({kind == "reveal" ? Kind::Reveal : kind == "flag" ? Kind::Flag : kind == "chord" ? Kind::Chord
                                                                                   : throw Refusal(translatable("unknown saved move")),
                      *cell});
    }
    // The clock goes on from where it was.
    const nlohmann::json seconds = saved.value("seconds", nlohmann::json(0));
    if (!seconds.is_number() || !(seconds.get<double>() >= 0 && seconds.get<double>() <= kMaxSavedSeconds))
        throw std::invalid_argument("the saved time is not a game's time");
    if (replay.started_ms_) replay.started_ms_ = now_ms_ - seconds.get<double>() * 1000.0;
    if (replay.finished_ms_) replay.finished_ms_ = now_ms_;
    replay.log_ = MoveLog::from_save(saved, replay.actions_.size(), replay.state_.size());
    *this = std::move(replay);
}

}  // namespace gridlab::app
