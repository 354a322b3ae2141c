#include "app/gomoku_screen.h"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <stdexcept>

#include "app/ai_names.h"
#include "app/ai_runner.h"
#include "app/gomoku_board.h"
#include "app/host.h"
#include "app/i18n.h"
#include "app/keys.h"
#include "app/palette.h"
#include "core/json_int.h"
#include "core/text.h"
#include "gomoku/az_mcts.h"
#include "gomoku/threat_space.h"
#include "gomoku/threats.h"
#include "search/games.h"

namespace gridlab::app {

using gomoku::Stone;

namespace {

using namespace palette;
// Who plays a colour: the URL's ids, the Black/White lists' entries (az last: offered once the Learn
// screen has a network).
constexpr std::initializer_list<const char*> kPlayers = {"human", "pure-mcts", "mcts", "ab", "az"};
constexpr int kNumPlayers = static_cast<int>(kPlayers.size());
constexpr int kAzPlayer = kNumPlayers - 1;
const char* player_id(int index) { return kPlayers.begin()[index]; }
// Search tree nodes (about 24 bytes each, two pools with tree reuse): small enough for a
// Chromebook's browser tab, and more than a few seconds of thinking fill.
constexpr int64_t kMaxNodes = 300'000;
constexpr const char* kRules[] = {"freestyle", "standard", "renju"};
constexpr const char* kRuleNames[] = {tr_key("Freestyle (five or more)"), tr_key("Standard (exactly five)"),
                                      tr_key("Renju (black: no double three, double four or overline)")};
// The page looks for the opponent's threat after every move, on the page itself: a small budget (at
// most 1,000 positions, under 10 ms natively), enough for the short forced wins a student can follow.
constexpr gomoku::ThreatLimits kStudentThreatLimits{true, 5, 1000, 0};

int side_index(Stone side) { return side == Stone::Black ? 0 : 1; }

std::string status_text(const gomoku::State& state) {
    switch (state.outcome()) {
        case gomoku::Outcome::BlackWins: return "black wins";
        case gomoku::Outcome::WhiteWins: return "white wins";
        case gomoku::Outcome::Draw: return "draw";
        default: return "playing";
    }
}

nlohmann::json cell_json(int action, int size) { return {action / size, action % size}; }

// The moves of a forced line in h8 notation.
std::string line_text(const std::vector<int>& line, int size) {
    std::string text;
    for (int action : line) {
        if (!text.empty()) text += ' ';
        text += gomoku::to_notation(action, size);
    }
    return text;
}

// The search's top moves, with their shares of its visits, for the circles.
std::vector<Weighed> weighed_moves(const gomoku::SearchReport& report, size_t count) {
    const int64_t total = report.total_visits();
    std::vector<Weighed> weighed;
    for (const auto& c : report.candidates) {
        if (weighed.size() == count || c.visits == 0) break;
        weighed.push_back({c.action, double(c.visits) / double(total), c.value});
    }
    return weighed;
}

// The circles an AI move keeps for the review: a few, enough to see what it weighed.
constexpr size_t kWeighedKept = 5;

nlohmann::json notation_list(const std::vector<int>& actions, int size) {
    nlohmann::json list = nlohmann::json::array();
    for (int action : actions) list.push_back(gomoku::to_notation(action, size));
    return list;
}

}  // namespace

GomokuScreen::GomokuScreen(const LearnedModels& models) : models_(&models) { new_game({}); }

std::vector<CellLook> GomokuScreen::preview() const {
    std::vector<CellLook> cells(kPreviewSide * kPreviewSide, {0, kShapeGridLines, kMarkNone});
    for (int cell = 0; cell < kPreviewSide * kPreviewSide; ++cell) {
        if (preview_pattern(cell) == 0) cells[cell] = {kBlackStone, kShapeGridLines | kShapeDisc, kMarkNone};
        if (preview_pattern(cell) == 3) cells[cell] = {kWhiteStone, kShapeGridLines | kShapeDisc, kMarkNone};
    }
    return cells;
}

void GomokuScreen::new_game(const Params& params) {
    const std::string black = choice_param(params, "black", "human", kPlayers);
    const std::string white = choice_param(params, "white", "mcts", kPlayers);
    const char* az_side = black == "az" ? "black" : white == "az" ? "white" : nullptr;
    std::optional<gomoku::AzNetwork> network;
    if (az_side) {
        if (!models_->gomoku)
            throw Refusal(translatable("{player}: there is no trained network yet; train one on the Learn screen first",
                                       {{"player", literal(az_side)}}));
        network = gomoku::AzNetwork::from_model(*models_->gomoku);
    }
    gomoku::Settings settings;
    settings.size = int_param(params, "size", network ? network->board().size : 15, gomoku::kMinSize, gomoku::kMaxSize);
    settings.win_length = int_param(params, "win", network ? network->board().win_length : 5, 3, settings.size);
    settings.rule = gomoku::parse_rule(choice_param(params, "rule", "freestyle", {"freestyle", "standard", "renju"}));
    if (network) {
        try {
            network->require_board(settings);
        } catch (const learn::ModelError& other_board) {
            throw Refusal(translatable("{player}: the trained network plays on another board ({reason})",
                                       {{"player", literal(az_side)}, {"reason", other_board.message()}}));
        }
    }
    const int ms = int_param(params, "ms", 1000, 50, 20000);
    const int playouts = int_param(params, "playouts", 5000, 100, 1000000);
    const int az_playouts = int_param(params, "playouts", int(gomoku::kDefaultAzPlayouts), 100, 1000000);
    const uint64_t seed = seed_param(params);

    // Everything is valid: now replace the game.
    stop_thinking();
    params_ = params;
    params_["game"] = "gomoku";
    params_["seed"] = std::to_string(seed);
    if (network) {  // the board the link names, whichever network the Learn screen has later
        params_["size"] = std::to_string(settings.size);
        params_["win"] = std::to_string(settings.win_length);
    }
    seed_ = seed;
    state_ = gomoku::State(settings);
    black_ = black == "human" ? "" : black;
    white_ = white == "human" ? "" : white;
    for (Stone side : {Stone::Black, Stone::White}) {
        const int i = side_index(side);
        const std::string& name = player(side);
        const bool timed = name == "mcts" || name == "ab";
        ai_[i] = {name, timed ? gomoku::Budget{0, double(ms)} : gomoku::Budget{name == "az" ? az_playouts : playouts, 0}, kMaxNodes};
    }
    // The network the game started with, whatever the Learn screen trains meanwhile.
    az_model_ = network ? base64_encode(learn::save_model(*models_->gomoku)) : "";
    paused_ = false;
    ai_error_.clear();
    cursor_ = {settings.size / 2, settings.size / 2, false};  // the centre, where a game begins
    edit_size_ = settings.size;
    edit_rule_ = static_cast<int>(settings.rule);
    edit_black_ = index_of(kPlayers.begin(), kNumPlayers, black);
    edit_white_ = index_of(kPlayers.begin(), kNumPlayers, white);
    edit_ms_ = ms;
    ai_win_line_.clear();
    log_.clear();
    find_threats();
    mark_dirty();
}

void GomokuScreen::find_threats() {
    forbidden_.clear();
    threat_line_.clear();
    if (state_.is_terminal() || !gomoku::ThreatBoard::supports(state_.settings())) return;
    if (state_.settings().rule == gomoku::Rule::Renju && state_.to_move() == Stone::Black) {
        gomoku::ThreatBoard board(state_);
        for (int action = 0; action < state_.num_actions(); ++action) {
            const int padded = state_.to_padded(action);
            if (board.at(padded) == Stone::Empty && board.is_forbidden(padded)) forbidden_.push_back(action);
        }
    }
    if (!is_ai(state_.to_move()))
        threat_line_ = gomoku::find_threat_win(state_, gomoku::opponent(state_.to_move()), kStudentThreatLimits).line;
}

void GomokuScreen::stop_thinking() {
    ai_runner().cancel(search_id_);
    search_id_ = 0;
    thinking_ = false;
    report_ = {};
    network_value_.reset();
}

void GomokuScreen::play(int action, LogEntry entry) {
    state_.apply(action);  // throws, unchanged, if illegal
    entry.move = gomoku::to_notation(action, state_.size());
    log_.add(std::move(entry));
    stop_thinking();
    // The AI's forced line stays shown while the game follows it.
    const bool on_line = ai_win_line_.size() > 1 && ai_win_line_.front() == action;
    if (on_line) ai_win_line_.erase(ai_win_line_.begin());
    else ai_win_line_.clear();
    find_threats();
    moves_copied_ = false;
    mark_dirty();
}

void GomokuScreen::undo() {
    if (state_.num_moves() == 0) throw std::invalid_argument("undo: no move to take back");
    stop_thinking();
    state_.undo();
    // Against an AI, take its reply back too, so the human is to move again.
    const bool someone_human = !is_ai(Stone::Black) || !is_ai(Stone::White);
    while (someone_human && is_ai(state_.to_move()) && state_.num_moves() > 0) state_.undo();
    log_.truncate(static_cast<size_t>(state_.num_moves()));
    ai_win_line_.clear();
    find_threats();
    mark_dirty();
}

void GomokuScreen::act(const nlohmann::json& action) {
    if (!action.is_object()) throw std::invalid_argument("a Gomoku action is an object: {\"move\":[r,c]} or {\"undo\":true}");
    if (action.contains("undo")) return undo();
    if (action.contains("review")) return log_.review(action["review"], state_.is_terminal());
    if (!action.contains("move")) throw std::invalid_argument("a Gomoku action needs \"move\" or \"undo\"");
    if (state_.is_terminal()) throw std::invalid_argument("the game is over");
    if (is_ai(state_.to_move())) throw std::invalid_argument("it is the AI's turn");
    const nlohmann::json& move = action["move"];
    int target;
    if (move.is_string()) {
        target = gomoku::parse_move(move.get<std::string>(), state_.size());
    } else if (move.is_array() && move.size() == 2 && move[0].is_number_integer() && move[1].is_number_integer()) {
        const std::optional<int> row = json_int(move[0], 0, state_.size() - 1),
                                 col = json_int(move[1], 0, state_.size() - 1);
        if (!row || !col) throw std::invalid_argument("move: off the board");
        target = *row * state_.size() + *col;
    } else {
        throw std::invalid_argument("move: expected [row, col] or a name like \"h8\"");
    }
    play(target);
}

void GomokuScreen::update(const Frame&, double slice_ms) {
    if (state_.is_terminal() || paused_ || !is_ai(state_.to_move())) {
        if (thinking_) stop_thinking();
        return;
    }
    AiRunner& runner = ai_runner();
    if (!runner.running(search_id_)) {  // a new position, or its search was cancelled by leaving the screen
        const int side = side_index(state_.to_move());
        // Each move's search has its own seed, so a position's answer does not depend on the game before it.
        search_seed_ = Rng::for_stream(seed_ * 2 + uint64_t(side), uint64_t(state_.num_moves())).next_u64();
        search_id_ = runner.start(search::gomoku_request(state_, ai_[side], search_seed_, ai_[side].name == "az" ? az_model_ : ""));
        thinking_ = true;
    }
    for (const nlohmann::json& message : runner.poll(search_id_, slice_ms)) {
        if (message["type"] == "error") {
            ai_error_ = message["message"].get<std::string>();
            paused_ = true;
            return stop_thinking();
        }
        report_ = search::gomoku_report(message["report"]);
        const nlohmann::json value = message["report"].value("network_value", nlohmann::json());
        if (value.is_number()) network_value_ = value.get<double>();
        if (message["type"] == "result") {
            const int move = message["report"]["move"].get<int>();
            ai_win_side_ = state_.to_move();
            // play() keeps the rest of the line when the move is its first.
            ai_win_line_ = report_.win_line;
            return play(move, ai_entry(move));
        }
    }
}

LogEntry GomokuScreen::ai_entry(int action) const {
    const int n = state_.size();
    const std::string& name = player(state_.to_move());
    LogEntry entry{"", name, std::nullopt, weighed_moves(report_, kWeighedKept)};
    const auto on = [action](const std::vector<int>& line) { return std::find(line.begin(), line.end(), action) != line.end(); };
    if (!report_.win_line.empty() && report_.win_line.front() == action) {
        const int own_moves = static_cast<int>((report_.win_line.size() + 1) / 2);
        entry.reason = Reason{"forced_win", {{"moves", own_moves}, {"line", line_text(report_.win_line, n)}}};
    } else if (on(report_.threat_line)) {
        entry.reason = Reason{"must_block", {{"line", line_text(report_.threat_line, n)}}};
    } else {
        const int64_t total = report_.total_visits();
        const auto chosen = std::find_if(report_.candidates.begin(), report_.candidates.end(),
                                         [action](const auto& c) { return c.action == action; });
        if (chosen == report_.candidates.end() || total == 0) return entry;  // a search that weighed nothing
        if (name == "ab") {
            entry.reason = Reason{"looked_ahead", {{"depth", report_.depth}, {"line", line_text(report_.principal_line, n)}}};
            return entry;
        }
        if (name == "az") {
            entry.reason = Reason{"network_pick", {{"share", double(chosen->visits) / double(total)}, {"visits", total}}};
            return entry;
        }
        entry.reason = Reason{"won_share", {{"win", (chosen->value + 1) / 2}, {"games", chosen->visits}}};
        const auto next = std::find_if(report_.candidates.begin(), report_.candidates.end(),
                                       [action](const auto& c) { return c.action != action && c.visits > 0; });
        if (next != report_.candidates.end()) {
            entry.reason->values["next"] = gomoku::to_notation(next->action, n);
            entry.reason->values["next_win"] = (next->value + 1) / 2;
        }
    }
    return entry;
}

std::vector<int> GomokuScreen::winning_line() const {
    std::vector<int> line;
    const Stone winner = state_.winner();
    const int last = state_.last_move();
    if (winner == Stone::Empty || last < 0) return line;
    for (int step : gomoku::kDirections) {
        const int forward = state_.run_from(last, step, winner), backward = state_.run_from(last, -step, winner);
        if (!state_.is_winning_run(1 + forward + backward, winner)) continue;
        for (int k = -backward; k <= forward; ++k) line.push_back(state_.to_action(last + k * step));
        break;
    }
    return line;
}

gomoku::State GomokuScreen::shown_position() const {
    const std::optional<int> reviewed = log_.reviewed();
    if (!reviewed) return state_;
    gomoku::State shown(state_.settings());  // the game replayed to the move reviewed
    for (int i = 0; i < *reviewed; ++i) shown.apply(state_.move(i));
    return shown;
}

void GomokuScreen::draw_board(const Frame& frame, const BoardPlacement& board, const gomoku::State& shown) const {
    draw_gomoku_board(frame, board, shown, log_.reviewed() ? std::vector<int>{} : winning_line());
}

// While an AI thinks, its search as it goes; then, dimmed, what the AI weighed for its last move,
// until the next search starts; in a review, what it weighed for the move reviewed.
void GomokuScreen::draw_search_overlay(const BoardPlacement& board, const gomoku::State& shown) const {
    if (!show_search_) return;
    if (thinking_) return draw_circles(board, shown, weighed_moves(report_, 10), 1.0f);
    const std::optional<int> reviewed = log_.reviewed();
    if (const LogEntry* entry = log_.entry(reviewed.value_or(state_.num_moves()) - 1))
        draw_circles(board, shown, entry->weighed, reviewed ? 1.0f : 0.45f);
}

void GomokuScreen::draw_circles(const BoardPlacement& board, const gomoku::State& shown, const std::vector<Weighed>& weighed,
                               float opacity) const {
    const int n = state_.size();
    for (const Weighed& move : weighed) {
        // The move played there is a stone now, ringed (or dotted in the winning line): a circle over
        // it hid it, and the panel gives its share.
        if (shown.at(move.cell / n, move.cell % n) != Stone::Empty) continue;
        const float share = float(move.share);
        // Blue for moves the search likes for the side to move, red for those it finds losing; dimmed
        // after the move, its label still readable.
        const uint32_t alpha = uint32_t(float(90 + int(120 * share)) * opacity);
        const uint32_t fill = (move.value >= 0 ? palette::kShareLiked : palette::kShareLosing) | alpha;
        char label[16];
        std::snprintf(label, sizeof label, "%d%%", int(std::lround(share * 100)));
        draw_share_disc(board, move.cell, fill, label);
    }
}

// Forbidden points (red crosses), the opponent's threat cells (orange rings) and the AI's forced line
// (its moves numbered in order, in the colour of the side that plays them).
void GomokuScreen::draw_threat_overlay(const BoardPlacement& board) const {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetWindowPos();
    const int n = state_.size();
    auto centre = [&](int action) {
        return ImVec2(origin.x + board.x + (float(action % n) + 0.5f) * board.cell,
                      origin.y + board.y + (float(action / n) + 0.5f) * board.cell);
    };
    const float arm = board.cell * 0.18f;
    for (int action : forbidden_) {
        const ImVec2 c = centre(action);
        draw->AddLine(ImVec2(c.x - arm, c.y - arm), ImVec2(c.x + arm, c.y + arm), IM_COL32(200, 30, 30, 255), 2.0f);
        draw->AddLine(ImVec2(c.x - arm, c.y + arm), ImVec2(c.x + arm, c.y - arm), IM_COL32(200, 30, 30, 255), 2.0f);
    }
    for (size_t i = 0; i < threat_line_.size(); i += 2)
        draw->AddCircle(centre(threat_line_[i]), board.cell * 0.4f, IM_COL32(240, 140, 20, 255), 24, 3.0f);
    const float font_size = std::max(10.0f, board.cell * 0.4f);
    Stone mover = state_.to_move();
    for (size_t i = 0; i < ai_win_line_.size(); ++i, mover = gomoku::opponent(mover)) {
        const ImVec2 c = centre(ai_win_line_[i]);
        draw->AddCircleFilled(c, board.cell * 0.3f, mover == Stone::Black ? IM_COL32(20, 20, 20, 150) : IM_COL32(250, 250, 250, 150), 20);
        const std::string label = std::to_string(i + 1);
        const ImVec2 size = ImGui::GetFont()->CalcTextSizeA(font_size, 1e9f, 0, label.c_str());
        draw->AddText(ImGui::GetFont(), font_size, ImVec2(c.x - size.x / 2, c.y - size.y / 2),
                      mover == Stone::Black ? IM_COL32(255, 255, 255, 255) : IM_COL32(0, 0, 0, 255), label.c_str());
    }
}

void GomokuScreen::build_threat_text() {
    const int n = state_.size();
    if (!ai_win_line_.empty()) {
        // The line starts with the side to move; the AI's own moves are every other one.
        const bool ai_first = state_.to_move() == ai_win_side_;
        const int moves = static_cast<int>((ai_win_line_.size() + (ai_first ? 1 : 0)) / 2);
        const Message side = ai_win_side_ == Stone::Black ? translatable("Black") : translatable("White");
        const std::string line = line_text(ai_win_line_, n);
        text_wrapped(moves == 1 ? trf("{side} wins with its next move: {line}", {{"side", side}, {"line", line}})
                                : trf("{side} wins by force in {count} moves: {line}", {{"side", side}, {"count", moves}, {"line", line}}));
    }
    if (!threat_line_.empty()) {
        const std::string line = line_text(threat_line_, n);
        text_wrapped(gomoku::opponent(state_.to_move()) == Stone::Black
                         ? trf("Careful: black threatens to win by force: {line}", {{"line", line}})
                         : trf("Careful: white threatens to win by force: {line}", {{"line", line}}));
    }
    if (!forbidden_.empty()) text_wrapped_disabled(tr("Red crosses: points forbidden to black under renju."));
}

std::string GomokuScreen::status_line() const {
    switch (state_.outcome()) {
        case gomoku::Outcome::Draw: return tr("Draw");
        case gomoku::Outcome::BlackWins: return tr("Black wins");
        case gomoku::Outcome::WhiteWins: return tr("White wins");
        default: break;
    }
    const Message who = is_ai(state_.to_move()) ? ai_name(player(state_.to_move())) : translatable("you");
    return state_.to_move() == Stone::Black ? trf("Black to move ({player})", {{"player", who}})
                                            : trf("White to move ({player})", {{"player", who}});
}

std::string GomokuScreen::summary() const {
    const int n = state_.size();
    std::string text = status_line() + ". " + trf("Move {count}.", {{"count", state_.num_moves()}});
    if (state_.num_moves() > 0)
        text += " " + trf("Last move: {move}.", {{"move", literal(gomoku::to_notation(state_.move(state_.num_moves() - 1), n))}});
    // While the game is on, the AI's last reason; at the end, the outcome alone.
    if (const std::string reason = log_.last_reason_text(); !reason.empty() && !state_.is_terminal()) text += " " + reason;
    if (!cursor_.shown) return text;
    const Stone stone = state_.at(cursor_.row, cursor_.col);
    const Message what = stone == Stone::Black   ? translatable("black stone")
                         : stone == Stone::White ? translatable("white stone")
                                                 : translatable("empty");
    return text + " " + trf("Cursor: {cell}, {what}.", {{"cell", literal(gomoku::to_notation(cursor_.row * n + cursor_.col, n))}, {"what", what}});
}

void GomokuScreen::handle_keys(const Frame& frame) {
    if (!frame.keys_pressed) return;
    const int n = state_.size();
    for (int key : *frame.keys_pressed) {
        if (log_.review_key(key, state_.is_terminal()) || cursor_.move(key, board_view_) || !cursor_.shown) continue;
        const int cell = cursor_.row * n + cursor_.col;
        if ((key == keys::kEnter || key == keys::kSpace) && !state_.is_terminal() && !is_ai(state_.to_move()) &&
            state_.is_legal(cell))
            play(cell);
    }
}

void GomokuScreen::build_thinking_text() {
    const gomoku::AiSpec& ai = ai_[side_index(state_.to_move())];
    const float progress = ai.budget.ms > 0 ? float(report_.ms / ai.budget.ms) : float(report_.playouts) / float(ai.budget.playouts);
    ImGui::ProgressBar(std::clamp(progress, 0.0f, 1.0f), ImVec2(-1, 0), tr("thinking..."));
    const MessageArg playouts{"playouts", static_cast<long long>(report_.playouts)}, nodes{"nodes", static_cast<long long>(report_.nodes)};
    if (ai.name == "ab") {
        text_wrapped(trf("{depth} moves ahead, {nodes} positions", {{"depth", static_cast<long long>(report_.depth)}, nodes}));
        if (ImGui::IsItemHovered())
            tooltip_wrapped(tr("Alpha-beta looks at every sensible reply, one move deeper each round; "
                               "positions (nodes): the positions it has judged."));
        return;
    }
    if (ai.name != "az") {
        text_wrapped(trf("{playouts} practice games, {nodes} positions", {playouts, nodes}));
        if (ImGui::IsItemHovered())
            tooltip_wrapped(tr("Practice games (playouts): quick games the AI plays to the end to see how a move turns out. "
                               "Positions (nodes): the positions in its search tree."));
        return;
    }
    // az plays no practice games: each playout asks the network about one new position.
    text_wrapped(trf("{playouts} positions judged by the network", {playouts}));
    if (!network_value_) return;
    char value[16];
    std::snprintf(value, sizeof value, "%+.2f", *network_value_);
    text_wrapped(trf("The network's value of this position for the side to move: {value} (+1 a sure win, -1 a sure loss)",
                     {{"value", literal(value)}}));
}

std::string GomokuScreen::move_list() const {
    std::string list;
    for (int i = 0; i < state_.num_moves(); ++i) {
        if (i % 2 == 0) {
            if (i) list += ' ';
            list += std::to_string(i / 2 + 1) + ".";
        }
        list += ' ';
        list += gomoku::to_notation(state_.move(i), state_.size());
    }
    return list;
}

void GomokuScreen::build_move_list() {
    if (state_.num_moves() == 0) return;
    const std::string list = move_list();
    text_wrapped_disabled(list);
    if (ImGui::SmallButton(tr("Copy moves"))) moves_copied_ = copy_text(list);
    note_control("copy_moves");
    if (moves_copied_) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tr("Moves copied."));
    }
}

