#include "gomoku/threat_space.h"

#include <algorithm>

#include "core/time_budget.h"

namespace gridlab::gomoku {

namespace {

constexpr int kNodesPerClockCheck = 256;
constexpr uint64_t kFailureSlots = 1 << 14;
constexpr int kNearDistance = 2;  // threat_defences: moves within two lines of a stone

class ThreatSearch {
public:
    ThreatSearch(const State& state, Stone attacker, const ThreatLimits& limits)
        : board_(state), attacker_(attacker), defender_(opponent(attacker)), limits_(limits), failures_(kFailureSlots) {}

    ThreatResult run(const State& state) {
        ThreatResult result;
        std::vector<int> line;
        for (int depth = 1; depth <= limits_.max_depth && !out_of_budget_; ++depth) {
            cut_short_ = false;
            line.clear();
            if (attack(depth, line)) {
                result.win = true;
                break;
            }
            if (!cut_short_ && !out_of_budget_) {
                result.complete = true;
                break;
            }
        }
        result.nodes = nodes_;
        result.ms = watch_.elapsed_ms();
        for (int cell : line) result.line.push_back(state.to_action(cell));
        return result;
    }

private:
    struct Failure {
        uint64_t hash = 0;
        int8_t depth = -1;
        bool exhaustive = false;  // failed however deep the search had gone
    };

    bool count_node() {
        ++nodes_;
        if (nodes_ > limits_.max_nodes) out_of_budget_ = true;
        if (limits_.max_ms > 0 && nodes_ % kNodesPerClockCheck == 0 && watch_.elapsed_ms() >= limits_.max_ms)
            out_of_budget_ = true;
        return !out_of_budget_;
    }

    // The attacker to move, with at most `depth` more threats: true and the line if it wins.
    bool attack(int depth, std::vector<int>& line) {
        if (!count_node()) return false;
        std::vector<int> cells;
        board_.empty_cells_near(board_.settings().win_length, cells);
        int defender_five = -1, defender_fives = 0;
        for (int cell : cells) {
            if (board_.threat(cell, attacker_) == Threat::Five) {
                line.assign(1, cell);
                return true;
            }
            if (board_.threat(cell, defender_) == Threat::Five) defender_five = cell, ++defender_fives;
        }
        if (defender_fives > 1) return false;
        if (depth == 0) {
            cut_short_ = true;
            return false;
        }
        Failure& failure = failures_[board_.hash() % kFailureSlots];
        if (failure.hash == board_.hash() && (failure.exhaustive || failure.depth >= depth)) {
            cut_short_ = cut_short_ || !failure.exhaustive;
            return false;
        }
        const bool outer_cut_short = cut_short_;
        cut_short_ = false;
        for (int move : attacking_moves(cells, defender_five)) {
            board_.play(move, attacker_);
            std::vector<int> rest;
            const bool won = defend(depth - 1, rest);
            board_.undo();
            if (won) {
                line.assign(1, move);
                line.insert(line.end(), rest.begin(), rest.end());
                cut_short_ = outer_cut_short;
                return true;
            }
            if (out_of_budget_) return false;
        }
        failure = {board_.hash(), static_cast<int8_t>(depth), !cut_short_};
        cut_short_ = cut_short_ || outer_cut_short;
        return false;
    }

    // The attacker's threats, strongest first; only the block when the defender has a four.
    std::vector<int> attacking_moves(const std::vector<int>& cells, int defender_five) {
        std::vector<int> moves;
        if (defender_five >= 0) {
            if (board_.allowed(defender_five, attacker_)) moves.push_back(defender_five);
            return moves;
        }
        std::vector<std::pair<Threat, int>> threats;
        for (int cell : cells) {
            const Threat threat = board_.threat(cell, attacker_);
            if ((is_four(threat) || (limits_.threes && is_three(threat))) && board_.allowed(cell, attacker_))
                threats.emplace_back(threat, cell);
        }
        std::stable_sort(threats.begin(), threats.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (const auto& [threat, cell] : threats) moves.push_back(cell);
        return moves;
    }

    // The defender to move after the attacker's threat: true (and the longest line) if every reply loses.
    bool defend(int depth, std::vector<int>& line) {
        if (!count_node()) return false;
        std::vector<int> cells;
        board_.empty_cells_near(board_.settings().win_length, cells);
        std::vector<int> fives, winning_next;
        for (int cell : cells) {
            if (board_.threat(cell, defender_) == Threat::Five) return false;
            const Threat threat = board_.threat(cell, attacker_);
            if (threat == Threat::Five) fives.push_back(cell);
            else if (limits_.threes && wins_next(threat) && board_.allowed(cell, attacker_)) winning_next.push_back(cell);
        }
        if (fives.size() >= 2) {
            line = {fives[0], fives[1]};
            return true;
        }
        std::vector<int> replies;
        if (fives.size() == 1) {
            // A block black may not play under renju loses at once.
            if (board_.allowed(fives[0], defender_)) replies.push_back(fives[0]);
        } else {
            if (winning_next.empty()) return false;  // the attacker's move threatened nothing
            replies = replies_to_three(board_, defender_, cells, winning_next);
            if (replies.empty()) {  // no answer at all (a double three): show how it ends
                line = line_after_any_block(winning_next);
                return true;
            }
        }
        for (int reply : replies) {
            board_.play(reply, defender_);
            std::vector<int> rest;
            const bool won = attack(depth, rest);
            board_.undo();
            if (!won) return false;
            if (rest.size() + 1 > line.size()) {
                line.assign(1, reply);
                line.insert(line.end(), rest.begin(), rest.end());
            }
        }
        return true;
    }

    // The end of the line when no block answers the attacker's threes: the first cell next to one of
    // them, the attacker's open four (or four-four) on the other, a block, and five.
    std::vector<int> line_after_any_block(const std::vector<int>& winning_next) {
        std::vector<int> line;
        for (int d = 0; d < 4 && line.empty(); ++d) {
            const int block = winning_next.front() + kDirections[d];
            if (board_.at(block) == Stone::Empty && board_.allowed(block, defender_)) line.push_back(block);
        }
        if (line.empty()) line.push_back(winning_next.front());
        board_.play(line.front(), defender_);
        for (int target : winning_next)
            if (board_.at(target) == Stone::Empty && wins_next(board_.threat(target, attacker_))) {
                line.push_back(target);
                break;
            }
        if (line.size() == 2) {
            board_.play(line.back(), attacker_);
            std::vector<int> cells;
            board_.empty_cells_near(board_.settings().win_length, cells);
            for (int cell : cells)
                if (board_.threat(cell, attacker_) == Threat::Five && line.size() < 4) line.push_back(cell);
            board_.undo();
        }
        board_.undo();
        return line;
    }

    ThreatBoard board_;
    Stone attacker_, defender_;
    ThreatLimits limits_;
    std::vector<Failure> failures_;
    Stopwatch watch_;
    int64_t nodes_ = 0;
    bool out_of_budget_ = false;
    bool cut_short_ = false;  // some line stopped at the depth limit
};

}  // namespace

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
    if (state.is_terminal() || !ThreatBoard::supports(state.settings())) return ThreatResult{};
    return ThreatSearch(state, attacker, limits).run(state);
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
