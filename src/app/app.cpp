#include "app/app.h"

#include <imgui.h>

#include <nlohmann/json.hpp>

namespace gridlab::app {

namespace {

// Palette (0xRRGGBBAA).
constexpr uint32_t kCovered = 0x8FA3BFFF;
constexpr uint32_t kOpened = 0xDDE3EAFF;
constexpr uint32_t kWell = 0x2A3140FF;
constexpr uint32_t kWood = 0xDDB86CFF;
constexpr uint32_t kLine = 0x3B2F1EFF;
constexpr uint32_t kStoneBlack = 0x1E1E22FF;
constexpr uint32_t kStoneWhite = 0xF2F2EEFF;
constexpr uint32_t kPuyoColors[4] = {0xE5484DFF, 0x30A46CFF, 0x3E63DDFF, 0xF5D90AFF};

struct GameInfo {
    const char* id;
    const char* title;
    const char* lesson;
    int rows, cols;
};

constexpr GameInfo kGames[3] = {
    {"minesweeper", "Minesweeper", "Logic, then probability: watch a solver reason about every hidden cell.", 9, 9},
    {"puyo", "Puyo Puyo", "Chains and search: an AI that plans a cascade many moves ahead.", 12, 6},
    {"gomoku", "Gomoku", "Five in a row against Monte Carlo tree search.", 15, 15},
};

// What a game's board looks like before anything is played on it.
std::vector<CellLook> empty_board(int game, int rows, int cols) {
    std::vector<CellLook> cells(static_cast<size_t>(rows * cols));
    for (CellLook& cell : cells) {
        if (game == 0) cell = {kCovered, kShapeRaised, kMarkNone};
        if (game == 1) cell = {kWell, kShapeTile, kMarkNone};
        if (game == 2) cell = {0, kShapeGridLines, kMarkNone};
    }
    return cells;
}

// A small decorative board for each game's card on the start screen.
std::vector<CellLook> preview_board(int game) {
    constexpr int n = 6;
    std::vector<CellLook> cells(n * n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            CellLook& cell = cells[r * n + c];
            const int pattern = (r * 7 + c * 3 + r * c) % 5;
            if (game == 0) cell = {pattern < 2 ? kOpened : kCovered, pattern < 2 ? kShapeTile : kShapeRaised, kMarkNone};
            if (game == 1) cell = r < 2 ? CellLook{kWell, kShapeTile, kMarkNone}
                                        : CellLook{kPuyoColors[(r / 2 + c / 2 + pattern / 3) % 4], kShapeDisc, kMarkNone};
            if (game == 2) {
                cell = {0, kShapeGridLines, kMarkNone};
                if (pattern == 0) cell = {kStoneBlack, kShapeGridLines | kShapeDisc, kMarkNone};
                if (pattern == 3) cell = {kStoneWhite, kShapeGridLines | kShapeDisc, kMarkNone};
            }
        }
    return cells;
}

// A full-window host for the screens: no background, so boards drawn under the UI show through.
bool begin_screen(const char* name, float width, float height) {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                       ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoSavedSettings |
                                       ImGuiWindowFlags_NoBringToFrontOnFocus;
    return ImGui::Begin(name, nullptr, flags);
}

}  // namespace

void App::queue_board(const BoardPlacement& where, std::vector<CellLook> cells, uint32_t line_rgba, uint32_t mark_rgba) {
    boards_.push_back({&target_, where, std::move(cells), line_rgba, mark_rgba});
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddCallback(draw_queued_board, &boards_.back());
    draw->AddCallback(ImDrawCallback_ResetRenderState, nullptr);  // give ImGui's GL state back
}

void App::draw_queued_board(const ImDrawList*, const ImDrawCmd* command) {
    const auto* board = static_cast<const QueuedBoard*>(command->UserCallbackData);
    const RenderTarget& target = *board->target;
    target.renderer->draw(board->where, board->cells, target.pixel_ratio, target.framebuffer_w, target.framebuffer_h,
                          board->line_rgba, board->mark_rgba);
}

void App::build_ui(const UiFonts& fonts, float width, float height) {
    boards_.clear();
    if (screen_ == Screen::kStart)
        build_start_screen(fonts, width, height);
    else
        build_game_screen(fonts, width, height);
}

void App::build_start_screen(const UiFonts& fonts, float width, float height) {
    begin_screen("start", width, height);
    const float margin = 24.0f;
    ImGui::SetCursorPos(ImVec2(margin, margin));
    ImGui::PushFont(fonts.large);
    ImGui::TextUnformatted("gridlab");
    ImGui::PopFont();
    ImGui::SetCursorPosX(margin);
    ImGui::TextDisabled("Play, watch and learn game AI. Pick a game:");

    // Three cards side by side, or stacked on a narrow (portrait) screen.
    const bool stacked = width < 720.0f;
    const float top = ImGui::GetCursorPosY() + 16.0f;
    const float card_w = stacked ? width - 2 * margin : (width - 4 * margin) / 3.0f;
    const float card_h = stacked ? (height - top - 3 * margin) / 3.0f : std::min(height - top - margin, card_w * 1.2f);
    for (int game = 0; game < 3; ++game) {
        const float x = stacked ? margin : margin + float(game) * (card_w + margin);
        const float y = stacked ? top + float(game) * (card_h + margin) : top;
        ImGui::SetCursorPos(ImVec2(x, y));
        ImGui::PushID(game);
        if (ImGui::Button("##card", ImVec2(card_w, card_h))) screen_ = static_cast<Screen>(game + 1);
        ImGui::PopID();
        // Card content: title, lesson, and a preview board in the remaining space.
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const ImVec2 origin = ImGui::GetWindowPos();
        const float pad = 14.0f;
        draw->AddText(fonts.large, fonts.large->FontSize * ImGui::GetIO().FontGlobalScale,
                      ImVec2(origin.x + x + pad, origin.y + y + pad), IM_COL32(240, 240, 245, 255), kGames[game].title);
        const float text_top = y + pad + 40.0f;
        draw->AddText(nullptr, 0.0f, ImVec2(origin.x + x + pad, origin.y + text_top), IM_COL32(190, 195, 205, 255),
                      kGames[game].lesson, nullptr, card_w - 2 * pad);
        const float board_top = text_top + 56.0f;
        if (card_h - (board_top - y) - pad > 24.0f)
            queue_board(fit_board(x + pad, board_top, card_w - 2 * pad, card_h - (board_top - y) - pad, 6, 6),
                        preview_board(game), kLine);
    }
    ImGui::End();
}

void App::build_game_screen(const UiFonts& fonts, float width, float height) {
    const int game = static_cast<int>(screen_) - 1;
    const GameInfo& info = kGames[game];
    begin_screen(info.id, width, height);
    if (ImGui::Button("< Games")) screen_ = Screen::kStart;
    ImGui::SameLine();
    ImGui::PushFont(fonts.large);
    ImGui::TextUnformatted(info.title);
    ImGui::PopFont();
    ImGui::TextDisabled("%s", info.lesson);
    const float top = ImGui::GetCursorPosY() + 8.0f;
    const float margin = 16.0f;
    if (game == 2) {  // Gomoku: the wooden board behind the grid of intersections
        const BoardPlacement grid = fit_board(margin, top, width - 2 * margin, height - top - margin, info.rows, info.cols);
        queue_board(fit_board(grid.x - grid.cell * 0.25f, grid.y - grid.cell * 0.25f, grid.cell * (info.cols + 0.5f),
                              grid.cell * (info.rows + 0.5f), 1, 1),
                    {{kWood, kShapeTile, kMarkNone}});
    }
    queue_board(fit_board(margin, top, width - 2 * margin, height - top - margin, info.rows, info.cols),
                empty_board(game, info.rows, info.cols), kLine);
    ImGui::End();
}

void App::set_render_target(BoardRenderer& renderer, float pixel_ratio, int framebuffer_w, int framebuffer_h) {
    target_ = {&renderer, pixel_ratio, framebuffer_w, framebuffer_h};
}

std::string App::state_json() const {
    nlohmann::json state;
    if (screen_ == Screen::kStart) {
        state["screen"] = "start";
        state["game"] = nullptr;
        state["games"] = {kGames[0].id, kGames[1].id, kGames[2].id};
    } else {
        const GameInfo& info = kGames[static_cast<int>(screen_) - 1];
        state["screen"] = "game";
        state["game"] = info.id;
        state["board"] = {{"rows", info.rows}, {"cols", info.cols}};
    }
    return state.dump();
}

}  // namespace gridlab::app