void GomokuScreen::build_settings() {
    ImGui::Separator();
    ImGui::TextDisabled("%s", tr("New game"));
    ImGui::SetNextItemWidth(140);
    ImGui::SliderInt(tr("Board size"), &edit_size_, gomoku::kMinSize, gomoku::kMaxSize);
    ImGui::SetNextItemWidth(140);
    combo_translated(tr("Rule"), &edit_rule_, kRuleNames, 3);
    note_control("rule");
    const std::shared_ptr<const learn::Model> model = models_->gomoku;  // "az" once there is a network
    bool az_chosen = false;
    for (auto [label, edit] : {std::pair{tr("Black"), &edit_black_}, std::pair{tr("White"), &edit_white_}}) {
        ImGui::SetNextItemWidth(140);
        if (ai_combo(label, edit, kPlayers.begin(), model ? kNumPlayers : kAzPlayer) && *edit == kAzPlayer) az_chosen = true;
        if (!model && *edit == kAzPlayer) *edit = 2;  // its network is gone
    }
    if (az_chosen) edit_size_ = model->settings.value("size", edit_size_);  // the network's board
    ImGui::SetNextItemWidth(140);
    ImGui::SliderInt(tr("AI ms/move"), &edit_ms_, 100, 5000);
    Params settings{{"size", std::to_string(edit_size_)}, {"rule", kRules[edit_rule_]}, {"black", player_id(edit_black_)},
                 {"white", player_id(edit_white_)}, {"ms", std::to_string(edit_ms_)}};
    new_game_buttons(*this, settings, seed_, edit_seed_, settings_error_);
    if (!settings_error_.empty()) text_wrapped(settings_error_);
}

