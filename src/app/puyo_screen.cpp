#include "app/puyo_screen.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <span>
#include <stdexcept>

#include "app/ai_names.h"
#include "app/ai_runner.h"
#include "app/i18n.h"
#include "app/keys.h"
#include "app/palette.h"
#include "app/puyo_look.h"
#include "core/json_int.h"
#include "search/games.h"

namespace gridlab::app {

using puyo::Placement;
using puyo::Puyo;

namespace {

using namespace palette;
constexpr double kDropAnimationMs = 160.0;
constexpr double kChainStepMs = 420.0;    // each step of a chain: the popping puyos flash, then fall
constexpr double kFlashPeriodMs = 90.0;
constexpr double kChainBannerMs = 1800.0;
constexpr int kSpawnRows = 2;  // above the field, where the player steers the pair
constexpr const char* kAis[] = {"random", "greedy", "beam", "learned"};
constexpr int kLearnedAi = 3;  // offered once the Learn screen has an agent
constexpr int kMaxPairs = 1000;
// ai=learned plays its own game out when the game starts: 200 pairs take 16 ms natively with the
// features input and 170 ms with the field input (0.08 and 0.84 ms of CPU a move, `gridlab puyo eval`).
constexpr int kMaxLearnedPairs = 200;
// The placements' rotations as the candidate table's rows name them: where the second puyo goes.
constexpr const char* kRotationArrows[] = {"\xE2\x86\x92", "\xE2\x86\x91", "\xE2\x86\x90", "\xE2\x86\x93"};  // right, up, left, down


// A value as the table and the field show it: thousands of points, one decimal.
std::string value_text(float value) {
    char text[16];
    std::snprintf(text, sizeof text, "%.1f", double(value));
    return text;
}

// The learned agent's whole game on `settings` and `seed`: what a student playing the same pairs must beat.
puyo::State agents_game(puyo::LearnedAi& agent, const puyo::Settings& settings, uint64_t seed) {
    puyo::State game(settings, seed);
    while (!game.terminal()) {
        agent.begin(game);
        game.apply(agent.result().placement);
    }
    return game;
}

uint32_t with_alpha(uint32_t rgba, uint8_t alpha) { return (rgba & 0xFFFFFF00u) | alpha; }

}  // namespace

PuyoScreen::PuyoScreen(const LearnedModels& models) : models_(&models) { new_game({}); }

std::vector<CellLook> PuyoScreen::preview() const {
    std::vector<CellLook> cells(kPreviewSide * kPreviewSide);
    for (int cell = 0; cell < kPreviewSide * kPreviewSide; ++cell) {
        const int r = cell / kPreviewSide, c = cell % kPreviewSide;
        cells[cell] = r < 2 ? CellLook{kWell, kShapeTile, kMarkNone}
                            : CellLook{kPuyo[(r / 2 + c / 2 + preview_pattern(cell) / 3) % 4], kShapeDisc, kMarkNone};
    }
    return cells;
}

void PuyoScreen::new_game(const Params& params) {
    const std::string ai = choice_param(params, "ai", "beam", {"random", "greedy", "beam", "learned"});
    std::unique_ptr<puyo::LearnedAi> learned;
    nlohmann::json trained;  // the learned agent's training settings: the game's defaults
    if (ai == "learned") {
        if (!models_->puyo) throw Refusal(translatable("ai: there is no learned agent yet; train one on the Learn screen first"));
        learned = std::make_unique<puyo::LearnedAi>(*models_->puyo);
        trained = models_->puyo->settings;
    }
    puyo::Settings settings;
    const int trained_rules = learned ? puyo_rules_index(learned->rules()) : 0;
    settings.rules = choice_param(params, "rules", kPuyoRules[trained_rules], {"tsu", "tutorial"}) == "tsu" ? puyo::RuleSet::Tsu : puyo::RuleSet::Tutorial;
    if (learned && settings.rules != learned->rules())
        throw Refusal(translatable("ai: the learned agent was trained for the {trained} rules, not {rules}",
                                   {{"trained", translatable(kPuyoRuleNames[trained_rules])},
                                    {"rules", translatable(kPuyoRuleNames[puyo_rules_index(settings.rules)])}}));
    settings.colors = int_param(params, "colors", learned ? trained.value("colors", 4) : 4, 3, 5);
    // The learned agent plays games of a known length, like those it learned from: a score to beat needs an end.
    settings.max_pairs = int_param(params, "pairs", learned ? trained.value("pairs", 50) : 0, learned ? 1 : 0,
                                    learned ? kMaxLearnedPairs : kMaxPairs);
    const bool ai_plays = choice_param(params, "play", "human", {"human", "ai"}) == "ai";
    const int speed = int_param(params, "speed", 3, 1, 20);
    const uint64_t seed = seed_param(params);

    params_ = params;
    params_["game"] = "puyo";
    params_["seed"] = std::to_string(seed);
    if (learned) {  // the game the link names, whichever agent the Learn screen has later
        params_["rules"] = kPuyoRules[puyo_rules_index(settings.rules)];
        params_["colors"] = std::to_string(settings.colors);
        params_["pairs"] = std::to_string(settings.max_pairs);
    }
    seed_ = seed;
    ai_name_ = ai;
    state_ = puyo::State(settings, seed);
    learned_ = std::move(learned);
    rival_.reset();
    if (learned_) {
        const puyo::State rival = agents_game(*learned_, settings, seed);
        rival_ = RivalGame{rival.score(), rival.max_chain()};
    }
    actions_.clear();
    log_.clear();
    player_moves_ = 0;
    cursor_ = {puyo::kSpawnColumn, 1};
    ai_playing_ = ai_plays;
    ai_moves_pending_ = 0;
    ai_moves_per_second_ = speed;
    dropped_ms_ = -1e9;
    replay_ = {};
    last_result_ = {};
    edit_rules_ = settings.rules == puyo::RuleSet::Tsu ? 0 : 1;
    edit_colors_ = settings.colors;
    edit_ai_ = index_of(kAis, 4, ai);
    restart_ai();
    mark_dirty();
}

void PuyoScreen::restart_ai() {
    ai_runner().cancel(search_id_);
    search_id_ = 0;
    plan_ = {};
    planning_ = plan_ready_ = false;
    ai_error_.clear();
}

void PuyoScreen::plan(double slice_ms) {
    if (learned_) {  // one pass of a small network: decided here, not in the worker
        learned_->begin(state_);
        plan_ = learned_->result();
        planning_ = plan_ready_ = true;
        return;
    }
    AiRunner& runner = ai_runner();
    if (!runner.running(search_id_)) {  // a new pair, or its search was cancelled by leaving the screen
        const uint64_t ai_seed = Rng::for_stream(seed_, static_cast<uint64_t>(state_.pairs_placed())).next_u64();
        search_id_ = runner.start(search::puyo_request(state_.settings(), seed_, actions_, ai_name_, ai_seed));
        planning_ = true;
    }
    for (const nlohmann::json& message : runner.poll(search_id_, slice_ms)) {
        if (message["type"] == "error") {
            ai_error_ = message["message"].get<std::string>();
            ai_playing_ = false;
            ai_moves_pending_ = 0;
            return;
        }
        plan_ = search::puyo_plan(message["report"]);
        plan_ready_ = message["type"] == "result";
    }
}

Reason PuyoScreen::plan_reason() const {
    if (learned_) {
        const puyo::Candidate& chosen = learned_->scorer().candidates()[static_cast<size_t>(puyo::action_of(plan_.placement))];
        return {"learned_value", {{"value", chosen.total}}};
    }
    if (ai_name_ == "random") return {"random_pick", nlohmann::json::object()};
    const nlohmann::json chain = {{"chain", plan_.expected_chain}, {"score", plan_.expected_score}};
    if (plan_.firing) return {"fires_chain", chain};
    if (plan_.expected_chain == 0) return {"keeps_low", nlohmann::json::object()};
    nlohmann::json built = chain;
    built["puyo"] = kPuyoNames[static_cast<int>(plan_.trigger_color)].id;
    built["column"] = plan_.trigger_column + 1;
    return {"builds_chain", built};
}

void PuyoScreen::shift(int dx) {
    const Placement moved{cursor_.column + dx, cursor_.rotation};
    if (moved.column >= 0 && moved.column < puyo::kColumns && moved.child_column() >= 0 && moved.child_column() < puyo::kColumns)
        cursor_ = moved;
}

void PuyoScreen::rotate(int quarter_turns) {
    Placement turned{cursor_.column, (cursor_.rotation + quarter_turns + 4) % 4};
    // Against a wall the pair steps away from it, as in the real game.
    if (turned.child_column() < 0) turned.column += 1;
    if (turned.child_column() >= puyo::kColumns) turned.column -= 1;
    cursor_ = turned;
}

void PuyoScreen::drop(Placement placement, LogEntry entry) {
    if (state_.terminal()) throw std::invalid_argument("the game is over");
    if (!state_.is_legal(placement))
        throw std::invalid_argument("the pair cannot get to column " + std::to_string(placement.column + 1) + " with that rotation");
    // Replay the move on a copy, step by step, for the animation; the State does the real move.
    replay_ = {state_.field(), state_.current_pair(), placement, {}, {}};
    puyo::Field field = replay_.before;
    const puyo::Bitboard landed = puyo::place_pair(field, replay_.pair, placement);
    puyo::Field resolved = field;
    resolved.resolve(landed, &replay_.steps);
    for (const puyo::ChainStep& step : replay_.steps) {
        replay_.step_fields.push_back(field);
        for (int col = 0; col < puyo::kColumns; ++col)
            for (int row = 0; row < field.rows(); ++row)
                if (step.popped.test(col, row)) field.set(col, row, Puyo::None);
        field.settle();
    }
    last_result_ = state_.apply(placement);
    actions_.push_back(puyo::action_of(placement));
    if (entry.by == "human") ++player_moves_;
    entry.move = std::to_string(placement.column + 1) + kRotationArrows[placement.rotation];
    log_.add(std::move(entry));
    dropped_ms_ = now_ms_;
    cursor_ = {puyo::kSpawnColumn, 1};
    if (state_.terminal()) ai_playing_ = false;
    restart_ai();
    mark_dirty();
}

void PuyoScreen::act(const nlohmann::json& action) {
    if (!action.is_object() || action.size() != 1)
        throw std::invalid_argument("a Puyo action is one of {\"move\":\"left\"}, {\"rotate\":\"cw\"}, {\"drop\":true}, {\"place\":[column,rotation]}, {\"ai\":\"move\"}");
    const std::string key = action.begin().key();
    const nlohmann::json& value = action.begin().value();
    if (key == "review") return log_.review(value, state_.terminal());
    const std::string word = value.is_string() ? value.get<std::string>() : "";
    if (key == "move" && (word == "left" || word == "right")) return shift(word == "left" ? -1 : 1);
    if (key == "rotate" && (word == "cw" || word == "ccw")) return rotate(word == "ccw" ? 1 : -1);
    if (key == "drop") return drop(cursor_);
    if (key == "place") {
        if (!value.is_array() || value.size() != 2 || !value[0].is_number_integer() || !value[1].is_number_integer())
            throw std::invalid_argument("place: expected [column, rotation]");
        const std::optional<int> column = json_int(value[0], 0, puyo::kColumns - 1), rotation = json_int(value[1], 0, 3);
        if (!column || !rotation || puyo::action_of({*column, *rotation}) < 0)
            throw std::invalid_argument("place: no such placement");
        return drop({*column, *rotation});
    }
    if (key == "ai" && word == "move") {
        if (state_.terminal()) throw std::invalid_argument("the game is over");
        ++ai_moves_pending_;  // made when the plan comes (update)
        return;
    }
    if (key == "ai" && (word == "play" || word == "stop")) {
        ai_playing_ = word == "play" && !state_.terminal();
        return;
    }
    throw std::invalid_argument("unknown Puyo action " + action.dump());
}

double PuyoScreen::resolved_ms() const {
    return dropped_ms_ + kDropAnimationMs + kChainStepMs * double(replay_.steps.size());
}

bool PuyoScreen::animating() const { return now_ms_ < resolved_ms(); }

int PuyoScreen::chain_step_shown() const {
    const double since_drop = now_ms_ - dropped_ms_;
    if (!animating() || since_drop < kDropAnimationMs) return -1;
    return int((since_drop - kDropAnimationMs) / kChainStepMs);
}

int64_t PuyoScreen::chain_points_through(int step) const {
    int64_t points = 0;
    for (int i = 0; i <= step; ++i) points += replay_.steps[static_cast<size_t>(i)].score;
    return points;
}

void PuyoScreen::update(const Frame& frame, double slice_ms) {
    now_ms_ = frame.now_ms;
    if (animating()) frame.frame_by(now_ms_);
    else if (ai_playing_ && !state_.terminal() && ai_error_.empty()) frame.frame_by(next_ai_move_ms_);
    // A frame when the chain's banner is due to go, or an idle page (after the last pair) keeps it.
    if (const double banner_end_ms = resolved_ms() + kChainBannerMs; last_result_.chains > 0 && now_ms_ < banner_end_ms)
        frame.frame_by(banner_end_ms);
    if (state_.terminal()) ai_moves_pending_ = 0;
    if (state_.terminal() || (!ai_playing_ && !show_plan_ && ai_moves_pending_ == 0) || !ai_error_.empty()) return;
    if (!plan_ready_) plan(slice_ms);
    if (!plan_ready_) return;
    const LogEntry entry{"", ai_name_, plan_reason(), {}};
    if (ai_moves_pending_ > 0) {
        --ai_moves_pending_;
        drop(plan_.placement, entry);
    } else if (ai_playing_ && now_ms_ >= next_ai_move_ms_ && !animating()) {
        drop(plan_.placement, entry);
        next_ai_move_ms_ = now_ms_ + 1000.0 / ai_moves_per_second_;
    } else {
        return;
    }
    // The learned agent decides at once: its values for the new pair are on the screen from this frame.
    if (learned_ && !state_.terminal()) plan(slice_ms);
}

void PuyoScreen::handle_input(const Frame& frame, const BoardPlacement& board) {
    if (state_.terminal() && frame.keys_pressed)
        for (int key : *frame.keys_pressed) log_.review_key(key, true);
    if (state_.terminal() || ai_playing_ || animating()) return;
    auto try_drop = [&] {
        try {
            drop(cursor_);
        } catch (const std::invalid_argument&) {
            // Not reachable from here: the ghost shows nothing, so the player sees why.
        }
    };
    if (frame.keys_pressed)
        for (int key : *frame.keys_pressed) {
            if (key == keys::kLeft) shift(-1);
            if (key == keys::kRight) shift(1);
            if (key == keys::kZ) rotate(1);
            if (key == keys::kX || key == keys::kUp) rotate(-1);
            if (key == keys::kDown || key == keys::kSpace) try_drop();
        }
    // A tap on a column brings the pair there; a tap on the column it is already over drops it.
    if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) {
        const int cell = cell_under_mouse(board);
        if (cell < 0) return;
        const int column = cell % board.cols;
        if (column == cursor_.column) return try_drop();
        shift(column - cursor_.column);
        if (cursor_.column != column) {  // the child was in the way of the wall: turn upright
            cursor_ = {column, 1};
        }
    }
}

