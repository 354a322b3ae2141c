#include "app/screen.h"

#include <imgui.h>
#include <imgui_internal.h>  // the active id: whether a press began on the panel itself

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "app/i18n.h"
#include "app/keys.h"
#include "app/palette.h"
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
    const palette::Rgba panel = palette::floats(palette::kPanel);
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(panel.r, panel.g, panel.b, panel.a));
    ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 8.0f);
    // NavFlattened: Tab goes from the top bar and the board on into the panel's controls (app.cpp).
    ImGui::BeginChild("panel", ImVec2(layout.panel_w, layout.panel_h), false,
                      ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_NavFlattened);
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
    // A finger (or the mouse) dragged on the panel scrolls it, as on any phone page: ImGui itself
    // scrolls only with a wheel or its thin scrollbar. A press on the panel's background or text makes
    // the panel's own move id active (ImGui's window dragging, which a child window does not do); a
    // drag that began on a control is the control's.
    const bool pressed_on_panel = GImGui->ActiveId != 0 && GImGui->ActiveId == ImGui::GetCurrentWindow()->MoveId;
    if (pressed_on_panel && ImGui::IsMouseDragging(ImGuiMouseButton_Left))
        ImGui::SetScrollY(ImGui::GetScrollY() - ImGui::GetIO().MouseDelta.y);
}

void new_game_buttons(GameScreen& screen, Params settings, uint64_t current_seed, std::string& seed_text,
                      std::string& error) {
    char buffer[24] = {};
    seed_text.copy(buffer, sizeof buffer - 1);
    ImGui::SetNextItemWidth(140);
    if (ImGui::InputTextWithHint(tr("Seed"), tr("random"), buffer, sizeof buffer, ImGuiInputTextFlags_CharsDecimal)) seed_text = buffer;
    const bool fresh = ImGui::Button(tr("New game"));
    note_control("new_game");
    ImGui::SameLine();
    const bool again = ImGui::Button(tr("Same game again"));
    note_control("same_game");
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

bool BoardCursor::move(int key, const BoardPlacement& board) {
    const int screen_down = key == keys::kDown ? 1 : key == keys::kUp ? -1 : 0;
    const int screen_right = key == keys::kRight ? 1 : key == keys::kLeft ? -1 : 0;
    if (!screen_down && !screen_right) return false;
    // Turned clockwise, the screen's down is the game's next column and its right the game's row above.
    const int down = board.turned ? -screen_right : screen_down;
    const int right = board.turned ? screen_down : screen_right;
    // The first key shows the cursor where it is, rather than a step away from an unseen place.
    if (shown) {
        row = std::clamp(row + down, 0, board.rows - 1);
        col = std::clamp(col + right, 0, board.cols - 1);
    }
    shown = true;
    return true;
}

void BoardCursor::draw(const BoardPlacement& board) const {
    if (!shown) return;
    const ImVec2 origin = ImGui::GetWindowPos();
    const Corner corner = cell_corner(board, row, col);
    const ImVec2 low(origin.x + corner.x, origin.y + corner.y);
    const ImVec2 high(low.x + board.cell, low.y + board.cell);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRect(low, high, IM_COL32(0, 0, 0, 255), 3.0f, 0, 5.0f);  // dark edge: seen on light cells too
    draw->AddRect(low, high, IM_COL32(255, 214, 0, 255), 3.0f, 0, 2.5f);
}

std::string row_label(int row, int rows, Coordinates style) {
    return std::to_string(style == Coordinates::Numbers ? row + 1 : rows - row);
}

std::string column_label(int col, Coordinates style) {
    return style == Coordinates::Gomoku ? std::string(1, static_cast<char>('a' + col)) : std::to_string(col + 1);
}

void draw_coordinates(const BoardPlacement& board, Coordinates style, float band_gap, int rows_labelled, const Area* shown) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetWindowPos();
    const float size = std::min(13.0f, std::max(9.0f, board.cell * 0.5f));
    const int every = board.cell >= 16.0f ? 1 : 5;  // expert Minesweeper on a phone: 1, 5, 10, ...
    const ImU32 colour = IM_COL32(170, 176, 188, 255);
    auto put = [&](const std::string& text, float centre_x, float centre_y) {
        const ImVec2 extent = ImGui::GetFont()->CalcTextSizeA(size, 1e9f, 0, text.c_str());
        draw->AddText(ImGui::GetFont(), size, ImVec2(origin.x + centre_x - extent.x / 2, origin.y + centre_y - extent.y / 2),
                      colour, text.c_str());
    };
    auto labelled = [every](int index) { return index == 0 || (index + 1) % every == 0; };
    const float left = (shown ? shown->x : board.x) - band_gap - kCoordinateBand / 2;
    const float above = (shown ? shown->y : board.y) - band_gap - kCoordinateBand / 2;
    // A label goes beside its cell's centre, and only while that centre is on the screen: the label
    // of a row scrolled off a zoomed board would stand in the corner, among the other edge's labels.
    auto beside_left = [&](const std::string& label, float centre_y) {
        if (!shown || (centre_y >= shown->y && centre_y <= shown->y + shown->h)) put(label, left, centre_y);
    };
    auto above_top = [&](const std::string& label, float centre_x) {
        if (!shown || (centre_x >= shown->x && centre_x <= shown->x + shown->w)) put(label, centre_x, above);
    };
    // Turned (board_look.h), the game's columns are labelled down the left edge and its rows, from
    // the last on the left, along the top.
    const int first_row = rows_labelled < 0 ? 0 : board.rows - rows_labelled;
    for (int row = first_row; row < board.rows; ++row) {
        if (!labelled(row)) continue;
        const Corner corner = cell_corner(board, row, 0);
        const std::string label = row_label(row, board.rows, style);
        if (board.turned) above_top(label, corner.x + 0.5f * board.cell);
        else beside_left(label, corner.y + 0.5f * board.cell);
    }
    for (int col = 0; col < board.cols; ++col) {
        if (!labelled(col)) continue;
        const Corner corner = cell_corner(board, board.rows - 1, col);
        const std::string label = column_label(col, style);
        if (board.turned) beside_left(label, corner.y + 0.5f * board.cell);
        else above_top(label, corner.x + 0.5f * board.cell);
    }
}

nlohmann::json& controls_shown() {
    static nlohmann::json controls = nlohmann::json::object();
    return controls;
}

void note_control(const std::string& id) {
    const ImVec2 low = ImGui::GetItemRectMin(), high = ImGui::GetItemRectMax();
    // "focused": the keyboard's focus ring is on it (Tab).
    const bool focused = ImGui::GetItemID() == GImGui->NavId && !GImGui->NavDisableHighlight;
    controls_shown()[id] = {{"x", low.x}, {"y", low.y}, {"w", high.x - low.x}, {"h", high.y - low.y}, {"focused", focused}};
}

nlohmann::json view_json(const BoardPlacement& board) {
    return {{"x", board.x}, {"y", board.y}, {"cell", board.cell}, {"rows", board.rows}, {"cols", board.cols},
            {"turned", board.turned}};
}

int cell_under_mouse(const BoardPlacement& board) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const ImVec2 origin = ImGui::GetWindowPos();
    return cell_at(board, mouse.x - origin.x, mouse.y - origin.y);
}

}  // namespace gridlab::app