void GomokuScreen::build_ui(const Frame& frame, float top) {
    const Layout layout = split_layout(frame, top);
    const int n = state_.size();
    // Leave room for the wooden rim around the outer lines, and the coordinates beside it.
    const float space = std::min(layout.board_w, layout.board_h) - kCoordinateBand;
    const float rim = space / (float(n) + 2 * kGomokuRim) * kGomokuRim;
    const BoardPlacement board = fit_board(layout.board_x + kCoordinateBand + rim, layout.board_y + kCoordinateBand + rim,
                                           layout.board_w - kCoordinateBand - 2 * rim, layout.board_h - kCoordinateBand - 2 * rim, n, n);
    board_view_ = board;
    ImGui::SetCursorPos(ImVec2(board.x, board.y));
    ImGui::InvisibleButton("board", ImVec2(board.cell * n, board.cell * n));
    const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
    const int hovered = ImGui::IsItemHovered() ? cell_under_mouse(board) : -1;
    handle_keys(frame);
    const gomoku::State shown = shown_position();
    draw_board(frame, board, shown);
    cursor_.draw(board);
    draw_coordinates(board, Coordinates::Gomoku, rim);
    draw_search_overlay(board, shown);
    if (!log_.reviewed()) draw_threat_overlay(board);  // the threats of the game's end, not of the move reviewed
    if (clicked && hovered >= 0 && !state_.is_terminal() && !is_ai(state_.to_move()) && state_.is_legal(hovered))
        play(hovered);

    begin_panel(layout);
    if (state_.is_terminal()) ImGui::PushFont(frame.fonts->large);
    ImGui::TextUnformatted(status_line().c_str());
    if (state_.is_terminal()) ImGui::PopFont();
    ImGui::TextUnformatted(
        trf("Move {count}   seed {seed}", {{"count", state_.num_moves()}, {"seed", std::to_string(seed_)}}).c_str());
    // Undo first: the thinking bar appearing below does not move it.
    const bool undo_pressed = ImGui::Button(tr("Undo"));
    note_control("undo");
    if (undo_pressed && state_.num_moves() > 0) undo();
    if (paused_ || (is_ai(Stone::Black) && is_ai(Stone::White))) {
        ImGui::SameLine();
        ImGui::BeginDisabled(state_.is_terminal());
        ImGui::Checkbox(tr("Pause"), &paused_);
        ImGui::EndDisabled();
    }
    if (thinking_) build_thinking_text();
    build_threat_text();
    if (!ai_error_.empty()) text_wrapped(trf("The AI could not answer: {reason}", {{"reason", ai_error_}}));
    if (state_.is_terminal()) log_.draw_review();
    else log_.draw_last_reason();
    ImGui::Checkbox(tr("Show the search"), &show_search_);
    // The circles are the search of the side to move when it is an AI, else of its opponent's AI.
    const int searcher = side_index(state_.to_move()) ^ (is_ai(state_.to_move()) ? 0 : 1);
    if (show_search_ && ai_[searcher].name == "ab")
        text_wrapped_disabled(tr("Circles: how much of its search went to each move (the positions it looked at after it); "
                                 "blue good, red bad for the side to move."));
    else if (show_search_ && ai_[searcher].name == "az")
        text_wrapped_disabled(tr("Circles: how much of its search went to each move, led by the network; blue good, red bad "
                                 "for the side to move."));
    else if (show_search_)
        text_wrapped_disabled(tr("Circles: how much of its practice games went to each move; blue good, red bad "
                                 "for the side to move (MCTS with threats counts a draw almost as a loss)."));
    build_move_list();
    log_.draw(130.0f, state_.is_terminal());
    build_settings();
    ImGui::EndChild();
}

