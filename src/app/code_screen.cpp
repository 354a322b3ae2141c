#include "app/code_screen.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "app/ai_names.h"
#include "app/chart.h"
#include "app/gomoku_board.h"
#include "app/host.h"
#include "app/i18n.h"
#include "app/minesweeper_board.h"
#include "app/palette.h"
#include "app/puyo_look.h"
#include "core/text.h"
#include "gomoku/rules.h"
#include "minesweeper/rules.h"
#include "puyo/rules.h"

namespace gridlab::app {

namespace {

constexpr const char* kLessonNames[] = {tr_key("Puyo Puyo"), tr_key("Minesweeper"), tr_key("Gomoku")};
// The games a run plays (the lessons' defaults in python/gridlab/lesson.py), and the most.
constexpr int kDefaultGames[] = {20, 20, 4};
constexpr int kMaxGames = 200;
constexpr int kPuyoPairs = 50;  // a Puyo game's length, as lesson.py plays it
// Gomoku's opponents, weakest first (AI specs, as lesson.py and the command line take them).
constexpr const char* kOpponents[] = {"pure-mcts:playouts=1000", "mcts:playouts=1000", "ab:playouts=3000"};
constexpr const char* kOpponentIds[] = {"pure-mcts", "mcts", "ab"};
constexpr int kOpponentCount = 3;

// What the lesson asks for, and its steps, shown above the buttons (the code's names stay English).
constexpr const char* kIntro[] = {
    tr_key("You write evaluate(field): how good a Puyo field is. gridlab tries every placement of the pair in hand "
           "and plays the one with the best points + evaluate(field after it)."),
    tr_key("You write infer(number, hidden, mines): what one open number tells about its hidden neighbours, and "
           "choose(board, safe, mines): the cell to open. gridlab plays the games."),
    tr_key("You write evaluate(board, player): how good the board is for player, from -1 (losing) to 1 (winning). "
           "gridlab's tree search looks ahead and asks your evaluate instead of playing random games to the end."),
};
constexpr const char* kSteps[][3] = {
    {tr_key("Step 1: count connected puyos. The starter adds a point for each two touching puyos of one colour."),
     tr_key("Step 2: punish tall columns. Take off points for each puyo's height, more in the third column, where new pairs appear."),
     tr_key("Step 3: reward a chain waiting to fire: groups of three of one colour, where one more puyo clears them.")},
    {tr_key("Step 1: if the number equals the mines known around it, its other hidden neighbours are safe (the starter does this)."),
     tr_key("Step 2: if the number minus the known mines equals the hidden neighbours left, they are all mines."),
     tr_key("Step 3: when nothing is sure, choose a good guess: a corner, or a cell away from the numbers.")},
    {tr_key("Step 1: stones near the centre are worth more (the starter does this)."),
     tr_key("Step 2: count lines: five cells in a row holding only your stones are a chance, only theirs a danger."),
     tr_key("Step 3: threats: four of yours in a line are worth far more than two; so are theirs, to block.")},
};

// A hint for the kinds of error beginners meet most (Python's exception class names).
const char* hint_for(const std::string& kind, const std::string& message) {
    if (kind == "timeout")
        return tr_key("Hint: look for a loop that never ends (a while whose condition stays true), or make the function do less.");
    if (kind == "SyntaxError" || kind == "IndentationError" || kind == "TabError")
        return tr_key("Hint: check the colon at the end of def, if and for lines, the brackets, and the indentation.");
    if (kind == "NameError" || kind == "UnboundLocalError")
        return tr_key("Hint: Python does not know this name: check its spelling, and that it is set before it is used.");
    if (kind == "IndexError")
        return tr_key("Hint: a row or column number went past the edge of the board: check range() and the +1 and -1 near the edges.");
    if (kind == "ZeroDivisionError") return tr_key("Hint: a division by zero: check the number after the /.");
    if (kind == "TypeError" && message.find("must return") != std::string::npos)
        return tr_key("Hint: the function must end with return and the value asked for, e.g. return value.");
    if (kind == "TypeError") return tr_key("Hint: a value has the wrong type: check what the function returns, adds and compares.");
    if (kind == "ValueError" && message.find("infer") != std::string::npos)
        return tr_key("Hint: infer returns two lists, (safe, mined), of cells taken from hidden.");
    return nullptr;
}

std::string fixed(double value, int decimals) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

// An AI spec as people read it: its name, and its playouts when it has them.
std::string spec_words(const std::string& spec) {
    const std::string name = spec.substr(0, spec.find(':'));
    const size_t playouts = spec.find("playouts=");
    if (playouts == std::string::npos) return tr(ai_name(name));
    return trf("{name}, {count} playouts", {{"name", ai_name(name)}, {"count", spec.substr(playouts + 9)}});
}

}  // namespace

// The game being played, replayed here from what the worker reports: a game's seed and each move.
// The engines are deterministic, so the same seed and moves give the worker's game exactly.
class CodeLive {
public:
    explicit CodeLive(int lesson) : lesson_(lesson) {}

