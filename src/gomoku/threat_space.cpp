#include "gomoku/threat_space.h"

#include <algorithm>

namespace gridlab::gomoku {

namespace {

constexpr int kNodesPerClockCheck = 256;
constexpr uint64_t kFailureSlots = 1 << 14;
constexpr int kNearDistance = 2;  // threat_defences: moves within two lines of a stone

}  // namespace

ThreatSearch::ThreatSearch(const State& state, Stone attacker, const ThreatLimits& limits)
    : attacker_(attacker), defender_(opponent(attacker)), limits_(limits), state_(state) {
    if (state.is_terminal() || !ThreatBoard::supports(state.settings()) || limits.max_depth < 1) {
        done_ = true;  // nothing to search: no win
        return;
    }
    board_.emplace(state);
    failures_.resize(kFailureSlots);
}

// Iterative deepening, one attacker move deeper per iteration; each iteration a depth-first search
// whose recursion is the frames on stack_. Between two loop turns the board is the top frame's
// position, the move at its `next` not yet played.
bool ThreatSearch::step(int64_t nodes) {
    if (done_) return true;
    watch_.restart();
    const int64_t stop_at = nodes >= INT64_MAX - nodes_ ? INT64_MAX : nodes_ + nodes;
    while (!done_ && nodes_ < stop_at) {
        if (stack_.empty()) {  // the next iteration
            ++depth_;
            cut_short_ = false;
            enter_attack(depth_);
        } else {
            play_next_move();
        }
        while (answered_ && !stack_.empty()) take_answer();
        if (answered_) end_iteration();  // the root position's answer: the stack is empty
    }
    ms_ += watch_.elapsed_ms();
    result_.nodes = nodes_;
    result_.ms = ms_;
    return done_;
}

bool ThreatSearch::count_node() {
    ++nodes_;
    if (nodes_ > limits_.max_nodes) out_of_budget_ = true;
    if (limits_.max_ms > 0 && nodes_ % kNodesPerClockCheck == 0 && ms_ + watch_.elapsed_ms() >= limits_.max_ms)
        out_of_budget_ = true;
    return !out_of_budget_;
}

// The start of entering a position: answered (not won, no line) until it proves to need a frame of
// its own; false if the node budget is spent, else its empty cells near the stones in `cells`.
bool ThreatSearch::open_position(std::vector<int>& cells) {
    answered_ = true;
    answer_won_ = false;
    answer_line_.clear();
    if (!count_node()) return false;
    board_->empty_cells_near(board_->settings().win_length, cells);
    return true;
}

// The attacker to move, with at most `depth` more threats. Pushes the position's frame when its moves
// must be tried; otherwise answers at once (answered_, with answer_won_ and the line).
void ThreatSearch::enter_attack(int depth) {
    ThreatBoard& board = *board_;
    std::vector<int> cells;
    if (!open_position(cells)) return;
    int defender_five = -1, defender_fives = 0;
    for (int cell : cells) {
        if (board.threat(cell, attacker_) == Threat::Five) {
            answer_won_ = true;
            answer_line_.assign(1, cell);
            return;
        }
        if (board.threat(cell, defender_) == Threat::Five) defender_five = cell, ++defender_fives;
    }
    if (defender_fives > 1) return;
    if (depth == 0) {
        cut_short_ = true;
        return;
    }
    const Failure& failure = failures_[board.hash() % kFailureSlots];
    if (failure.hash == board.hash() && (failure.exhaustive || failure.depth >= depth)) {
        cut_short_ = cut_short_ || !failure.exhaustive;
        return;
    }
    std::vector<int> moves = attacking_moves(cells, defender_five);
    if (moves.empty()) {  // no threat left: a failure however deep
        failures_[board.hash() % kFailureSlots] = {board.hash(), static_cast<int8_t>(depth), true};
        return;
    }
    answered_ = false;
    stack_.push_back({true, depth, std::move(moves), 0, cut_short_, {}});
    cut_short_ = false;
}

// The defender to move after the attacker's threat: wins for the attacker (with the longest line)
// if every reply loses. Pushes a frame or answers at once, as enter_attack.
void ThreatSearch::enter_defend(int depth) {
    ThreatBoard& board = *board_;
    std::vector<int> cells;
    if (!open_position(cells)) return;
    std::vector<int> fives, winning_next;
    for (int cell : cells) {
        if (board.threat(cell, defender_) == Threat::Five) return;
        const Threat threat = board.threat(cell, attacker_);
        if (threat == Threat::Five) fives.push_back(cell);
        else if (limits_.threes && wins_next(threat) && board.allowed(cell, attacker_)) winning_next.push_back(cell);
    }
    if (fives.size() >= 2) {
        answer_won_ = true;
        answer_line_ = {fives[0], fives[1]};
        return;
    }
    std::vector<int> replies;
    if (fives.size() == 1) {
        // A block black may not play under renju loses at once.
        if (board.allowed(fives[0], defender_)) replies.push_back(fives[0]);
    } else {
        if (winning_next.empty()) return;  // the attacker's move threatened nothing
        replies = replies_to_three(board, defender_, cells, winning_next);
        if (replies.empty()) {  // no answer at all (a double three): show how it ends
            answer_won_ = true;
            answer_line_ = line_after_any_block(winning_next);
            return;
        }
    }
    if (replies.empty()) {  // the only block is forbidden: every reply (none) loses
        answer_won_ = true;
        return;
    }
    answered_ = false;
    stack_.push_back({false, depth, std::move(replies), 0, false, {}});
}

// Plays the top frame's next move and enters the position after it.
void ThreatSearch::play_next_move() {
    const Frame& frame = stack_.back();
    const int move = frame.moves[frame.next];
    if (frame.attacking) {
        board_->play(move, attacker_);
        enter_defend(frame.depth - 1);
    } else {
        board_->play(move, defender_);
        enter_attack(frame.depth);
    }
}

// The answer for the position after the top frame's move: takes the move back, then tries the next
// move or finishes the frame (which answers the frame below).
void ThreatSearch::take_answer() {
    board_->undo();
    Frame& frame = stack_.back();
    const int move = frame.moves[frame.next];
    answered_ = false;
    if (frame.attacking) {
        if (answer_won_) {
            std::vector<int> line{move};
            line.insert(line.end(), answer_line_.begin(), answer_line_.end());
            cut_short_ = frame.outer_cut_short;
            return finish_frame(true, std::move(line));
        }
        if (out_of_budget_) return finish_frame(false, {});
        if (++frame.next < frame.moves.size()) return;
        failures_[board_->hash() % kFailureSlots] = {board_->hash(), static_cast<int8_t>(frame.depth), !cut_short_};
        cut_short_ = cut_short_ || frame.outer_cut_short;
        return finish_frame(false, {});
    }
    if (!answer_won_) return finish_frame(false, {});
    if (answer_line_.size() + 1 > frame.line.size()) {
        frame.line.assign(1, move);
        frame.line.insert(frame.line.end(), answer_line_.begin(), answer_line_.end());
    }
    if (++frame.next < frame.moves.size()) return;
    return finish_frame(true, std::move(frame.line));
}

void ThreatSearch::finish_frame(bool won, std::vector<int> line) {
    stack_.pop_back();
    answered_ = true;
    answer_won_ = won;
    answer_line_ = std::move(line);
}

// The root position's answer at depth_.
void ThreatSearch::end_iteration() {
    answered_ = false;
    if (answer_won_) {
        result_.win = true;
        for (int cell : answer_line_) result_.line.push_back(state_.to_action(cell));
    } else if (!cut_short_ && !out_of_budget_) {
        result_.complete = true;
    }
    done_ = result_.win || result_.complete || out_of_budget_ || depth_ >= limits_.max_depth;
}

// The attacker's threats, strongest first; only the block when the defender has a four.
std::vector<int> ThreatSearch::attacking_moves(const std::vector<int>& cells, int defender_five) {
    ThreatBoard& board = *board_;
    std::vector<int> moves;
    if (defender_five >= 0) {
        if (board.allowed(defender_five, attacker_)) moves.push_back(defender_five);
        return moves;
    }
    std::vector<std::pair<Threat, int>> threats;
    for (int cell : cells) {
        const Threat threat = board.threat(cell, attacker_);
        if ((is_four(threat) || (limits_.threes && is_three(threat))) && board.allowed(cell, attacker_))
            threats.emplace_back(threat, cell);
    }
    std::stable_sort(threats.begin(), threats.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [threat, cell] : threats) moves.push_back(cell);
    return moves;
}

// The end of the line when no block answers the attacker's threes: the first cell next to one of
// them, the attacker's open four (or four-four) on the other, a block, and five.
std::vector<int> ThreatSearch::line_after_any_block(const std::vector<int>& winning_next) {
    ThreatBoard& board = *board_;
    std::vector<int> line;
    for (int d = 0; d < 4 && line.empty(); ++d) {
        const int block = winning_next.front() + kDirections[d];
        if (board.at(block) == Stone::Empty && board.allowed(block, defender_)) line.push_back(block);
    }
    if (line.empty()) line.push_back(winning_next.front());
    board.play(line.front(), defender_);
    for (int target : winning_next)
        if (board.at(target) == Stone::Empty && wins_next(board.threat(target, attacker_))) {
            line.push_back(target);
            break;
        }
    if (line.size() == 2) {
        board.play(line.back(), attacker_);
        std::vector<int> cells;
        board.empty_cells_near(board.settings().win_length, cells);
        for (int cell : cells)
            if (board.threat(cell, attacker_) == Threat::Five && line.size() < 4) line.push_back(cell);
        board.undo();
    }
    board.undo();
    return line;
}

std::vector<int> replies_to_three(ThreatBoard& board, Stone defender, const std::vector<int>& cells,
                                  const std::vector<int>& winning_next) {
    const Stone attacker = opponent(defender);
    std::vector<int> replies;
    auto add = [&](int cell) {
        if (board.at(cell) == Stone::Empty && std::find(replies.begin(), replies.end(), cell) == replies.end() &&
            board.allowed(cell, defender))
            replies.push_back(cell);
    };
    for (int cell : cells)
        if (is_four(board.threat(cell, defender))) add(cell);
    const size_t counter_fours = replies.size();
    const int reach = board.settings().win_length;
    for (int target : winning_next) {
        add(target);
        for (int d = 0; d < 4; ++d) {
            if (board.pattern(target, d, attacker) < Pattern::Four) continue;
            for (int side : {-1, 1})
                for (int k = 1; k <= reach; ++k) {
                    const int cell = target + side * k * kDirections[d];
                    if (board.at(cell) == Stone::Wall) break;
                    add(cell);
                }
        }
    }
    // A block that leaves one of those cells still winning is no answer.
    auto still_lost = [&](int block) {
        board.play(block, defender);
        bool lost = false;
        for (int target : winning_next)
            lost = lost || (board.at(target) == Stone::Empty && wins_next(board.threat(target, attacker)));
        board.undo();
        return lost;
    };
    replies.erase(std::remove_if(replies.begin() + static_cast<std::ptrdiff_t>(counter_fours), replies.end(), still_lost),
                  replies.end());
    return replies;
}

ThreatResult find_threat_win(const State& state, Stone attacker, const ThreatLimits& limits) {
    ThreatSearch search(state, attacker, limits);
    search.step(INT64_MAX);
    return search.result();
}

std::vector<int> threat_defences(const State& state, const ThreatResult& threat, const ThreatLimits& limits) {
    std::vector<int> defences;
    if (!threat.win || state.is_terminal()) return defences;
    const Stone me = state.to_move();
    // The threat's own cells first, then the rest near the stones.
    std::vector<int> candidates(threat.line.begin(), threat.line.end());
    for (int i = 0; i < state.num_moves(); ++i) {
        const int row = state.move(i) / state.size(), col = state.move(i) % state.size();
        for (int r = std::max(0, row - kNearDistance); r <= std::min(state.size() - 1, row + kNearDistance); ++r)
            for (int c = std::max(0, col - kNearDistance); c <= std::min(state.size() - 1, col + kNearDistance); ++c)
                candidates.push_back(r * state.size() + c);
    }
    ThreatBoard board(state);
    std::vector<uint8_t> tried(static_cast<size_t>(state.num_actions()));
    for (int action : candidates) {
        if (tried[static_cast<size_t>(action)] || state.cell(state.to_padded(action)) != Stone::Empty) continue;
        tried[static_cast<size_t>(action)] = 1;
        if (!board.allowed(state.to_padded(action), me)) continue;
        State after = state;
        after.apply(action);
        if (after.is_terminal() || !find_threat_win(after, opponent(me), limits).win) defences.push_back(action);
    }
    return defences;
}

}  // namespace gridlab::gomoku
