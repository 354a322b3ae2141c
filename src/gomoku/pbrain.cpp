#include "gomoku/pbrain.h"

#include <algorithm>
#include <climits>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>

#include "core/text.h"
#include "core/time_budget.h"
#include "gomoku/ai.h"

namespace gridlab::gomoku {

namespace {

constexpr int kDefaultTurnMs = 5000;  // until the manager sends INFO timeout_turn
// The manager's clock also counts our start-up and its own pipes: think a little less than allowed.
constexpr double kTimeSafetyFraction = 0.85;
constexpr double kTimeSafetyMs = 30;

std::string trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
    return std::string(text);
}

// `text` as an answer may show it: printable ASCII only, cut to `most` characters (an unknown command
// is echoed, and a 10 MB line of control characters should not come back).
std::string printable(std::string_view text, size_t most) {
    std::string shown;
    for (char c : text)
        if (c >= ' ' && c <= '~') shown += c;
    if (shown.size() > most) shown = shown.substr(0, most) + "...";
    return shown;
}

std::string upper(std::string text) {
    for (char& c : text)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return text;
}

class Brain {
public:
    Brain(std::istream& in, std::ostream& out, const PbrainOptions& options)
        : in_(in), out_(out), options_(options) {}

    // Handles one command line; returns false on END.
    bool handle(const std::string& line) {
        const size_t space = line.find(' ');
        const std::string command = upper(line.substr(0, space));
        const std::string args = space == std::string::npos ? "" : trim(line.substr(space + 1));
        try {
            if (command == "END") return false;
            if (command == "START") start(parse_int(args, 1, 1000, "board size"));
            else if (command == "RECTSTART") rect_start(args);
            else if (command == "RESTART") restart();
            else if (command == "BEGIN") begin();
            else if (command == "TURN") turn(args);
            else if (command == "BOARD") board();
            else if (command == "TAKEBACK") takeback(args);
            else if (command == "INFO") info(args);
            else if (command == "ABOUT") out_ << "name=\"gridlab-gomoku\", version=\"1.0\", author=\"gridlab\"\n";
            else if (command == "SWAP2BOARD") {
                read_block("SWAP2BOARD");
                out_ << "UNKNOWN SWAP2BOARD is not supported\n";
            } else if (!command.empty()) out_ << "UNKNOWN command '" << printable(command, 32) << "'\n";
        } catch (const std::exception& e) {
            out_ << "ERROR " << printable(e.what(), 200) << '\n';
        }
        out_.flush();
        return true;
    }

private:
    void start(int size) {
        if (size < kMinSize || size > kMaxSize)
            throw std::invalid_argument("unsupported board size " + std::to_string(size) + " (5.." + std::to_string(kMaxSize) + ")");
        settings_.size = size;
        new_game();
        out_ << "OK\n";
    }

    void rect_start(const std::string& args) {
        const size_t comma = args.find(',');
        if (comma == std::string::npos) throw std::invalid_argument("RECTSTART expects width,height");
        const int width = parse_int(trim(args.substr(0, comma)), 1, 1000, "width");
        const int height = parse_int(trim(args.substr(comma + 1)), 1, 1000, "height");
        if (width != height) throw std::invalid_argument("rectangular boards are not supported");
        start(width);
    }

    void restart() {
        game();
        new_game();
        out_ << "OK\n";
    }

    void new_game() {
        state_ = State(settings_);
        // The search's budget: --playouts, else the spec's own (az:...,playouts=400), else the manager's
        // time, set before each move.
        AiSpec spec = parse_ai_spec(options_.ai.empty() ? "ab" : options_.ai);
        const bool spec_budget = spec.budget.playouts > 0 || spec.budget.ms > 0;
        if (options_.playouts > 0) spec.budget = Budget{options_.playouts, 0};
        else if (!spec_budget) spec.budget = Budget{0, 1};
        timed_ = options_.playouts <= 0 && !spec_budget;
        ai_ = make_ai(spec, options_.seed);
    }

    State& game() {
        if (!state_) throw std::invalid_argument("no game: send START first");
        return *state_;
    }

    // The game, when we may play in it: not under a rule we do not know.
    State& game_to_play() {
        State& state = game();
        if (unsupported_rule_) throw std::invalid_argument(std::string(unsupported_rule_) + " (INFO rule) is not supported");
        return state;
    }

    void begin() {
        if (game_to_play().num_moves() > 0) throw std::invalid_argument("BEGIN on a board that is not empty");
        reply();
    }

    void turn(const std::string& args) {
        State& state = game_to_play();
        state.apply(parse_point(args, state.size()));
        reply();
    }

    // The lines of a block command (BOARD, SWAP2BOARD) up to DONE, read whole even when the command
    // is refused, so that they are not taken as commands.
    std::vector<std::string> read_block(const std::string& command) {
        std::vector<std::string> lines;
        std::string line;
        while (std::getline(in_, line)) {
            line = trim(line);
            if (upper(line) == "DONE") return lines;
            if (!line.empty()) lines.push_back(line);
        }
        throw std::invalid_argument(command + " without DONE");
    }