    void apply(const nlohmann::json& move) {
        const int game = move.at("game").get<int>();
        if (game != game_) start(game, move);
        const int action = move.at("action").get<int>();
        if (lesson_ == 0) {
            const puyo::Placement placement = puyo::placement_of(action);
            if (!puyo_->apply_error(placement).empty()) throw std::invalid_argument("a placement the rules refuse");
            puyo_->apply_unchecked(placement);
        } else if (lesson_ == 1) {
            if (!mines_->reveal_error(action).empty()) throw std::invalid_argument("a cell that cannot be opened");
            mines_->reveal_unchecked(action);
            guesses_.push_back(move.value("sure", true) ? -1 : action);
            last_ = action;
        } else {
            gomoku_->apply(action);
            you_ = move.value("you", -1);
        }
        ++moves_;
    }

    void draw(const Frame& frame, float x, float y, float w, float h) {
        const float caption = ImGui::GetTextLineHeightWithSpacing();
        ImGui::SetCursorPos(ImVec2(x, y));
        if (game_ < 0) {
            text_wrapped_disabled(tr("The games show here when the program runs."), w);
            return;
        }
        ImGui::TextUnformatted(trf("Game {number}", {{"number", game_ + 1}}).c_str());
        y += caption;
        h -= caption;
        if (lesson_ == 0) draw_puyo(frame, x, y, w, h);
        else if (lesson_ == 1) draw_minesweeper(frame, x, y, w, h);
        else draw_gomoku(frame, x, y, w, h);
    }

    nlohmann::json state() const { return {{"game", game_}, {"moves", moves_}}; }
    nlohmann::json view() const { return game_ < 0 ? nlohmann::json(nullptr) : view_json(view_); }

private:
    void start(int game, const nlohmann::json& move) {
        game_ = game;
        moves_ = 0;
        if (lesson_ == 0) {
            puyo_.emplace(puyo::Settings{puyo::RuleSet::Tutorial, 4, kPuyoPairs}, parse_seed(move.at("seed")));
        } else if (lesson_ == 1) {
            mines_.emplace(minesweeper::level_settings("beginner"), parse_seed(move.at("seed")));
            guesses_.clear();
            last_ = -1;
        } else {
            gomoku_.emplace(gomoku::Settings{});
        }
    }
    static uint64_t parse_seed(const nlohmann::json& seed) { return std::stoull(seed.get<std::string>()); }

    void draw_puyo(const Frame& frame, float x, float y, float w, float h) {
        // The game's numbers above the board, which takes the panel's width (a tall board leaves
        // room above it on any screen the lesson fits).
        ImGui::SetCursorPos(ImVec2(x, y));
        ImGui::BeginGroup();
        ImGui::TextUnformatted(trf("{count} points", {{"count", static_cast<long long>(puyo_->score())}}).c_str());
        ImGui::TextUnformatted(trf("longest chain {count}", {{"count", puyo_->max_chain()}}).c_str());
        ImGui::TextDisabled("%s", trf("pair {count}", {{"count", puyo_->pairs_placed()}}).c_str());
        ImGui::EndGroup();
        const float stats = ImGui::GetItemRectSize().y + ImGui::GetStyle().ItemSpacing.y;
        y += stats;
        h -= stats;
        const puyo::Field& field = puyo_->field();
        const int rows = field.rows();
        view_ = fit_board(x, y, w, h, rows, puyo::kColumns);
        std::vector<CellLook> cells(static_cast<size_t>(rows * puyo::kColumns));
        for (int row = 0; row < rows; ++row)
            for (int col = 0; col < puyo::kColumns; ++col) {
                CellLook& look = cells[static_cast<size_t>((rows - 1 - row) * puyo::kColumns + col)];
                look = {row >= puyo::kVisibleRows ? palette::kHiddenRow : palette::kWell, kShapeTile, kMarkNone};
                if (field.at(col, row) != puyo::Puyo::None) look = puyo_look(field.at(col, row), frame.colorblind);
            }
        frame.board(view_, std::move(cells), 0, kPuyoMarkInk);
    }

