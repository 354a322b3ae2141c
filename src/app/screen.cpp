#include "app/screen.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "app/i18n.h"
#include "core/message.h"
#include "core/rng.h"
#include "core/text.h"

namespace gridlab::app {

int int_param(const Params& params, const std::string& key, int fallback, int lo, int hi) {
    const auto found = params.find(key);
    return found == params.end() ? fallback : parse_int(found->second, lo, hi, key);
}

double number_param(const Params& params, const std::string& key, double fallback, double lo, double hi) {
    const auto found = params.find(key);
    return found == params.end() ? fallback : parse_number(found->second, lo, hi, key);
}

std::string choice_param(const Params& params, const std::string& key, const std::string& fallback,
                         std::initializer_list<const char*> choices) {
    const auto found = params.find(key);
    if (found == params.end()) return fallback;
    for (const char* choice : choices)
        if (found->second == choice) return found->second;
    throw ValueError(ValueError::Kind::NotAChoice, key, found->second, {}, {}, std::vector<std::string>(choices.begin(), choices.end()));
}

int index_of(const char* const* names, int count, const std::string& name) {
    for (int i = 0; i < count; ++i)
        if (name == names[i]) return i;
    return 0;
}

uint64_t seed_param(const Params& params) {
    const auto found = params.find("seed");
    if (found == params.end()) {
        // A new game nobody asked a seed for: any seed will do, and it is shown so it can be shared.
        uint64_t clock = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
        return splitmix64(clock) % 1000000;
    }
    const std::string& text = found->second;
    uint64_t seed = 0;
    if (text.empty() || text.size() > 19) throw ValueError(ValueError::Kind::NotWholeNumber, "seed", text);
    for (char c : text) {
        if (c < '0' || c > '9') throw ValueError(ValueError::Kind::NotWholeNumber, "seed", text);
        seed = seed * 10 + static_cast<uint64_t>(c - '0');
    }
    return seed;
}

Layout split_layout(const Frame& frame, float top) {
    constexpr float kMargin = 12.0f;
    Layout l{};
    const bool portrait = frame.width < frame.height * 0.9f;
    if (portrait) {
        l.board_x = kMargin;
        l.board_y = top;
        l.board_w = frame.width - 2 * kMargin;
        l.board_h = std::min(l.board_w * 1.15f, (frame.height - top) * 0.6f);
        l.panel_x = kMargin;
        l.panel_y = top + l.board_h + kMargin;
        l.panel_w = l.board_w;
        l.panel_h = frame.height - l.panel_y - kMargin;
    } else {
        l.panel_w = std::clamp(frame.width * 0.3f, 260.0f, 380.0f);
        l.panel_x = frame.width - l.panel_w - kMargin;
        l.panel_y = top;
        l.panel_h = frame.height - top - kMargin;
        l.board_x = kMargin;
        l.board_y = top;
        l.board_w = l.panel_x - 2 * kMargin;
        l.board_h = frame.height - top - kMargin;
    }
    return l;
}

void begin_panel(const Layout& layout) {
    ImGui::SetCursorPos(ImVec2(layout.panel_x, layout.panel_y));
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.11f, 0.13f, 0.17f, 1.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 8.0f);
    ImGui::BeginChild("panel", ImVec2(layout.panel_w, layout.panel_h), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
}

void new_game_buttons(GameScreen& screen, Params settings, uint64_t current_seed, std::string& seed_text,
                      std::string& error) {
    char buffer[24] = {};
    seed_text.copy(buffer, sizeof buffer - 1);
    ImGui::SetNextItemWidth(140);
    if (ImGui::InputTextWithHint(tr("Seed"), tr("random"), buffer, sizeof buffer, ImGuiInputTextFlags_CharsDecimal)) seed_text = buffer;
    const bool fresh = ImGui::Button(tr("New game"));
    ImGui::SameLine();
    const bool again = ImGui::Button(tr("Same game again"));
    if (!fresh && !again) return;
    if (again) settings["seed"] = std::to_string(current_seed);
    else if (!seed_text.empty()) settings["seed"] = seed_text;
    error.clear();
    try {
        screen.new_game(settings);
    } catch (const std::invalid_argument& refused) {
        error = tr(message_of(refused));
    }
}

nlohmann::json view_json(const BoardPlacement& board) {
    return {{"x", board.x}, {"y", board.y}, {"cell", board.cell}, {"rows", board.rows}, {"cols", board.cols}};
}

int cell_under_mouse(const BoardPlacement& board) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const ImVec2 origin = ImGui::GetWindowPos();
    const int col = static_cast<int>(std::floor((mouse.x - origin.x - board.x) / board.cell));
    const int row = static_cast<int>(std::floor((mouse.y - origin.y - board.y) / board.cell));
    if (row < 0 || row >= board.rows || col < 0 || col >= board.cols) return -1;
    return row * board.cols + col;
}

}  // namespace gridlab::app