nlohmann::json GomokuScreen::state() const {
    const int n = state_.size();
    nlohmann::json board = nlohmann::json::array();
    const std::string text = state_.to_text();
    for (int r = 0; r < n; ++r) board.push_back(text.substr(static_cast<size_t>(r * (n + 1)), static_cast<size_t>(n)));
    nlohmann::json moves = nlohmann::json::array();
    for (int i = 0; i < state_.num_moves(); ++i) moves.push_back(gomoku::to_notation(state_.move(i), n));
    const Stone winner = state_.winner();
    nlohmann::json candidates = nlohmann::json::array();
    for (size_t i = 0; i < std::min<size_t>(report_.candidates.size(), 8); ++i) {
        const auto& c = report_.candidates[i];
        candidates.push_back({{"move", cell_json(c.action, n)}, {"visits", c.visits}, {"value", c.value}});
    }
    return {
        {"game", "gomoku"},
        {"view", view_json(board_view_)},
        {"seed", seed_},
        {"size", n},
        {"rule", gomoku::rule_name(state_.settings().rule)},
        {"players", {{"black", black_.empty() ? "human" : black_}, {"white", white_.empty() ? "human" : white_}}},
        {"board", board},
        {"to_move", state_.to_move() == Stone::Black ? "X" : "O"},
        {"status", status_text(state_)},
        {"move_list", move_list()},
        {"cursor", cursor_.json()},
        {"winner", state_.outcome() == gomoku::Outcome::Draw ? nlohmann::json("draw")
                   : winner == Stone::Empty                  ? nlohmann::json(nullptr)
                                                             : nlohmann::json(winner == Stone::Black ? "X" : "O")},
        {"moves", moves},
        {"last_move", state_.num_moves() ? cell_json(state_.move(state_.num_moves() - 1), n) : nlohmann::json(nullptr)},
        {"ai", {{"thinking", thinking_}, {"playouts", report_.playouts}, {"candidates", candidates},
                {"network_value", network_value_ ? nlohmann::json(*network_value_) : nlohmann::json(nullptr)},
                {"search_seed", std::to_string(search_seed_)}}},
        {"threats", {{"forbidden", notation_list(forbidden_, n)}, {"opponent_line", notation_list(threat_line_, n)},
                     {"ai_win_line", notation_list(ai_win_line_, n)}}},
        {"log", log_.json()},
        {"review", log_.review_json()},
    };
}

nlohmann::json GomokuScreen::save() const {
    nlohmann::json moves = nlohmann::json::array();
    for (int i = 0; i < state_.num_moves(); ++i) moves.push_back(state_.move(i));
    nlohmann::json saved = {{"params", params_}, {"moves", moves}};
    log_.save_into(saved);
    return saved;
}

void GomokuScreen::restore(const nlohmann::json& saved) {
    GomokuScreen replay(*models_);
    replay.new_game(saved.at("params").get<Params>());
    for (const nlohmann::json& move : saved.at("moves")) {
        const std::optional<int> action = json_int(move, 0, replay.state_.num_actions() - 1);
        if (!action) throw Refusal(translatable("a saved move is not a cell of the board"));
        replay.state_.apply(*action);
    }
    replay.log_ = MoveLog::from_save(saved, saved.at("moves").size(), replay.state_.num_actions());
    replay.find_threats();  // the restored position's forbidden points and threats, as after a move
    *this = std::move(replay);
}

}  // namespace gridlab::app