puyo::State PuyoScreen::replayed(int placements) const {
    puyo::State game(state_.settings(), seed_);
    for (int action : std::span(actions_).first(static_cast<size_t>(placements))) game.apply(puyo::placement_of(action));
    return game;
}

void PuyoScreen::build_field(const Frame& frame, const BoardPlacement& board) {
    const bool cb = frame.colorblind;
    const int rows = state_.field().rows();
    // What the field shows: in a review, the field after the placement reviewed; else before the
    // pair lands, a chain step in progress, or the settled result.
    const std::optional<puyo::State> reviewed = log_.reviewed() ? std::optional(replayed(*log_.reviewed())) : std::nullopt;
    const double since_drop = now_ms_ - dropped_ms_;
    const bool falling = !reviewed && since_drop < kDropAnimationMs;
    const int step = reviewed ? -1 : chain_step_shown();
    const puyo::Field& shown = reviewed  ? reviewed->field()
                               : falling ? replay_.before
                               : step >= 0 ? replay_.step_fields[static_cast<size_t>(step)]
                                           : state_.field();
    const bool flash_on = step >= 0 && int((since_drop - kDropAnimationMs) / kFlashPeriodMs) % 2 == 0;
    auto display_row = [&](int field_row) { return kSpawnRows + rows - 1 - field_row; };
    std::vector<CellLook> cells(static_cast<size_t>(board.rows * board.cols));
    for (int row = 0; row < rows; ++row)
        for (int col = 0; col < puyo::kColumns; ++col) {
            CellLook& look = cells[display_row(row) * board.cols + col];
            look = {row >= puyo::kVisibleRows ? kHiddenRow : kWell, kShapeTile, kMarkNone};
            const Puyo puyo = shown.at(col, row);
            if (puyo != Puyo::None) look = {puyo_colour(puyo, cb), kShapeDisc, puyo_mark(puyo, cb)};
            if (step >= 0 && flash_on && replay_.steps[static_cast<size_t>(step)].popped.test(col, row)) look.rgba = 0xFFFFFFFF;
            if (row >= puyo::kVisibleRows && puyo != Puyo::None) look.rgba = with_alpha(look.rgba, 0x99);
        }
    // The pair being steered, above the field, and its ghost where it would land.
    if (!state_.terminal() && !animating() && !ai_playing_) {
        const puyo::Pair pair = state_.current_pair();
        const int axis_row = cursor_.rotation == 3 ? 0 : 1;
        const int child_row = cursor_.rotation == 1 ? 0 : cursor_.rotation == 3 ? 1 : axis_row;
        cells[axis_row * board.cols + cursor_.column] = {puyo_colour(pair.axis, cb), kShapeDisc, puyo_mark(pair.axis, cb)};
        cells[child_row * board.cols + cursor_.child_column()] = {puyo_colour(pair.child, cb), kShapeDisc, puyo_mark(pair.child, cb)};
        if (state_.is_legal(cursor_)) {
            puyo::Field ghost = state_.field();
            const puyo::Bitboard landed = puyo::place_pair(ghost, pair, cursor_);
            for (int row = 0; row < rows; ++row)
                for (int col = 0; col < puyo::kColumns; ++col)
                    if (landed.test(col, row))
                        cells[display_row(row) * board.cols + col] = {with_alpha(puyo_colour(ghost.at(col, row), cb), 0x55), kShapeDisc, kMarkNone};
        }
    }
    frame.board(board, std::move(cells), 0, kPuyoMarkInk);
    // The AI's plan for the current pair: yellow squares around where it would land, drawn over the
    // cells, so it never looks like the player's own landing preview (faint puyos) even where they meet.
    if (show_plan_ && plan_ready_ && !state_.terminal() && !animating()) {
        puyo::Field planned = state_.field();
        const puyo::Bitboard landed = puyo::place_pair(planned, state_.current_pair(), plan_.placement);
        const ImVec2 origin = ImGui::GetWindowPos();
        for (int row = 0; row < rows; ++row)
            for (int col = 0; col < puyo::kColumns; ++col)
                if (landed.test(col, row)) {
                    const ImVec2 low(origin.x + board.x + float(col) * board.cell + 2.0f,
                                     origin.y + board.y + float(display_row(row)) * board.cell + 2.0f);
                    ImGui::GetWindowDrawList()->AddRect(low, ImVec2(low.x + board.cell - 4.0f, low.y + board.cell - 4.0f),
                                                        IM_COL32(255, 214, 0, 255), 4.0f, 0, 3.0f);
                }
        draw_candidate_values(board);
    }

    // The dropped pair falling into place: each puyo slides down from the spawn rows.
    if (falling) {
        puyo::Field landed_field = replay_.before;
        const puyo::Bitboard landed = puyo::place_pair(landed_field, replay_.pair, replay_.at);
        const float t = float(since_drop / kDropAnimationMs);
        for (int row = 0; row < rows; ++row)
            for (int col = 0; col < puyo::kColumns; ++col) {
                if (!landed.test(col, row)) continue;
                const float from = 1.0f, to = float(display_row(row));
                const float y = board.y + (from + (to - from) * t * t) * board.cell;
                const Puyo puyo = landed_field.at(col, row);
                frame.board({board.x + float(col) * board.cell, y, board.cell, 1, 1},
                            {{puyo_colour(puyo, cb), kShapeDisc, puyo_mark(puyo, cb)}}, 0, kPuyoMarkInk);
            }
    }
    if (state_.terminal() && !animating() && !reviewed) draw_game_over(frame, board);
    // The chain counter over the field while a chain resolves, with the points it has made so far.
    if (step >= 0) {
        const std::string text = trf("{count}-chain!  +{score}",
                                     {{"count", step + 1}, {"score", static_cast<long long>(chain_points_through(step))}});
        const char* label = text.c_str();
        ImFont* font = frame.fonts->large;
        const float full_size = board.cell * 0.9f;
        const float width = font->CalcTextSizeA(full_size, 1e9f, 0, label).x;
        const float size = std::min(full_size, full_size * board.cell * float(board.cols) * 0.95f / std::max(width, 1.0f));
        const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, label);
        const ImVec2 at(ImGui::GetWindowPos().x + board.x + (board.cell * board.cols - extent.x) / 2,
                        ImGui::GetWindowPos().y + board.y + board.cell * 0.5f);
        ImDrawList* draw = ImGui::GetWindowDrawList();
        draw->AddText(font, size, ImVec2(at.x + 2, at.y + 2), IM_COL32(0, 0, 0, 200), label);
        draw->AddText(font, size, at, IM_COL32(255, 220, 80, 255), label);
    }
}

