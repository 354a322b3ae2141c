// The application: which screen is shown, the UI of each, and the boards under it.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "app/board_renderer.h"
#include "app/ui_font.h"

struct ImDrawList;
struct ImDrawCmd;

namespace gridlab::app {

class App {
public:
    // Builds this frame's UI (between ImGui::NewFrame and ImGui::Render) in a w x h logical window.
    void build_ui(const UiFonts& fonts, float width, float height);
    // Where this frame's boards are drawn: they are drawn while ImGui renders, in the UI's order.
    void set_render_target(BoardRenderer& renderer, float pixel_ratio, int framebuffer_w, int framebuffer_h);
    // JSON of what is on screen, for window.gridlab.state() and tests.
    std::string state_json() const;

private:
    enum class Screen { kStart, kMinesweeper, kPuyo, kGomoku };

    struct RenderTarget {
        BoardRenderer* renderer = nullptr;
        float pixel_ratio = 1.0f;
        int framebuffer_w = 0, framebuffer_h = 0;
    };

    // A board placed in the UI this frame, drawn by an ImDrawList callback at its place in the draw
    // order: above what the UI drew before it (a card), below what it draws after (numbers).
    struct QueuedBoard {
        const RenderTarget* target;
        BoardPlacement where;
        std::vector<CellLook> cells;
        uint32_t line_rgba = 0;
        uint32_t mark_rgba = 0;
    };
    static void draw_queued_board(const ImDrawList* list, const ImDrawCmd* command);

    void build_start_screen(const UiFonts& fonts, float width, float height);
    void build_game_screen(const UiFonts& fonts, float width, float height);
    void queue_board(const BoardPlacement& where, std::vector<CellLook> cells, uint32_t line_rgba = 0,
                     uint32_t mark_rgba = 0);

    Screen screen_ = Screen::kStart;
    RenderTarget target_;
    std::deque<QueuedBoard> boards_;  // a deque: the draw list keeps pointers to its elements
};

}  // namespace gridlab::app
