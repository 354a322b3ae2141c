// The moves of a game as the Gomoku, Minesweeper and Puyo screens log them: the move as players
// write it, who played it, and for the AI's moves (and a player's move that followed a hint) the
// reason the AI gave, kept as an id with its numbers and worded only when shown, in the language
// shown. The screens append entries and say where to draw the log; state() and the save carry it
// as machine ids and numbers.
//
// Reason ids and their values (shares and probabilities are 0..1):
//   won_share      Gomoku mcts/pure-mcts: win (its practice games' wins there), games (played
//                  there), and if there was another move: next (h8), next_win
//   forced_win     Gomoku: the threat-space search proved a win: moves (its own), line (h8 ...)
//   must_block     Gomoku: the opponent would win by force from here: line (h8 ...)
//   looked_ahead   Gomoku ab: depth (the deepest search it finished, in moves), line (h8 ...: the
//                  moves it expects, its own first)
//   network_pick   Gomoku az: share (of the search's visits that went to it), visits (all of them)
//   first_click    Minesweeper: before the mines are laid the first click is safe
//   certainly_safe Minesweeper: the logic proves the cell safe
//   best_guess     Minesweeper: no cell is proven safe; safe (the chance it is)
//   look_ahead_guess Minesweeper: a less safe cell than the safest, chosen for the next move's sake:
//                  safe, safest (the safest cell's chance)
//   fewer_hidden_guess Minesweeper learned: nearly as safe as the safest by the network's chances, with
//                  fewer hidden cells around it (likelier to open a zero): safe, safest
//   exact_win      Minesweeper: the endgame searched every layout left: win (the chance to win the game
//                  from here with this guess), safe
//   unsettled_guess Minesweeper: whenever the cell is a mine it makes a 50/50 no number can ever
//                  settle, a risk taken now: safe
//   fires_chain    Puyo: chain, score
//   builds_chain   Puyo: chain, score, puyo (its colour: red|green|blue|yellow|purple|any), column (1-based)
//   keeps_low      Puyo: no chain in reach; a placement that keeps the field low
//   random_pick    Puyo ai=random
//   learned_value  Puyo ai=learned: value (the points it expects, in thousands)
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/message.h"

namespace gridlab::app {

struct Reason {
    std::string id;
    nlohmann::json values = nlohmann::json::object();
};

// The reason in words ("it won 58% of 1200 practice games there (next best e5: 41%)"); throws
// Refusal for an id or values it does not know (a corrupt save). `colour_marks`: the colour-blind
// palette is on, so a puyo's colour is named with its mark.
Message reason_message(const Reason& reason, bool colour_marks = false);

// A move the search weighed (Gomoku): the cell, its share of the search, its value for the mover (-1..1).
struct Weighed {
    int cell = 0;
    double share = 0, value = 0;
};

struct LogEntry {
    std::string move;  // "h8", "(3,5)", "3↑": as the screen writes moves
    std::string by = "human";  // or the AI's name
    std::optional<Reason> reason;
    std::vector<Weighed> weighed;  // Gomoku's AI moves: the top moves of its search, for the review
};

// Entries are indexed by move (0: the game's first). A game saved before there was a log restores
// with an empty one that starts at its next move ("log_from" in the save).
//
// A finished game can be stepped through: its screen shows the board after reviewed() moves (the
// moves replayed on a copy of its rules' State) while there is a review; any change of the log ends it.
class MoveLog {
public:
    void add(LogEntry entry) {
        entries_.push_back(std::move(entry));
        review_.reset();
    }
    void clear() {
        entries_.clear();
        first_ = 0;
        review_.reset();
    }
    void truncate(size_t moves);  // after an undo: the entries of the first `moves` moves; ends a review
    const LogEntry* entry(int move) const;  // null for a move without one
    const LogEntry* last() const { return entries_.empty() ? nullptr : &entries_.back(); }

    // Whether reasons name a puyo's colour with the mark the colour-blind palette draws on it.
    void name_colour_marks(bool on) { colour_marks_ = on; }
    // Move `move`'s reason in words, "mcts played d4: it won ...", or "" when it has none.
    std::string reason_text(int move) const;
    std::string last_reason_text() const { return reason_text(static_cast<int>(first_ + entries_.size()) - 1); }
    // The same on screen: the last move's stays until the next move.
    void draw_reason(int move) const;
    void draw_last_reason() const { draw_reason(static_cast<int>(first_ + entries_.size()) - 1); }
    // The log as a scrollable child `height` high, newest at the bottom; it follows the newest entry
    // unless the user scrolled up, and the move reviewed. In a `finished` game a click on a move
    // reviews it.
    void draw(float height, bool finished);

    std::optional<int> reviewed() const { return review_; }
    // The act {"review": k}: shows the game after k moves. Throws Refusal unless the game is
    // `finished` and k is in 0..moves.
    void review(const nlohmann::json& move, bool finished);
    // Left and Right step through a `finished` game; true when `key` did.
    bool review_key(int key, bool finished);
    // For a finished game: ◀ ▶ (controls "review_back", "review_forward"), "Move k of n" and the
    // reason of the move shown.
    void draw_review();
    nlohmann::json review_json() const { return review_ ? nlohmann::json{{"move", *review_}} : nlohmann::json(nullptr); }

    nlohmann::json json() const;                 // for state(): the entries
    void save_into(nlohmann::json& saved) const;  // "log", and "log_from" when it starts later
    // The log saved with `moves` moves; a save from before the log: empty, from the next move on.
    // Weighed cells must be below `cells`. Throws Refusal.
    static MoveLog from_save(const nlohmann::json& saved, size_t moves, int cells);

private:
    int moves() const { return static_cast<int>(first_ + entries_.size()); }
    void show(int move);  // reviews the game after `move` moves, in 0..moves()

    std::vector<LogEntry> entries_;
    size_t first_ = 0;  // the move of entries_[0]
    std::optional<int> review_;
    int scrolled_to_ = -1;  // the move reviewed when the log last scrolled to it
    bool colour_marks_ = false;
};

}  // namespace gridlab::app