std::string PuyoScreen::summary() const {
    const MessageArg score{"score", static_cast<long long>(state_.score())}, chain{"count", state_.max_chain()};
    if (state_.terminal()) return std::string(state_.game_over() ? tr("Game over") : tr("All the pairs are played")) + ". " +
                                  trf("Final score {score}", {score}) + ". " + trf("Best chain: {count}", {chain}) + "." +
                                  (rival_ ? " " + rival_verdict() : "");
    const puyo::Pair pair = state_.current_pair();
    const std::string reason = log_.last_reason_text();
    return trf("Score {score}. Pair {count}: {axis} and {child}, column {column}.",
               {score, {"count", state_.pairs_placed() + 1}, {"axis", translatable(kPuyoNames[static_cast<int>(pair.axis)].words)},
                {"child", translatable(kPuyoNames[static_cast<int>(pair.child)].words)}, {"column", cursor_.column + 1}}) +
           (reason.empty() ? "" : " " + reason);
}

void PuyoScreen::draw_game_over(const Frame& frame, const BoardPlacement& board) const {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetWindowPos();
    const ImVec2 low(origin.x + board.x, origin.y + board.y);
    const float width = board.cell * float(board.cols);
    draw->AddRectFilled(low, ImVec2(low.x + width, low.y + board.cell * float(board.rows)), IM_COL32(10, 12, 16, 170));
    const std::string lines[] = {
        state_.game_over() ? tr("Game over") : tr("All the pairs are played"),
        trf("Final score {score}", {{"score", static_cast<long long>(state_.score())}}),
        trf("Best chain: {count}", {{"count", state_.max_chain()}}),
        rival_ ? rival_verdict() : "",
    };
    float y = low.y + board.cell * float(board.rows) * 0.3f;
    for (size_t i = 0; i < std::size(lines); ++i) {
        ImFont* font = frame.fonts->large;
        const float size = std::min(i == 0 ? board.cell * 1.1f : board.cell * 0.62f, width / 7.0f * (i == 0 ? 1.6f : 1.0f));
        const std::string text = wrap_text(font, size, lines[i], width - 8.0f);
        const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, text.c_str());
        draw->AddText(font, size, ImVec2(low.x + (width - extent.x) / 2, y), i == 0 ? IM_COL32(255, 110, 110, 255) : IM_COL32(240, 240, 245, 255),
                      text.c_str());
        y += extent.y + board.cell * 0.3f;
    }
}

