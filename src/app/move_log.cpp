#include "app/move_log.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/ai_names.h"
#include "app/i18n.h"
#include "app/keys.h"
#include "app/puyo_look.h"
#include "app/screen.h"
#include "core/json_int.h"

namespace gridlab::app {

namespace {

Refusal bad_reason(const Reason& reason) {
    return Refusal(translatable("a saved reason is not one the AI gives ({id})", {{"id", literal(reason.id)}}));
}

double number(const Reason& reason, const char* key) {
    const nlohmann::json& value = reason.values.contains(key) ? reason.values.at(key) : nlohmann::json();
    if (!value.is_number()) throw bad_reason(reason);
    return value.get<double>();
}

std::string text(const Reason& reason, const char* key) {
    const nlohmann::json& value = reason.values.contains(key) ? reason.values.at(key) : nlohmann::json();
    if (!value.is_string()) throw bad_reason(reason);
    return value.get<std::string>();
}

MessageArg whole(const char* name, double value) { return {name, static_cast<long long>(std::llround(std::clamp(value, -1e15, 1e15)))}; }
long long percent_points(double share) { return std::llround(std::clamp(share, 0.0, 1.0) * 100); }
MessageArg percent(const char* name, double share) { return {name, percent_points(share)}; }

Message puyo_colour(const Reason& reason, bool colour_marks) {
    const std::string id = text(reason, "puyo");
    for (const PuyoName& colour : kPuyoNames)
        if (id == colour.id) return translatable(colour_marks ? colour.marked_words : colour.words);
    throw bad_reason(reason);
}

Message player_words(const std::string& by) { return by == "human" ? translatable("you") : ai_name(by); }

std::string entry_line(const LogEntry& entry, size_t move_index, bool colour_marks) {
    const MessageArg number{"number", static_cast<long long>(move_index + 1)}, player{"player", player_words(entry.by)},
        move{"move", literal(entry.move)};
    if (!entry.reason) return trf("{number}. {player} {move}", {number, player, move});
    return trf("{number}. {player} {move}: {reason}",
               {number, player, move, {"reason", reason_message(*entry.reason, colour_marks)}});
}

nlohmann::json entry_json(const LogEntry& entry) {
    nlohmann::json json = {{"move", entry.move}, {"by", entry.by}};
    if (entry.reason) {
        json["reason"] = entry.reason->values;
        json["reason"]["id"] = entry.reason->id;
    }
    if (!entry.weighed.empty()) {
        json["weighed"] = nlohmann::json::array();
        for (const Weighed& w : entry.weighed) json["weighed"].push_back({w.cell, w.share, w.value});
    }
    return json;
}

LogEntry entry_from_json(const nlohmann::json& json, int cells) {
    const Refusal corrupt(translatable("a saved move of the log is not one"));
    if (!json.is_object() || !json.contains("move") || !json["move"].is_string() || !json.contains("by") || !json["by"].is_string())
        throw corrupt;
    LogEntry entry{json["move"].get<std::string>(), json["by"].get<std::string>(), std::nullopt, {}};
    if (json.contains("reason")) {
        const nlohmann::json& reason = json["reason"];
        if (!reason.is_object() || !reason.contains("id") || !reason["id"].is_string()) throw corrupt;
        entry.reason = Reason{reason["id"].get<std::string>(), reason};
        entry.reason->values.erase("id");
        reason_message(*entry.reason);  // throws for an id or values the AI never gives
    }
    for (const nlohmann::json& w : json.value("weighed", nlohmann::json::array())) {
        if (!w.is_array() || w.size() != 3 || !w[0].is_number_integer() || !w[1].is_number() || !w[2].is_number()) throw corrupt;
        const int64_t cell = w[0].get<int64_t>();
        if (cell < 0 || cell >= cells) throw corrupt;
        entry.weighed.push_back({static_cast<int>(cell), w[1].get<double>(), w[2].get<double>()});
    }
    return entry;
}

}  // namespace

Message reason_message(const Reason& reason, bool colour_marks) {
    const std::string& id = reason.id;
    if (id == "won_share") {
        const MessageArg win = percent("win", number(reason, "win")), games = whole("games", number(reason, "games"));
        if (!reason.values.contains("next")) return translatable("it won {win}% of {games} practice games there", {win, games});
        return translatable("it won {win}% of {games} practice games there (next best {next}: {next_win}%)",
                            {win, games, {"next", literal(text(reason, "next"))}, percent("next_win", number(reason, "next_win"))});
    }
    if (id == "forced_win") {
        const double moves = number(reason, "moves");
        if (moves == 1) return translatable("it wins with this move: {line}", {{"line", literal(text(reason, "line"))}});
        return translatable("it wins by force in {count} moves: {line}", {whole("count", moves), {"line", literal(text(reason, "line"))}});
    }
    if (id == "must_block")
        return translatable("it blocks a win by force: {line}", {{"line", literal(text(reason, "line"))}});
    if (id == "looked_ahead")
        return translatable("it looked {count} moves ahead and expects {line}",
                            {whole("count", number(reason, "depth")), {"line", literal(text(reason, "line"))}});
    if (id == "network_pick")
        return translatable("the network's favourite: {share}% of its search ({visits} positions)",
                            {percent("share", number(reason, "share")), whole("visits", number(reason, "visits"))});
    if (id == "first_click" && reason.values.empty()) return translatable("the first click never hits a mine");
    if (id == "certainly_safe" && reason.values.empty()) return translatable("certainly safe");
    if (id == "best_guess") return translatable("the best guess: {safe}% safe", {percent("safe", number(reason, "safe"))});
    if (id == "look_ahead_guess") {
        const double safe = number(reason, "safe"), safest = number(reason, "safest");
        if (percent_points(safe) == percent_points(safest))  // alike as shown: no difference to explain
            return translatable("the best guess: {safe}% safe", {percent("safe", safe)});
        return translatable("{safe}% safe, less than the safest cell's {safest}%, but after it the next move is likelier to be safe",
                            {percent("safe", safe), percent("safest", safest)});
    }
    if (id == "fewer_hidden_guess")
        return translatable("{safe}% safe (the safest cell: {safest}%), with fewer hidden cells around it: likelier to open an empty patch",
                            {percent("safe", number(reason, "safe")), percent("safest", number(reason, "safest"))});
    if (id == "exact_win")
        return translatable("every layout searched: this guess wins {win}% of the time from here ({safe}% safe)",
                            {percent("win", number(reason, "win")), percent("safe", number(reason, "safe"))});
    if (id == "unsettled_guess")
        return translatable("{safe}% safe, and a risk no number can ever remove: it must be taken sometime, so now",
                            {percent("safe", number(reason, "safe"))});
    if (id == "fires_chain")
        return translatable("fires a chain of {count} now ({score} points)",
                            {whole("count", number(reason, "chain")), whole("score", number(reason, "score"))});
    if (id == "builds_chain")
        return translatable("builds a chain of {count} worth {score}; it fires with {puyo} in column {column}",
                            {whole("count", number(reason, "chain")), whole("score", number(reason, "score")),
                             {"puyo", puyo_colour(reason, colour_marks)}, whole("column", number(reason, "column"))});
    if (id == "keeps_low" && reason.values.empty()) return translatable("no chain in reach yet: it keeps the field low");
    if (id == "random_pick" && reason.values.empty()) return translatable("a placement picked at random");
    if (id == "learned_value") {
        char value[32];
        std::snprintf(value, sizeof value, "%.1f", std::clamp(number(reason, "value"), -1e9, 1e9));
        return translatable("its value of this placement: {value} thousand points to come", {{"value", literal(value)}});
    }
    throw bad_reason(reason);
}

void MoveLog::truncate(size_t moves) {
    // Back before the first logged move (a save from before the log): the log starts there.
    first_ = std::min(first_, moves);
    entries_.resize(std::min(moves - first_, entries_.size()));
    review_.reset();
}

const LogEntry* MoveLog::entry(int move) const {
    if (move < static_cast<int>(first_) || move >= static_cast<int>(first_ + entries_.size())) return nullptr;
    return &entries_[static_cast<size_t>(move) - first_];
}

std::string MoveLog::reason_text(int move) const {
    const LogEntry* entry = this->entry(move);
    if (!entry || !entry->reason) return "";
    return trf("{player} played {move}: {reason}", {{"player", player_words(entry->by)},
                                                    {"move", literal(entry->move)},
                                                    {"reason", reason_message(*entry->reason, colour_marks_)}});
}

void MoveLog::draw_reason(int move) const {
    if (const std::string text = reason_text(move); !text.empty()) text_wrapped(text);
}

void MoveLog::draw(float height, bool finished) {
    if (entries_.empty()) return;
    const int highlighted = review_.value_or(0) - 1;
    int clicked = -1;
    ImGui::TextDisabled("%s", tr("Moves and the AI's reasons"));
    ImGui::BeginChild("move_log", ImVec2(0, height), true);
    const float width = ImGui::GetContentRegionAvail().x;
    for (size_t i = 0; i < entries_.size(); ++i) {
        const int move = static_cast<int>(first_ + i);
        ImGui::PushID(move);
        const std::string line = wrap_text(ImGui::GetFont(), ImGui::GetFontSize(), entry_line(entries_[i], first_ + i, colour_marks_), width);
        if (ImGui::Selectable(line.c_str(), move == highlighted)) clicked = move;
        if (move == highlighted && scrolled_to_ != highlighted) ImGui::SetScrollHereY(0.5f);
        ImGui::PopID();
    }
    // Follow the newest entry, unless the user scrolled up to read an older one or a review shows one.
    if (highlighted < 0 && ImGui::GetScrollY() >= ImGui::GetScrollMaxY()) ImGui::SetScrollHereY(1.0f);
    scrolled_to_ = highlighted;
    ImGui::EndChild();
    if (clicked >= 0 && finished) show(clicked + 1);
}

void MoveLog::show(int move) {
    review_ = std::clamp(move, 0, moves());
}

void MoveLog::review(const nlohmann::json& move, bool finished) {
    if (!move.is_number_integer()) throw Refusal(translatable("review: expected a move number"));
    if (!finished) throw Refusal(translatable("review: only a finished game can be stepped through"));
    const std::optional<int> shown = json_int(move, 0, moves());
    if (!shown) throw ValueError(ValueError::Kind::OutOfRange, "review", move.dump(), "0", std::to_string(moves()));
    show(*shown);
}

bool MoveLog::review_key(int key, bool finished) {
    if (!finished || (key != keys::kLeft && key != keys::kRight)) return false;
    show(review_.value_or(moves()) + (key == keys::kRight ? 1 : -1));
    return true;
}

void MoveLog::draw_review() {
    const int shown = review_.value_or(moves());
    ImGui::BeginDisabled(shown == 0);
    if (ImGui::ArrowButton("review_back", ImGuiDir_Left)) show(shown - 1);
    note_control("review_back");
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(shown == moves());
    if (ImGui::ArrowButton("review_forward", ImGuiDir_Right)) show(shown + 1);
    note_control("review_forward");
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextUnformatted(trf("Move {move} of {count}", {{"move", shown}, {"count", moves()}}).c_str());
    if (!review_) text_wrapped_disabled(tr("Step through the game: the arrows here, the Left and Right keys, or a move in the log."));
    draw_reason(shown - 1);
}

nlohmann::json MoveLog::json() const {
    nlohmann::json list = nlohmann::json::array();
    for (const LogEntry& entry : entries_) list.push_back(entry_json(entry));
    return list;
}

void MoveLog::save_into(nlohmann::json& saved) const {
    saved["log"] = json();
    if (first_ > 0) saved["log_from"] = first_;
}

MoveLog MoveLog::from_save(const nlohmann::json& saved, size_t moves, int cells) {
    MoveLog log;
    if (!saved.contains("log")) {
        log.first_ = moves;
        return log;
    }
    const nlohmann::json& list = saved["log"];
    const std::optional<int> from = json_int(saved.value("log_from", nlohmann::json(0)), 0, static_cast<int>(moves));
    if (!from || !list.is_array() || list.size() != moves - static_cast<size_t>(*from))
        throw Refusal(translatable("the saved log does not match the saved moves"));
    log.first_ = static_cast<size_t>(*from);
    for (const nlohmann::json& entry : list) log.add(entry_from_json(entry, cells));
    return log;
}

}  // namespace gridlab::app