    void draw_minesweeper(const Frame& frame, float x, float y, float w, float h) {
        const float legend = ImGui::GetTextLineHeightWithSpacing();
        view_ = fit_board(x, y, w, h - legend, mines_->rows(), mines_->cols());
        MinesweeperOverlay overlay;
        overlay.last_move = last_;
        draw_minesweeper_board(frame, view_, *mines_, overlay);
        // Cells opened on a guess get a yellow ring: where the agent was not sure.
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const ImVec2 origin = ImGui::GetWindowPos();
        for (int cell : guesses_) {
            if (cell < 0) continue;
            const Corner corner = cell_corner(view_, cell / mines_->cols(), cell % mines_->cols());
            draw->AddCircle(ImVec2(origin.x + corner.x + view_.cell / 2, origin.y + corner.y + view_.cell / 2), view_.cell * 0.42f,
                            IM_COL32(255, 214, 0, 255), 0, 2.5f);
        }
        ImGui::SetCursorPos(ImVec2(x, view_.y + view_.cell * float(mines_->rows()) + 4.0f));
        ImGui::TextDisabled("%s", tr("Yellow rings: cells opened on a guess."));
    }

    void draw_gomoku(const Frame& frame, float x, float y, float w, float h) {
        const int n = gomoku_->size();
        const float legend = ImGui::GetTextLineHeightWithSpacing();
        const float space = std::min(w, h - legend);
        const float rim = space / (float(n) + 2 * kGomokuRim) * kGomokuRim;
        view_ = fit_board(x + rim, y + rim, space - 2 * rim, space - 2 * rim, n, n);
        draw_gomoku_board(frame, view_, *gomoku_);
        ImGui::SetCursorPos(ImVec2(x, y + space + 4.0f));
        ImGui::TextDisabled("%s", you_ < 0 ? tr("Your program plays black.") : tr("Your program plays white."));
    }