void PuyoScreen::build_panel(const Frame& frame) {
    ImGui::PushFont(frame.fonts->large);
    ImGui::TextUnformatted(trf("Score {score}", {{"score", static_cast<long long>(state_.score())}}).c_str());
    ImGui::PopFont();
    // The controls first: on a phone the panel below the field is short, and they must show.
    if (!ai_playing_ && !state_.terminal()) {
        if (ImGui::Button(" \xE2\x86\xBA ")) rotate(1);  // anticlockwise arrow
        ImGui::SameLine();
        if (ImGui::Button(" \xE2\x86\xBB ")) rotate(-1);  // clockwise arrow
        ImGui::SameLine();
        const bool drop_pressed = ImGui::Button(tr("Drop"));
        note_control("drop");
        if (drop_pressed) {
            try {
                drop(cursor_);
            } catch (const std::invalid_argument&) {
            }
        }
        text_wrapped_disabled(tr("Arrows move, Z/X rotate, down drops. Tap a column, tap again to drop."));
    }
    // As a chain resolves, its length and points so far; then, for a while, the whole of it.
    const int step = chain_step_shown();
    if (step >= 0) {
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s",
                           trf("{count}-chain!  +{score}",
                               {{"count", step + 1}, {"score", static_cast<long long>(chain_points_through(step))}})
                               .c_str());
    } else if (now_ms_ - resolved_ms() < kChainBannerMs && last_result_.chains > 0) {
        const MessageArg chains{"count", last_result_.chains}, score{"score", static_cast<long long>(last_result_.score)};
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s",
                           (last_result_.all_clear ? trf("{count}-chain!  +{score}  all clear!", {chains, score})
                                                   : trf("{count}-chain!  +{score}", {chains, score})).c_str());
    } else {
        ImGui::TextDisabled("%s", trf("best chain {count} ({score} points)",
                                      {{"count", state_.max_chain()}, {"score", static_cast<long long>(state_.best_chain_score())}})
                                      .c_str());
    }
    // The pair on the way down; after the last one, the last one (not a pair that will never come).
    const MessageArg count{"count", state_.pairs_placed() + (state_.terminal() ? 0 : 1)}, seed{"seed", std::to_string(seed_)},
        rules{"rules", translatable(state_.settings().rules == puyo::RuleSet::Tsu ? kPuyoRuleNames[0] : kPuyoRuleNames[1])};
    const int limit = state_.settings().max_pairs;
    text_wrapped(limit ? trf("pair {count} of {total}   seed {seed}   rules: {rules}", {count, {"total", limit}, seed, rules})
                       : trf("pair {count}   seed {seed}   rules: {rules}", {count, seed, rules}));
    if (state_.game_over()) ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", tr("Game over: column 3 is full."));

    // The two previews, as small boards: only pairs that will still come (none after the last).
    const int coming = state_.terminal() ? 0 : limit ? std::min(puyo::kPreviewCount, state_.pairs_left() - 1) : puyo::kPreviewCount;
    ImGui::TextDisabled("%s", tr("Next"));
    const ImVec2 at = ImGui::GetCursorScreenPos();  // boards are placed in window coordinates
    const float cell = 26.0f;
    // Boards are not clipped by the panel: the previews show only while the panel shows all of them.
    const float panel_top = ImGui::GetWindowPos().y, panel_bottom = panel_top + ImGui::GetWindowHeight();
    const bool previews_shown = at.y >= panel_top && at.y + 2 * cell <= panel_bottom;
    for (int ahead = 1; ahead <= coming && previews_shown; ++ahead) {
        const puyo::Pair pair = state_.pair(ahead);
        frame.board({at.x + float(ahead - 1) * cell * 1.6f, at.y, cell, 2, 1},
                    {{puyo_colour(pair.child, frame.colorblind), kShapeDisc, puyo_mark(pair.child, frame.colorblind)},
                     {puyo_colour(pair.axis, frame.colorblind), kShapeDisc, puyo_mark(pair.axis, frame.colorblind)}},
                    0, kPuyoMarkInk);
    }
    ImGui::Dummy(ImVec2(cell * 3.2f, cell * 2.0f + 4.0f));

    ImGui::Separator();
    ImGui::TextUnformatted(trf("AI: {name}", {{"name", ai_name(ai_name_)}}).c_str());
    if (rival_)
        text_wrapped(trf("Score to beat: the learned agent makes {score} on these {count} pairs (best chain {chain}).",
                         {{"score", static_cast<long long>(rival_->score)}, {"count", state_.settings().max_pairs}, {"chain", rival_->max_chain}}));
    ImGui::BeginDisabled(state_.terminal());
    if (ImGui::Button(ai_playing_ ? tr("Stop") : tr("AI plays"))) ai_playing_ = !ai_playing_;
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120);
    ImGui::SliderInt(tr("moves/s"), &ai_moves_per_second_, 1, 20);
    ImGui::Checkbox(tr("Show the AI's plan"), &show_plan_);
    if (!ai_error_.empty()) text_wrapped(trf("The AI could not plan: {reason}", {{"reason", ai_error_}}));
    if (state_.terminal()) log_.draw_review();
    else log_.draw_last_reason();
    if (show_plan_ && planning_) {
        if (!plan_ready_)
            ImGui::TextDisabled("%s", trf("thinking... {count} positions", {{"count", static_cast<long long>(plan_.nodes)}}).c_str());
        else if (!state_.terminal())
            text_wrapped(trf("Next: {reason}", {{"reason", reason_message(plan_reason(), colorblind_)}}));
        text_wrapped_disabled(tr("Yellow squares: where the AI would put this pair."));
        build_candidate_table();
    }
    log_.draw(110.0f, state_.terminal());

    ImGui::Separator();
    ImGui::TextDisabled("%s", tr("New game"));
    ImGui::SetNextItemWidth(140);
    combo_translated(tr("Rules"), &edit_rules_, kPuyoRuleNames, 2);
    if (ImGui::IsItemHovered())
        tooltip_wrapped(tr(kPuyoRulesHelp));
    ImGui::SetNextItemWidth(140);
    ImGui::SliderInt(tr("Colours"), &edit_colors_, 3, 5);
    ImGui::SetNextItemWidth(140);
    // "learned" once the Learn screen has an agent.
    const std::shared_ptr<const learn::Model> model = models_->puyo;
    if (ai_combo(tr("AI"), &edit_ai_, kAis, model ? 4 : 3) && edit_ai_ == kLearnedAi) {
        // The agent's own game: its rules (no other is offered) and colours.
        edit_rules_ = model->settings.value("rules", "tsu") == "tsu" ? 0 : 1;
        edit_colors_ = model->settings.value("colors", 4);
    }
    if (!model && edit_ai_ == kLearnedAi) edit_ai_ = 2;  // its agent is gone
    Params settings{{"rules", kPuyoRules[edit_rules_]}, {"colors", std::to_string(edit_colors_)}, {"ai", kAis[edit_ai_]}};
    // "Same game again" after watching the agent: the same pairs to play against its score.
    if (edit_ai_ == kLearnedAi && learned_) settings["pairs"] = std::to_string(state_.settings().max_pairs);
    new_game_buttons(*this, settings, seed_, edit_seed_, settings_error_);
    if (!settings_error_.empty()) text_wrapped(settings_error_);
}