    void board() {
        const std::vector<std::string> lines = read_block("BOARD");
        State& state = game_to_play();
        std::vector<int> mine, theirs;
        for (const std::string& line : lines) {
            const size_t comma = line.rfind(',');
            if (comma == std::string::npos) throw std::invalid_argument("BOARD line '" + line + "' is not x,y,who");
            const int who = parse_int(trim(line.substr(comma + 1)), 1, 3, "who");
            const int action = parse_point(line.substr(0, comma), state.size());
            if (who == 3) throw std::invalid_argument("continuous-game stones (who = 3) are not supported");
            (who == 1 ? mine : theirs).push_back(action);
        }
        // We are to move, so we are black if the counts are equal and white if they have one more.
        const size_t ours = mine.size(), others = theirs.size();
        if (others != ours && others != ours + 1)
            throw std::invalid_argument("impossible BOARD: " + std::to_string(ours) + " own and " +
                                        std::to_string(others) + " opponent stones with us to move");
        const std::vector<int>& black = others == ours ? mine : theirs;
        const std::vector<int>& white = others == ours ? theirs : mine;
        State position(settings_);
        for (size_t i = 0; i < ours + others; ++i) position.apply(i % 2 == 0 ? black[i / 2] : white[i / 2]);
        state = position;
        reply();
    }

    void takeback(const std::string& args) {
        State& state = game();
        const int action = parse_point(args, state.size());
        if (state.num_moves() == 0 || state.move(state.num_moves() - 1) != action)
            throw std::invalid_argument("TAKEBACK " + args + " is not the last move");
        state.undo();
        out_ << "OK\n";
    }

    // INFO gets no answer in the protocol, so a value we cannot use is ignored and said in one MESSAGE
    // line, which managers show to the user and never take as the answer to a command.
    void info(const std::string& args) {
        const size_t space = args.find(' ');
        const std::string key = args.substr(0, space);
        const std::string value = space == std::string::npos ? "" : trim(args.substr(space + 1));
        try {
            if (key == "timeout_turn") turn_ms_ = parse_int(value, 0, INT_MAX, "timeout_turn");
            else if (key == "timeout_match") match_ms_ = no_limit_if_max(parse_int(value, 0, INT_MAX, "timeout_match"));
            else if (key == "time_left") time_left_ms_ = no_limit_if_max(parse_int(value, 0, INT_MAX, "time_left"));
            else if (key == "rule") set_rule(parse_int(value, 0, INT_MAX, "rule"));
            // Other keys (max_memory, game_type, folder...) do not change how we play.
        } catch (const std::exception& e) {
            out_ << "MESSAGE INFO " << printable(key, 32) << " ignored: " << printable(e.what(), 200) << '\n';
        }
    }

    // Managers send 2147483647 for "no limit" (and timeout_match 0 means the same).
    static double no_limit_if_max(int ms) { return ms == INT_MAX ? -1 : ms; }

    // The rule bits: 1 exactly five, 2 continuous game (ignored), 4 renju, 8 caro. Under caro every
    // move is refused until a rule we play arrives. The rule may arrive after START: the game so far is
    // replayed under it, and the rule refused if the game would have ended earlier (or met a forbidden
    // point).
    void set_rule(int bits) {
        unsupported_rule_ = bits & 8 ? "caro" : nullptr;
        if (unsupported_rule_) throw std::invalid_argument(std::string(unsupported_rule_) + " is not supported: moves are refused until another rule");
        Settings settings = settings_;
        settings.rule = bits & 4 ? Rule::Renju : bits & 1 ? Rule::Standard : Rule::Freestyle;
        if (state_) {
            State replayed(settings);
            for (int i = 0; i < state_->num_moves(); ++i) {
                if (replayed.is_terminal()) throw std::invalid_argument("the game so far would have ended earlier under it");
                replayed.apply(state_->move(i));
            }
            state_ = replayed;
        }
        settings_ = settings;
    }

    // The time this move may take: the turn's limit, and a tenth of what is left of the match (the
    // manager's time_left, or else timeout_match less what our moves took), less a safety margin.
    double move_budget_ms() const {
        double limit = turn_ms_;
        const double left = time_left_ms_ >= 0 ? time_left_ms_ : match_ms_ > 0 ? match_ms_ - spent_ms_ : -1;
        if (left >= 0) limit = std::min(limit, left / 10.0);
        return std::max(1.0, limit * kTimeSafetyFraction - kTimeSafetyMs);
    }

    // Chooses, plays and prints our move.
    void reply() {
        State& state = game();
        if (state.is_terminal()) throw std::invalid_argument("the game is over");
        Stopwatch watch;
        if (timed_) ai_->set_budget(Budget{0, move_budget_ms()});
        const int action = ai_->choose(state);
        state.apply(action);
        spent_ms_ += watch.elapsed_ms();
        out_ << action % state.size() << ',' << action / state.size() << '\n';
    }

    // "x,y" (column, row) as an action.
    static int parse_point(const std::string& text, int size) {
        const size_t comma = text.find(',');
        if (comma == std::string::npos) throw std::invalid_argument("expected x,y but got '" + text + "'");
        const int x = parse_int(trim(text.substr(0, comma)), 0, size - 1, "x");
        const int y = parse_int(trim(text.substr(comma + 1)), 0, size - 1, "y");
        return y * size + x;
    }

    std::istream& in_;
    std::ostream& out_;
    PbrainOptions options_;
    Settings settings_;
    std::optional<State> state_;
    std::unique_ptr<Search> ai_;
    bool timed_ = true;         // each move gets the manager's time (no fixed budget given)
    double turn_ms_ = kDefaultTurnMs;
    double match_ms_ = -1;      // -1 or 0: no limit
    double time_left_ms_ = -1;  // -1: no limit, or not told
    double spent_ms_ = 0;       // our moves' thinking so far
    const char* unsupported_rule_ = nullptr;  // "caro" while INFO rule asks for it
};

}  // namespace

void run_pbrain(std::istream& in, std::ostream& out, const PbrainOptions& options) {
    Brain brain(in, out, options);
    std::string line;
    while (std::getline(in, line))
        if (!brain.handle(trim(line))) return;
}

}  // namespace gridlab::gomoku