    int lesson_;
    int game_ = -1;
    int moves_ = 0;
    std::optional<puyo::State> puyo_;
    std::optional<minesweeper::State> mines_;
    std::optional<gomoku::State> gomoku_;
    std::vector<int> guesses_;  // Minesweeper: each move's cell if it was a guess, -1 if sure
    int last_ = -1;
    int you_ = -1;
    BoardPlacement view_;
};

CodeScreen::CodeScreen() : live_(std::make_unique<CodeLive>(0)) {}
CodeScreen::~CodeScreen() = default;

std::vector<CellLook> CodeScreen::preview() const {
    // Lines of code: indented bars of two colours on the panel's dark ground.
    std::vector<CellLook> cells(kPreviewSide * kPreviewSide, CellLook{palette::kWell, kShapeTile, kMarkNone});
    constexpr int kIndent[kPreviewSide] = {0, 1, 2, 2, 1, 0};
    constexpr int kLength[kPreviewSide] = {4, 4, 3, 4, 2, 5};
    for (int row = 0; row < kPreviewSide; ++row)
        for (int col = kIndent[row]; col < std::min(kPreviewSide, kIndent[row] + kLength[row]); ++col)
            cells[static_cast<size_t>(row * kPreviewSide + col)] = {col == kIndent[row] ? 0xC678DDFF : 0x61AFEFFF, kShapeTile, kMarkNone};
    return cells;
}

void CodeScreen::new_game(const Params& params) {
    const std::string lesson = choice_param(params, "code", kCodeLessons[0], {"puyo", "minesweeper", "gomoku"});
    const int index = index_of(kCodeLessons, kCodeLessonCount, lesson);
    const int games = int_param(params, "games", kDefaultGames[index], 1, kMaxGames);
    const int opponent = index_of(kOpponentIds, kOpponentCount, choice_param(params, "opponent", "pure-mcts", {"pure-mcts", "mcts", "ab"}));
    if (index != lesson_ || !opened_) {
        result_ = error_ = nullptr;
        output_.clear();
        live_ = std::make_unique<CodeLive>(index);
        if (status_ != "loading") status_ = "idle";
    }
    lesson_ = index;
    games_ = games;
    opponent_ = opponent;
    opened_ = false;  // the page opens the lesson's editor at the next frame
    mark_dirty();
}

Params CodeScreen::params() const {
    Params params{{"game", "code"}, {"code", kCodeLessons[lesson_]}};
    if (games_ != kDefaultGames[lesson_]) params["games"] = std::to_string(games_);
    if (lesson_ == 2 && opponent_ != 0) params["opponent"] = kOpponentIds[opponent_];
    return params;
}

nlohmann::json CodeScreen::run_options(int games) const {
    nlohmann::json options = {{"games", games}};
    if (lesson_ == 2) options["opponent"] = kOpponents[opponent_];
    return options;
}

std::string CodeScreen::options_key() const { return std::string(kCodeLessons[lesson_]) + " " + run_options(games_).dump(); }

// Opens the lesson's editor and Python in the page; where there is none, the lesson says so.
void CodeScreen::open_lesson() {
    if (!code_page("open", {{"lesson", kCodeLessons[lesson_]}})) status_ = "unavailable";
    opened_ = true;
}

void CodeScreen::run(int games) {
    // A run asked for before the next frame opened a new lesson (window.gridlab's newGame then act):
    // the page runs its editor's program, so the lesson's editor must be open first.
    if (!opened_) open_lesson();
    if (status_ == "unavailable") return;
    games_ = games;
    ++run_id_;
    status_ = "running";
    result_ = error_ = nullptr;
    output_.clear();
    live_ = std::make_unique<CodeLive>(lesson_);
    // gridlab's own AIs play the same games once per set of options: their results do not change.
    code_page("run", {{"id", run_id_}, {"lesson", kCodeLessons[lesson_]}, {"options", run_options(games)},
                      {"built_in", !built_in_.contains(options_key())}});
    mark_dirty();
}

void CodeScreen::act(const nlohmann::json& action) {
    if (!action.is_object() || action.size() != 1) throw std::invalid_argument("expected {code: text}, {run: {games: N}} or {stop: true}");
    if (action.contains("code")) {
        if (!action["code"].is_string()) throw std::invalid_argument("code: expected the program's text");
        code_page("set_source", {{"lesson", kCodeLessons[lesson_]}, {"text", action["code"]}});
    } else if (action.contains("run")) {
        const nlohmann::json& run_options = action["run"];
        if (!run_options.is_object()) throw std::invalid_argument("run: expected {games: N}");
        int games = games_;
        if (run_options.contains("games")) {
            if (!run_options["games"].is_number_integer()) throw std::invalid_argument("run.games: expected a whole number");
            games = run_options["games"].get<int>();
            if (games < 1 || games > kMaxGames) throw std::invalid_argument("run.games: expected 1.." + std::to_string(kMaxGames));
        }
        run(games);
    } else if (action.contains("stop")) {
        code_page("stop", nlohmann::json::object());
    } else {
        throw std::invalid_argument("expected {code: text}, {run: {games: N}} or {stop: true}");
    }
}

double CodeScreen::measure(const nlohmann::json& result) const {
    return lesson_ == 0 ? result.value("mean_score", 0.0) : result.value("win_rate", 0.0);
}

void CodeScreen::receive(const nlohmann::json& message) {
    const std::string type = message.value("type", "");
    const bool current = message.value("id", -1) == run_id_;
    if (type == "ready") {
        ready_ = true;
        ready_ms_ = message.value("ms", 0.0f);
        if (status_ == "loading") status_ = "idle";
    } else if (type == "loading") {
        ready_ = false;
        if (status_ == "idle") status_ = "loading";
    } else if (type == "failed") {
        status_ = "error";
        error_ = {{"line", nullptr}, {"message", message.value("message", "")}, {"kind", "runtime"}};
    } else if (type == "moves" && current && status_ == "running") {
        for (const nlohmann::json& move : message.at("moves")) live_->apply(move);
    } else if (type == "result" && current) {
        status_ = "done";
        result_ = message.at("result");
        if (message.contains("built_in") && message["built_in"].is_array()) built_in_[options_key()] = message["built_in"];
        output_ = message.value("output", "");
        runs_[lesson_].push_back(measure(result_));
    } else if (type == "error" && current) {
        status_ = "error";
        error_ = message.at("error");
        output_ = message.value("output", "");
    } else if (type == "stopped" && current) {
        if (message.value("reason", "") == "timeout") {
            status_ = "error";
            error_ = {{"line", nullptr},
                      {"message", "stopped after " + std::to_string(message.value("seconds", 0)) + " s without finishing a move"},
                      {"kind", "timeout"},
                      {"seconds", message.value("seconds", 0)}};
        } else {
            status_ = "idle";
        }
    }
    mark_dirty();
}

void CodeScreen::update(const Frame& frame, double slice_ms) {}

void CodeScreen::leave() {
    code_page("hide", nlohmann::json::object());
    opened_ = false;
}

void CodeScreen::build_ui(const Frame& frame, float top) {
    if (!opened_) open_lesson();
    constexpr float kMargin = 12.0f;
    const bool wide = frame.width >= 820.0f;
    const float editor_w = wide ? (frame.width - 3 * kMargin) * 0.5f : frame.width - 2 * kMargin;
    const float editor_h = wide ? frame.height - top - kMargin : (frame.height - top) * 0.45f;
    code_page("place", {{"x", kMargin}, {"y", top}, {"w", editor_w}, {"h", editor_h}});
    // Beside the editor (below it on a narrow screen): the live game, then the panel.
    const float x = wide ? 2 * kMargin + editor_w : kMargin;
    const float y = wide ? top : top + editor_h + kMargin;
    const float w = frame.width - x - kMargin;
    const float h = frame.height - y - kMargin;
    const float board_w = std::min(w * 0.4f, h * 0.75f);
    live_->draw(frame, x, y, board_w, h);
    Layout layout{};
    layout.panel_x = x + board_w + kMargin;
    layout.panel_y = y;
    layout.panel_w = w - board_w - kMargin;
    layout.panel_h = h;
    begin_panel(layout);
    build_panel(frame);
    ImGui::EndChild();
}

void CodeScreen::build_panel(const Frame& frame) {
    const float w = ImGui::GetContentRegionAvail().x;
    int lesson = lesson_;
    ImGui::SetNextItemWidth(std::min(w * 0.6f, 220.0f));
    if (combo_translated(tr("Lesson"), &lesson, kLessonNames, kCodeLessonCount) && lesson != lesson_) {
        Params params = {{"code", kCodeLessons[lesson]}};
        new_game(params);
        open_lesson();
    }
    note_control("lesson");
    text_wrapped(tr(kIntro[lesson_]));
    for (const char* step : kSteps[lesson_]) text_wrapped_disabled(tr(step));
    ImGui::Separator();
    if (status_ == "unavailable") {
        text_wrapped(trf("The Code lesson runs in the web page (scripts/run.sh), where Python and the editor are. "
                         "On this computer, run a lesson's program with the gridlab module: .venv/bin/python {file}",
                         {{"file", literal(std::string("python/lessons/") + kCodeLessons[lesson_] + "_lesson.py")}}));
        return;
    }

    const bool running = status_ == "running";
    const char* run_label = running ? tr("Stop") : tr("Run");
    if (ImGui::Button(run_label, ImVec2(std::max(90.0f, ImGui::CalcTextSize(run_label).x + 20.0f), 0))) {
        if (running) act({{"stop", true}});
        else run(games_);
    }
    note_control("run");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(std::min(w * 0.4f, 160.0f));
    if (ImGui::SliderInt(tr("games"), &games_, 1, lesson_ == 2 ? 20 : 100)) mark_dirty();
    if (lesson_ == 2) {
        ImGui::SetNextItemWidth(std::min(w * 0.6f, 220.0f));
        if (ai_combo(tr("Opponent"), &opponent_, kOpponentIds, kOpponentCount)) mark_dirty();
    }
    if (ImGui::Button(tr("Download .py"))) code_page("download", {{"lesson", kCodeLessons[lesson_]}});
    note_control("download");
    ImGui::SameLine();
    if (ImGui::Button(tr("Load .py..."))) code_page("load", {{"lesson", kCodeLessons[lesson_]}});
    note_control("load");
    ImGui::SameLine();
    if (ImGui::Button(tr("Reset"))) confirm_reset_ = true;
    note_control("reset");
    if (confirm_reset_) {
        text_wrapped(tr("Put the starter program back? Your code in the editor is lost (download it first to keep it)."));
        if (ImGui::Button(tr("Yes, start again"))) {
            code_page("reset", {{"lesson", kCodeLessons[lesson_]}});
            confirm_reset_ = false;
        }
        note_control("reset_yes");
        ImGui::SameLine();
        if (ImGui::Button(tr("Keep my code"))) confirm_reset_ = false;
        note_control("reset_no");
    }

    ImGui::Separator();
    if (status_ == "loading") text_wrapped_disabled(tr("Starting Python in the page… (the first time it downloads about 6 MB)"));
    else if (status_ == "running") text_wrapped(tr("Running your program…"));
    if (!error_.is_null()) build_error();
    if (!result_.is_null()) build_result();
    if (!runs_[lesson_].empty()) build_chart(w);
    if (!output_.empty()) {
        ImGui::TextDisabled("%s", tr("What your program printed:"));
        std::string shown = output_.size() > 1200 ? output_.substr(output_.size() - 1200) : output_;
        ImGui::TextUnformatted(shown.c_str());
    }
}

void CodeScreen::build_error() const {
    const std::string kind = error_.value("kind", "");
    const palette::Rgba red = palette::floats(palette::kExploded);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(red.r, red.g, red.b, 1.0f));
    if (kind == "timeout")
        text_wrapped(trf("Stopped: the program ran {seconds} s without finishing a move.", {{"seconds", error_.value("seconds", 0)}}));
    else if (error_["line"].is_number_integer())
        text_wrapped(trf("Line {line}: {message}", {{"line", error_["line"].get<int>()}, {"message", literal(error_.value("message", ""))}}));
    else
        text_wrapped(error_.value("message", ""));
    ImGui::PopStyleColor();
    if (const char* hint = hint_for(kind, error_.value("message", ""))) text_wrapped(tr(hint));
}

