#include "gomoku/alpha_beta.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <stdexcept>

#include "core/time_budget.h"
#include "gomoku/threat_space.h"

namespace gridlab::gomoku {

namespace {

constexpr int kWin = 30000;             // five on the board; a win found n plies ahead scores kWin - n
constexpr int kMateBound = kWin - 1000;  // scores beyond it are wins or losses found by the search
constexpr int kWidth = 16;              // moves searched per position, best by the move order
// The quiescence search's fours in a line (both sides'), and of them the first ones that may be plain
// fours; past them only fours that also make a three (a four-three usually wins) are tried.
constexpr int kQuiescenceFours = 6;
constexpr int kQuiescencePlainFours = 2;
constexpr int kReduceFrom = 3;          // late moves: from this index on, at depths of 3 and more
constexpr int kStepsPerClockCheck = 64;
constexpr int kMaxPrincipalLine = 12;
constexpr uint32_t kCellRanks = 512;  // a padded cell, in Scored::rank
static_assert(kPaddedCells <= static_cast<int>(kCellRanks));
constexpr int kNear = 2;  // candidate moves: empty cells within two steps of a stone along a line

// What a stone on a cell would make on one of its lines (Pattern None .. Five), and the bonus for
// what its four lines make together (Threat None .. Five): the evaluation's and the move order's units.
constexpr std::array<int, 10> kPatternScore = {0, 0, 3, 4, 12, 14, 16, 40, 40, 80};
constexpr std::array<int, 8> kThreatBonus = {0, 0, 24, 0, 40, 60, 60, 0};

// What a stone makes of its four lines' patterns together (threats.h) and its score, for every
// combination of patterns: looked up as the patterns change.
struct CellTable {
    static constexpr size_t kCodes = 10 * 10 * 10 * 10;  // Pattern has 10 values
    static size_t code(const std::array<Pattern, 4>& patterns) {
        size_t code = 0;
        for (const Pattern pattern : patterns) code = code * 10 + static_cast<size_t>(pattern);
        return code;
    }
    CellTable() {
        for (size_t index = 0; index < kCodes; ++index) {
            std::array<Pattern, 4> patterns;
            int pattern_score = 0;
            for (size_t d = 0, rest = index; d < 4; ++d, rest /= 10) {
                patterns[3 - d] = static_cast<Pattern>(rest % 10);
                pattern_score += kPatternScore[rest % 10];
            }
            threat[index] = combine_patterns(patterns);
            score[index] = static_cast<int16_t>(pattern_score + kThreatBonus[static_cast<size_t>(threat[index])]);
        }
    }
    std::array<Threat, kCodes> threat{};
    std::array<int16_t, kCodes> score{};
};
const CellTable kCellTable;

// The root's own forced win, before the search: fours only, then threes too (at most these positions).
constexpr ThreatLimits kVcfLimits{false, 12, 4000, 0};
constexpr ThreatLimits kVctLimits{true, 8, 20000, 0};
constexpr double kVctShare = 0.25;  // of a time budget

enum Bound : uint8_t { kNoBound, kLower, kUpper, kExact };

// Scores of forced wins count plies from the root; the table stores them from its own position.
int to_table(int score, int ply) { return score > kMateBound ? score + ply : score < -kMateBound ? score - ply : score; }
int from_table(int score, int ply) { return score > kMateBound ? score - ply : score < -kMateBound ? score + ply : score; }

double to_value(int score) {  // -1..1 for the report
    if (score > kMateBound) return 1;
    if (score < -kMateBound) return -1;
    return static_cast<double>(score) / (std::abs(score) + 400.0);
}

}  // namespace

AlphaBeta::AlphaBeta(const AlphaBetaConfig& config) : config_(config), table_(size_t{1} << config.table_bits) {
    set_budget(config.budget);
    if (config.max_depth < 1) throw std::invalid_argument("alpha-beta needs a depth of at least 1");
    stack_.reserve(kMaxCells + 2);  // every position on it has one stone more: frames never move
}

void AlphaBeta::set_budget(const Budget& budget) {
    if (budget.playouts <= 0 && budget.ms <= 0) throw std::invalid_argument("a search needs a node or time budget");
    config_.budget = budget;
}

void AlphaBeta::begin(const State& state) {
    if (state.is_terminal()) throw std::invalid_argument("the game is over");
    if (!ThreatBoard::supports(state.settings())) throw std::invalid_argument("alpha-beta needs a win length of 3..6");
    root_ = state;
    root_side_ = state.to_move();
    board_.emplace(state);
    near_.fill(0);
    candidates_.fill(0);
    for (int i = 0; i < state.num_moves(); ++i) update_lines(state.to_padded(state.move(i)), 1);
    stack_.clear();
    moves_.clear();
    root_moves_.clear();
    principal_.clear();
    win_line_.clear();
    nodes_ = threat_nodes_ = 0;
    elapsed_ms_ = screen_ms_ = 0;
    depth_done_ = 0;
    const int centre = state.size() / 2;
    best_move_ = State::cell_index(centre, centre);
    best_score_ = 0;
    searching_ = true;
    screened_ = false;
    done_ = state.num_moves() == 0;  // the centre: nothing to search
}

bool AlphaBeta::finished() const {
    if (!searching_ || done_) return true;
    if (config_.budget.playouts > 0 && nodes_ >= config_.budget.playouts) return true;
    return config_.budget.ms > 0 && elapsed_ms_ >= config_.budget.ms;
}

int AlphaBeta::best_action() const {
    if (!searching_) throw std::logic_error("best_action() before begin()");
    return root_.to_action(best_move_);
}

void AlphaBeta::think(double slice_ms) {
    if (finished()) return;
    Stopwatch watch;
    double counted_ms = 0;
    auto count_time = [&] {
        const double now = watch.elapsed_ms();
        elapsed_ms_ += now - counted_ms;
        counted_ms = now;
    };
    if (!screened_) {
        screen_root();
        count_time();
        screen_ms_ = elapsed_ms_;
    }
    for (int steps = 1; !finished(); ++steps) {
        if (stack_.empty()) start_iteration();
        if (done_) break;
        step();
        if (steps % kStepsPerClockCheck == 0) {
            count_time();
            if (counted_ms >= slice_ms) break;
        }
    }
    count_time();
}

// A forced win of the threat-space search is exact, unlike the alpha-beta's, which looks at kWidth
// moves per position only: the root plays it. (Restricting the root to the defences against the
// opponent's forced win, as mcts does, took up to 40% of the time and scored 3 / 24 against Rapfi at
// 100 ms against 5 / 24 without it: docs/gomoku-alphabeta.md.)
void AlphaBeta::screen_root() {
    screened_ = true;
    // A node budget caps each threat search too, so that a small budget is a quick move.
    ThreatLimits vcf = kVcfLimits, vct = kVctLimits;
    if (config_.budget.playouts > 0) {
        vcf.max_nodes = std::min(vcf.max_nodes, config_.budget.playouts);
        vct.max_nodes = std::min(vct.max_nodes, config_.budget.playouts);
    }
    if (config_.budget.ms > 0) vct.max_ms = config_.budget.ms * kVctShare;
    ThreatResult win = find_threat_win(root_, root_side_, vcf);
    threat_nodes_ = win.nodes;
    if (!win.win) {
        win = find_threat_win(root_, root_side_, vct);
        threat_nodes_ += win.nodes;
    }
    if (!win.win) return;
    win_line_ = win.line;
    best_move_ = root_.to_padded(win.line.front());
    best_score_ = kWin - static_cast<int>(win.line.size());
    done_ = true;
}

// Iterative deepening: each iteration searches one ply deeper, its move order helped by the table
// the last one filled. A forced win or loss found ends the search.
void AlphaBeta::start_iteration() {
    if (depth_done_ >= config_.max_depth || std::abs(best_score_) > kMateBound) {
        done_ = true;
        return;
    }
    push(depth_done_ + 1, -kWin - 1, kWin + 1, kQuiescenceFours);
}

void AlphaBeta::push(int depth, int alpha, int beta, int fours_left) {
    Frame frame{};
    frame.alpha = frame.alpha0 = alpha;
    frame.beta = beta;
    frame.best_score = -kWin - 1;
    frame.best_move = -1;
    frame.depth = depth;
    frame.fours_left = fours_left;
    frame.moves_begin = frame.moves_end = frame.next = static_cast<int>(moves_.size());
    stack_.push_back(frame);
}

Stone AlphaBeta::side_to_move() const { return ply() % 2 == 0 ? root_side_ : opponent(root_side_); }

// After a stone is placed on or taken from `padded`: the cells within kNear count it as near, and the
// candidates on its lines have that line's pattern looked up again. A cell that becomes a candidate
// is evaluated whole (its other lines may have changed while it was none): every candidate's
// evaluation is current.
void AlphaBeta::update_lines(int padded, int near_delta) {
    const int reach = root_.settings().win_length;
    for (int d = 0; d < 4; ++d)
        for (int side : {-1, 1})
            for (int k = 1; k <= reach; ++k) {
                const int cell = padded + side * k * kDirections[d];
                if (root_.cell(cell) == Stone::Wall) break;
                const bool was_near = near_[cell] > 0;
                if (k <= kNear) {
                    near_[cell] = static_cast<uint8_t>(near_[cell] + near_delta);
                    update_candidate(cell);
                }
                if (near_[cell] == 0 || board_->at(cell) != Stone::Empty) continue;
                if (was_near) update_line(cell, d);
                else evaluate_cell(cell);
            }
}

void AlphaBeta::update_candidate(int padded) {
    const uint64_t bit = uint64_t{1} << (padded % 64);
    uint64_t& word = candidates_[static_cast<size_t>(padded / 64)];
    word = near_[padded] > 0 && board_->at(padded) == Stone::Empty ? word | bit : word & ~bit;
}

void AlphaBeta::candidates_in_order(std::vector<int>& out) const {
    out.clear();
    for (size_t word = 0; word < candidates_.size(); ++word)
        for (uint64_t bits = candidates_[word]; bits != 0; bits &= bits - 1)
            out.push_back(static_cast<int>(word * 64) + std::countr_zero(bits));
}

void AlphaBeta::play(int padded, Stone stone) {
    board_->play(padded, stone);
    update_candidate(padded);
    update_lines(padded, 1);
}

void AlphaBeta::undo(int padded) {
    board_->undo();
    update_candidate(padded);
    update_lines(padded, -1);
    if (near_[padded] > 0) evaluate_cell(padded);
}

// The threat and the score of a stone of either colour on the empty cell, from its four lines.
void AlphaBeta::evaluate_cell(int padded) {
    for (int d = 0; d < 4; ++d) update_line(padded, d);
}

// The cell's pattern on line `d` looked up again, for both colours, and what its lines make together.
void AlphaBeta::update_line(int padded, int d) {
    CellEval& eval = cell_eval_[padded];
    for (const Stone side : {Stone::Black, Stone::White}) {
        const size_t colour = side == Stone::Black ? 0 : 1;
        std::array<Pattern, 4>& patterns = eval.patterns[colour];
        patterns[static_cast<size_t>(d)] = board_->pattern(padded, d, side);
        const size_t code = kCellTable.code(patterns);
        eval.threat[colour] = kCellTable.threat[code];
        eval.score[colour] = kCellTable.score[code];
    }
}

// One unit of work: enter a position, or take the score of a reply and go on to the next move.
void AlphaBeta::step() {
    Frame& frame = stack_.back();
    if (!frame.entered) return enter();
    if (frame.current >= 0) {
        const int score = -returned_;
        const int move = frame.current;
        if (frame.probing && score > frame.alpha && (score < frame.beta || frame.reduced)) {
            // The null-window or shallower search says this move may be better: search it in full.
            frame.probing = frame.reduced = false;
            return push(frame.depth - 1, -frame.beta, -frame.alpha, frame.fours_left);
        }
        undo(move);
        frame.current = -1;
        if (ply() == 0) record_root_move(move, nodes_ - frame.nodes_before, score, score > frame.alpha);
        if (score > frame.best_score) {
            frame.best_score = score;
            frame.best_move = move;
            frame.alpha = std::max(frame.alpha, score);
            if (frame.alpha >= frame.beta) return store_and_leave();
        }
    }
    if (frame.next < frame.moves_end) return search_next_move();
    store_and_leave();
}

// Threats first, then the table, then the moves worth searching (see alpha_beta.h).
void AlphaBeta::enter() {
    Frame& frame = stack_.back();
    frame.entered = true;
    ++nodes_;
    const int ply = this->ply();
    const Stone me = side_to_move(), them = opponent(me);
    const size_t mine_colour = me == Stone::Black ? 0 : 1, their_colour = 1 - mine_colour;

    scored_.clear();
    threes_.clear();
    int my_total = 0, their_total = 0, their_five = -1, their_fives = 0, my_win_next = -1;
    // The root needs a move even when the outcome is clear at once.
    auto decided = [&](int score, int move) {
        frame.best_move = move;
        leave(score);
    };
    candidates_in_order(cells_);
    for (int cell : cells_) {
        const CellEval& eval = cell_eval_[cell];
        const Threat mine = eval.threat[mine_colour], theirs = eval.threat[their_colour];
        if (mine == Threat::Five) return decided(kWin - ply - 1, cell);
        if (theirs == Threat::Five) their_five = cell, ++their_fives;
        else if (wins_next(theirs) && board_->allowed(cell, them)) threes_.push_back(cell);
        if (my_win_next < 0 && wins_next(mine) && board_->allowed(cell, me)) my_win_next = cell;
        const int attack = eval.score[mine_colour], defence = eval.score[their_colour];
        my_total += attack;
        their_total += defence;
        order_[cell] = attack + defence;
        scored_.push_back({cell, mine, static_cast<uint32_t>(order_[cell]) * kCellRanks + (kCellRanks - 1 - cell)});
    }
    if (scored_.empty()) return leave(0);  // a full board: a draw
    if (their_fives >= 2 || (their_fives == 1 && !board_->allowed(their_five, me))) return decided(-(kWin - ply - 2), their_five);
    if (their_fives == 1) {
        frame.forced = true;
        moves_.push_back(their_five);
        frame.moves_end = static_cast<int>(moves_.size());
        if (ply == 0) best_move_ = their_five;
        return;
    }
    if (my_win_next >= 0) return decided(kWin - ply - 3, my_win_next);
    const auto by_order = [this](int a, int b) { return order_[a] > order_[b]; };
    // The candidates come by cell: ordering ties by cell is a stable sort, without its buffer.
    const auto by_order_then_cell = [this](int a, int b) { return order_[a] > order_[b] || (order_[a] == order_[b] && a < b); };

    if (frame.depth <= 0) {  // quiescence: the evaluation, unless a four of the side to move does better
        const int stand = my_total * 5 / 4 - their_total;
        frame.best_score = stand;
        if (stand >= frame.beta || frame.fours_left == 0) return leave(stand);
        frame.alpha = std::max(frame.alpha, stand);
        const bool plain = frame.fours_left > kQuiescenceFours - kQuiescencePlainFours;
        for (const Scored& candidate : scored_)
            if (candidate.mine == Threat::FourThree || (plain && candidate.mine == Threat::Four)) moves_.push_back(candidate.cell);
        std::sort(moves_.begin() + frame.moves_begin, moves_.end(), by_order_then_cell);
        frame.moves_end = static_cast<int>(moves_.size());
        return;
    }
    std::sort(scored_.begin(), scored_.end(), [](const Scored& a, const Scored& b) { return a.rank > b.rank; });

    int table_move = -1;
    const Entry& stored = entry();
    if (stored.bound != kNoBound && stored.key == key()) {
        table_move = stored.move;
        const int score = from_table(stored.score, ply);
        if (ply > 0 && stored.depth >= frame.depth &&
            (stored.bound == kExact || (stored.bound == kLower && score >= frame.beta) ||
             (stored.bound == kUpper && score <= frame.alpha)))
            return leave(score);
    }
    if (!threes_.empty()) {  // the opponent threatens an open four: only its answers
        board_->empty_cells_near(kNear, cells_);  // as the threat search has them: blocks and counter-fours
        std::vector<int> replies = replies_to_three(*board_, me, cells_, threes_);
        if (replies.empty()) return decided(-(kWin - ply - 4), scored_.front().cell);
        std::stable_sort(replies.begin(), replies.end(), by_order);
        moves_.insert(moves_.end(), replies.begin(), replies.end());
    } else {
        for (size_t i = 0; i < scored_.size() && i < static_cast<size_t>(kWidth); ++i) moves_.push_back(scored_[i].cell);
    }
    frame.moves_end = static_cast<int>(moves_.size());
    const auto first = moves_.begin() + frame.moves_begin, last = moves_.end();
    const auto found = std::find(first, last, table_move);
    if (found != last) std::rotate(first, found, found + 1);
    if (ply == 0 && depth_done_ == 0) best_move_ = *first;  // the answer until a move has been searched
}

void AlphaBeta::search_next_move() {
    Frame& frame = stack_.back();
    const int index = frame.next - frame.moves_begin;
    const int move = moves_[static_cast<size_t>(frame.next++)];
    const Stone me = side_to_move();
    if (!board_->allowed(move, me)) return;  // a forbidden point (renju): not a move
    const bool quiescence = frame.depth <= 0;
    const int depth = frame.forced ? frame.depth : frame.depth - 1;
    const int fours_left = quiescence && !frame.forced ? frame.fours_left - 1 : frame.fours_left;
    frame.reduced = !frame.forced && frame.depth >= 3 && index >= kReduceFrom &&
                    cell_eval_[move].threat[0] < Threat::Three && cell_eval_[move].threat[1] < Threat::Three;
    frame.probing = index > 0 && !quiescence;
    frame.current = move;
    if (ply() == 0) frame.nodes_before = nodes_;
    play(move, me);
    if (frame.probing) push(depth - (frame.reduced ? 1 : 0), -frame.alpha - 1, -frame.alpha, fours_left);
    else push(depth, -frame.beta, -frame.alpha, fours_left);
}

void AlphaBeta::store_and_leave() {
    const Frame& frame = stack_.back();
    if (frame.best_score == -kWin - 1) return leave(0);  // every move forbidden (renju): call it even
    if (frame.depth > 0) {
        Entry& slot = entry();
        slot.key = key();
        slot.score = static_cast<int16_t>(to_table(frame.best_score, ply()));
        slot.move = static_cast<int16_t>(frame.best_move);
        slot.depth = static_cast<int8_t>(std::min(frame.depth, 127));
        slot.bound = frame.best_score <= frame.alpha0 ? kUpper : frame.best_score >= frame.beta ? kLower : kExact;
    }
    leave(frame.best_score);
}

// Pops the top position with its score for its side to move. The root's pop ends an iteration.
void AlphaBeta::leave(int score) {
    const Frame frame = stack_.back();
    moves_.resize(static_cast<size_t>(frame.moves_begin));
    stack_.pop_back();
    returned_ = score;
    if (!stack_.empty()) return;
    depth_done_ = frame.depth;
    if (frame.best_move >= 0) best_move_ = frame.best_move;
    best_score_ = score;
    find_principal_line();
}

// A root move searched: its numbers for the report, and the move to play if it beat the others (a
// score above alpha at the root is exact, so an unfinished iteration's best move is trusted too).
void AlphaBeta::record_root_move(int move, int64_t nodes, int score, bool best) {
    auto stats = std::find_if(root_moves_.begin(), root_moves_.end(), [move](const RootMove& m) { return m.cell == move; });
    if (stats == root_moves_.end()) stats = root_moves_.insert(root_moves_.end(), RootMove{move, 0, 0});
    stats->nodes = nodes;
    stats->score = score;
    if (best) best_move_ = move, best_score_ = score;
}

void AlphaBeta::find_principal_line() {
    principal_.assign(1, best_move_);
    Stone stone = root_side_;
    play(best_move_, stone);
    while (static_cast<int>(principal_.size()) < kMaxPrincipalLine) {
        const Entry& stored = entry();
        if (stored.bound == kNoBound || stored.key != key() || stored.move < 0 || board_->at(stored.move) != Stone::Empty) break;
        stone = opponent(stone);
        principal_.push_back(stored.move);
        play(stored.move, stone);
    }
    for (auto move = principal_.rbegin(); move != principal_.rend(); ++move) undo(*move);
}

SearchReport AlphaBeta::result() const {
    SearchReport report;
    for (const RootMove& move : root_moves_)
        report.candidates.push_back({root_.to_action(move.cell), move.nodes, to_value(move.score), 0});
    std::stable_sort(report.candidates.begin(), report.candidates.end(),
                     [](const CandidateStats& a, const CandidateStats& b) { return a.visits > b.visits; });
    const int best = root_.to_action(best_move_);
    auto chosen = std::find_if(report.candidates.begin(), report.candidates.end(), [best](const auto& c) { return c.action == best; });
    if (chosen == report.candidates.end()) chosen = report.candidates.insert(report.candidates.end(), {best, 0, to_value(best_score_), 0});
    chosen->value = to_value(best_score_);
    std::rotate(report.candidates.begin(), chosen, chosen + 1);
    if (!principal_.empty() && principal_.front() == best_move_)
        for (int cell : principal_) report.principal_line.push_back(root_.to_action(cell));
    else report.principal_line.push_back(best);
    report.win_line = win_line_;
    report.playouts = report.nodes = nodes_;
    report.ms = elapsed_ms_;
    report.screen_ms = screen_ms_;
    report.threat_nodes = threat_nodes_;
    report.depth = depth_done_;
    return report;
}

}  // namespace gridlab::gomoku