const puyo::PlacementScorer* PuyoScreen::shown_candidates() const {
    return learned_ && plan_ready_ && !state_.terminal() ? &learned_->scorer() : nullptr;
}

std::string PuyoScreen::rival_verdict() const {
    if (player_moves_ == 0) return "";  // the agent played this game itself: there is nothing to compare
    const MessageArg score{"score", static_cast<long long>(rival_->score)};
    if (state_.score() > rival_->score) return trf("You beat the learned agent's {score}!", {score});
    if (state_.score() == rival_->score) return trf("A tie with the learned agent: {score}.", {score});
    return trf("The learned agent made {score}: more than you.", {score});
}

// Over the spawn rows, each column's best value: the best placement with its first puyo there.
void PuyoScreen::draw_candidate_values(const BoardPlacement& board) const {
    if (const puyo::PlacementScorer* scorer = shown_candidates())
        draw_column_values(board, scorer->candidates(), plan_.placement.column);
}

// All the placements' values: a row per rotation (where the second puyo goes), a column per column.
void PuyoScreen::build_candidate_table() const {
    const puyo::PlacementScorer* scorer = shown_candidates();
    if (!scorer) return;
    if (ImGui::BeginTable("placement_values", 1 + puyo::kColumns, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV)) {
        ImGui::TableNextRow();
        for (int col = 0; col < puyo::kColumns; ++col) {
            ImGui::TableSetColumnIndex(col + 1);
            ImGui::TextDisabled("%d", col + 1);
        }
        for (int rotation : {1, 3, 0, 2}) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::TextUnformatted(kRotationArrows[rotation]);
            for (int col = 0; col < puyo::kColumns; ++col) {
                const int action = puyo::action_of({col, rotation});
                if (action < 0 || !scorer->candidates()[static_cast<size_t>(action)].legal) continue;
                ImGui::TableSetColumnIndex(col + 1);
                const std::string value = value_text(scorer->candidates()[static_cast<size_t>(action)].total);
                if (action == scorer->best()) ImGui::TextColored(ImVec4(1.0f, 0.84f, 0.0f, 1.0f), "%s", value.c_str());
                else ImGui::TextUnformatted(value.c_str());
            }
        }
        ImGui::EndTable();
    }
    text_wrapped_disabled(tr("The learned agent's value of each placement: the points it expects from it, now and until the game ends, "
                             "in thousands. Columns: where the first puyo goes; arrows: where the second goes. Over the field: each "
                             "column's best."));
}