void CodeScreen::build_result() const {
    // The student's row, then gridlab's AIs on the same games.
    std::vector<std::pair<std::string, nlohmann::json>> rows = {{tr("Your program"), result_}};
    const auto built_in = built_in_.find(options_key());
    if (built_in != built_in_.end())
        for (const nlohmann::json& entry : *built_in) rows.push_back({spec_words(entry.value("ai", "")), entry.at("result")});
    const int columns = lesson_ == 1 ? 4 : 3;
    if (!ImGui::BeginTable("results", columns, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    // The names column is widest and wraps ("MCTS with threats, 1000 playouts"): the numbers stay whole.
    const auto number_column = [](const char* heading) { ImGui::TableSetupColumn(heading, ImGuiTableColumnFlags_WidthStretch, 1.0f); };
    ImGui::TableSetupColumn(trf("{count} games", {{"count", result_.value("games", 0)}}).c_str(), ImGuiTableColumnFlags_WidthStretch, 1.6f);
    if (lesson_ == 0) {
        number_column(tr("mean score"));
        number_column(tr("mean longest chain"));
    } else if (lesson_ == 1) {
        number_column(tr("won"));
        number_column(tr("sure moves"));
        number_column(tr("guesses"));
    } else {
        number_column(tr("won"));
        number_column(tr("drawn / lost"));
    }
    ImGui::TableHeadersRow();
    for (const auto& [name, result] : rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", name.c_str());
        ImGui::TableNextColumn();
        if (lesson_ == 0) {
            ImGui::TextUnformatted(fixed(result.value("mean_score", 0.0), 0).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(fixed(result.value("mean_max_chain", 0.0), 2).c_str());
        } else {
            ImGui::TextUnformatted(trf("{count} ({percent}%)", {{"count", result.value("wins", 0)},
                                                                 {"percent", fixed(100.0 * result.value("win_rate", 0.0), 0)}})
                                       .c_str());
            ImGui::TableNextColumn();
            if (lesson_ == 1) {
                ImGui::TextUnformatted(std::to_string(result.value("sure", 0)).c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(std::to_string(result.value("guesses", 0)).c_str());
            } else {
                ImGui::TextUnformatted((std::to_string(result.value("draws", 0)) + " / " + std::to_string(result.value("losses", 0))).c_str());
            }
        }
    }
    ImGui::EndTable();
    if (lesson_ == 1)
        text_wrapped_disabled(trf("Your program lost {sure} games on a cell it was sure of, {guessing} on a guess.",
                                  {{"sure", result_.value("died_sure", 0)}, {"guessing", result_.value("died_guessing", 0)}}));
    if (built_in == built_in_.end()) text_wrapped_disabled(tr("gridlab's own AIs play the same games after your program."));
}

void CodeScreen::build_chart(float w) const {
    static std::vector<double> x, y;  // the chart keeps pointers to them while it draws
    const std::vector<double>& values = runs_[lesson_];
    x.resize(values.size());
    for (size_t i = 0; i < values.size(); ++i) x[i] = double(i + 1);
    y = values;
    LineChart chart{lesson_ == 0 ? tr("Your runs: mean score") : tr("Your runs: games won"), tr("run"),
                    lesson_ == 0 ? "%.0f" : "%.2f", &x, &y, IM_COL32(90, 160, 240, 255), 1,
                    0, lesson_ == 0 ? 0.0 : 1.0};
    chart.x_span = 5;  // room for a few runs before the axis grows
    chart.whole_x = true;
    draw_line_chart(chart, w, 150.0f);
}

nlohmann::json CodeScreen::state() const {
    nlohmann::json runs = nlohmann::json::array();
    for (double value : runs_[lesson_]) runs.push_back(value);
    const auto built_in = built_in_.find(options_key());
    return {{"game", "code"},
            {"view", live_->view()},
            {"code",
             {{"lesson", kCodeLessons[lesson_]},
              {"status", status_},
              {"ready", ready_},
              {"result", result_},
              {"error", error_},
              {"built_in", built_in == built_in_.end() ? nlohmann::json(nullptr) : *built_in},
              {"runs", runs},
              {"games", games_},
              {"live", live_->state()},
              {"output", output_}}}};
}

nlohmann::json CodeScreen::save() const {
    nlohmann::json runs = nlohmann::json::object();
    for (int i = 0; i < kCodeLessonCount; ++i) runs[kCodeLessons[i]] = runs_[i];
    return {{"params", params()}, {"runs", runs}, {"built_in", built_in_}, {"result", result_}};
}

void CodeScreen::restore(const nlohmann::json& saved) {
    const Params params = saved.at("params").get<Params>();
    std::vector<double> runs[kCodeLessonCount];
    for (int i = 0; i < kCodeLessonCount; ++i) runs[i] = saved.at("runs").value(kCodeLessons[i], std::vector<double>{});
    const nlohmann::json built_in = saved.at("built_in");
    if (!built_in.is_object()) throw std::invalid_argument("built_in: expected an object");
    new_game(params);
    for (int i = 0; i < kCodeLessonCount; ++i) runs_[i] = std::move(runs[i]);
    built_in_ = built_in;
    result_ = saved.value("result", nlohmann::json(nullptr));
}

std::string CodeScreen::summary() const {
    if (status_ == "error") return tr("Your program stopped with an error.");
    if (status_ == "running") return tr("Your program is running.");
    if (status_ == "done")
        return lesson_ == 0 ? trf("Your program scored {score} points a game.", {{"score", fixed(result_.value("mean_score", 0.0), 0)}})
                            : trf("Your program won {count} of {games} games.", {{"count", result_.value("wins", 0)}, {"games", result_.value("games", 0)}});
    return tr("Write your program, then press Run.");
}

}  // namespace gridlab::app