void PuyoScreen::build_ui(const Frame& frame, float top) {
    colorblind_ = frame.colorblind;
    log_.name_colour_marks(colorblind_);
    const Layout layout = split_layout(frame, top);
    const int rows = state_.field().rows() + kSpawnRows;
    const BoardPlacement board = fit_board(layout.board_x + kCoordinateBand, layout.board_y + kCoordinateBand,
                                           layout.board_w - kCoordinateBand, layout.board_h - kCoordinateBand, rows, puyo::kColumns);
    board_view_ = board;
    ImGui::SetCursorPos(ImVec2(board.x, board.y));
    ImGui::InvisibleButton("field", ImVec2(board.cell * board.cols, board.cell * board.rows));
    handle_input(frame, board);
    build_field(frame, board);
    draw_coordinates(board, Coordinates::Puyo, 0.0f, state_.field().rows());
    begin_panel(layout);
    build_panel(frame);
    ImGui::EndChild();
}

nlohmann::json PuyoScreen::state() const {
    nlohmann::json next = nlohmann::json::array();
    for (int ahead = 1; ahead <= puyo::kPreviewCount; ++ahead) next.push_back(puyo::pair_text(state_.pair(ahead)));
    // ai=learned: every legal placement of the current pair with the agent's value of it.
    nlohmann::json candidates = nlohmann::json::array();
    if (const puyo::PlacementScorer* scorer = shown_candidates())
        for (int action = 0; action < puyo::kPlacementCount; ++action) {
            const puyo::Candidate& c = scorer->candidates()[static_cast<size_t>(action)];
            const Placement at = puyo::placement_of(action);
            if (c.legal)
                candidates.push_back({{"column", at.column}, {"rotation", at.rotation}, {"score", c.move.score},
                                      {"value", c.value}, {"total", c.total}});
        }
    nlohmann::json plan = nullptr;
    if (plan_ready_) {
        const puyo::Plan& p = plan_;
        plan = {{"column", p.placement.column}, {"rotation", p.placement.rotation}, {"firing", p.firing},
                {"expected_chain", p.expected_chain}, {"expected_score", p.expected_score}};
    }
    return {
        {"game", "puyo"},
        {"view", view_json(board_view_)},
        {"seed", seed_},
        {"rules", kPuyoRules[puyo_rules_index(state_.settings().rules)]},
        {"colors", state_.settings().colors},
        {"field", state_.field().to_lines(state_.field().rows())},
        {"pair", puyo::pair_text(state_.current_pair())},
        {"next", next},
        {"cursor", {{"column", cursor_.column}, {"rotation", cursor_.rotation}}},
        {"score", state_.score()},
        {"chain", last_result_.chains},
        {"max_chain", state_.max_chain()},
        {"pairs_placed", state_.pairs_placed()},
        {"pairs", state_.settings().max_pairs},
        {"status", state_.game_over() ? "game over" : state_.terminal() ? "finished" : "playing"},
        {"log", log_.json()},
        {"review", log_.review_json()},
        {"ai", {{"name", ai_name_}, {"playing", ai_playing_}, {"plan", plan}, {"candidates", candidates},
                {"rival", rival_ ? nlohmann::json{{"score", rival_->score}, {"max_chain", rival_->max_chain}} : nlohmann::json(nullptr)}}},
    };
}

nlohmann::json PuyoScreen::save() const {
    nlohmann::json saved = {{"params", params_}, {"actions", actions_}};
    log_.save_into(saved);
    return saved;
}

void PuyoScreen::restore(const nlohmann::json& saved) {
    PuyoScreen replay(*models_);
    replay.new_game(saved.at("params").get<Params>());
    replay.ai_playing_ = false;  // a restored game waits for the player
    for (const nlohmann::json& action : saved.at("actions")) {
        const std::optional<int> index = json_int(action, 0, puyo::kPlacementCount - 1);
        if (!index) throw Refusal(translatable("a saved placement is not one of the 22"));
        replay.drop(puyo::placement_of(*index));
    }
    replay.dropped_ms_ = -1e9;
    replay.log_ = MoveLog::from_save(saved, replay.actions_.size(), 0);
    *this = std::move(replay);
}

}  // namespace gridlab::app
