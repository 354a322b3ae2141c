// What every screen offers the app: its card on the start screen (title, lesson, preview), start a
// game from parameters (the URL's, the web API's or the settings panel's), apply an action, think a
// slice, draw itself, and describe, save and restore its game. The app knows the screens only through
// this: adding one is adding it to the list in App::App().
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/board_look.h"
#include "app/ui_font.h"

struct ImVec2;

namespace gridlab::app {

// Game parameters, as in the URL: ?game=gomoku&size=15&black=human&white=mcts&seed=7
using Params = std::map<std::string, std::string>;

// Reads an integer parameter in [lo, hi]; absent: `fallback`. Throws ValueError (core/message.h) naming it.
int int_param(const Params& params, const std::string& key, int fallback, int lo, int hi);
// The position of `name` among `count` names, or 0 (the first) if absent: a combo box's index.
int index_of(const char* const* names, int count, const std::string& name);
// Reads a parameter that must be one of `choices`; absent: `fallback`. Throws ValueError.
std::string choice_param(const Params& params, const std::string& key, const std::string& fallback,
                         std::initializer_list<const char*> choices);
// Reads a decimal number parameter in [lo, hi]; absent: `fallback`. Throws ValueError.
double number_param(const Params& params, const std::string& key, double fallback, double lo, double hi);
// The seed parameter (any unsigned 64-bit number); absent: a fresh one from the clock.
uint64_t seed_param(const Params& params);

// What a screen needs to draw: fonts, the window, and a way to put boards under its UI.
struct Frame {
    const UiFonts* fonts = nullptr;
    float width = 0, height = 0;
    bool colorblind = false;
    double now_ms = 0;  // a monotonic clock, for animations and timers
    // Keys pressed since the last frame (SDL keycodes), in order. Taken from the events rather than
    // from ImGui's key state, which misses a press and release within one frame on a slow machine.
    // Empty while a text field has the keyboard.
    const std::vector<int>* keys_pressed = nullptr;
    // How much two fingers spread apart since the last frame (SDL's multi-finger gesture: a fraction
    // of the touch surface; negative: pinched together).
    float pinch = 0;
    // Queues a board drawn by the shaders at this point of the current window's draw order.
    void (*queue_board)(void* owner, const BoardPlacement&, std::vector<CellLook>, uint32_t line_rgba,
                        uint32_t mark_rgba) = nullptr;
    // Opens a screen with `params` (the URL's keys, "game" included), e.g. the Learn screen's "Play
    // with it"; the switch shows from the next frame.
    void (*request_open)(void* owner, const Params&) = nullptr;
    // Asks for a frame by `at_ms` (on now_ms's clock): a timer's due time, or now for an animation.
    // Between frames asked for, input and changes on screen, the app rests (app/frame_pacer.h).
    void (*request_frame)(void* owner, double at_ms) = nullptr;
    void* owner = nullptr;
    void open_game(const Params& params) const { request_open(owner, params); }
    void frame_by(double at_ms) const { request_frame(owner, at_ms); }
    void board(const BoardPlacement& where, std::vector<CellLook> cells, uint32_t line_rgba = 0,
               uint32_t mark_rgba = 0xE5484DFF) const {
        queue_board(owner, upright(where), upright_cells(where, std::move(cells)), line_rgba, mark_rgba);
    }
};

// Where a screen puts its board and its side panel: the panel on the right, or below the board on a
// narrow (portrait) screen.
struct Layout {
    float board_x, board_y, board_w, board_h;
    float panel_x, panel_y, panel_w, panel_h;
};
Layout split_layout(const Frame& frame, float top);
// Whether a rows x cols board is drawn turned a quarter (board_look.h): a board wider than tall on a
// portrait screen (a phone), its long side down the screen's.
inline bool turn_board(const Frame& frame, int rows, int cols) { return frame.height > frame.width && cols > rows; }
// Begins the side panel as a child window (end it with ImGui::EndChild()).
void begin_panel(const Layout& layout);
// The foot of every settings panel: a seed field (empty: a new random seed) and the buttons
// "New game" and "Same game again" (the current seed). A press starts the game with `settings` plus
// the seed, and sets `error` to why a setting was refused, or clears it.
void new_game_buttons(class GameScreen& screen, Params settings, uint64_t current_seed, std::string& seed_text,
                      std::string& error);

// Row and column labels beside a board, as players name its cells: Numbers (1, 2, ... from the top
// and the left: Minesweeper), Gomoku's (letters a, b, ... for columns, numbers counted from the
// bottom: "h8") or Puyo's (columns 1..6, rows counted from the bottom). They go in a band kCoordinateBand wide left of and above `board`, which the
// screen leaves free (`band_gap` away from it); on a small board only every fifth is labelled.
// `rows_labelled`: how many rows, from the bottom, have a label (Puyo's spawn rows have none); -1: all.
enum class Coordinates { Numbers, Gomoku, Puyo };
constexpr float kCoordinateBand = 18.0f;
// `shown`: the part of a zoomed board on the screen, beside which the labels go (not the board's edge,
// which may be scrolled away).
void draw_coordinates(const BoardPlacement& board, Coordinates style, float band_gap = 0.0f, int rows_labelled = -1,
                      const Area* shown = nullptr);
std::string row_label(int row, int rows, Coordinates style);
std::string column_label(int col, Coordinates style);

// The keyboard's place on a board (Minesweeper, Gomoku): arrows move it, the screen acts on Enter or
// Space there. It shows, as a bright outline, once a key moved it.
struct BoardCursor {
    int row = 0, col = 0;
    bool shown = false;
    // Moves one cell for an arrow key, staying on the board; false for any other key. On a turned
    // board the arrows move as the player sees it: Down is the game's next column.
    bool move(int key, const BoardPlacement& board);
    void draw(const BoardPlacement& board) const;
    nlohmann::json json() const { return {{"row", row}, {"col", col}, {"shown", shown}}; }
};

// Where the last item (a button, a checkbox) was drawn, in CSS pixels, under `id` in this frame's
// controls (window.gridlab.controls()): tests click on them by name, and read "focused" (the keyboard's
// focus ring is on it). The app clears them at each frame.
void note_control(const std::string& id);
nlohmann::json& controls_shown();

// Where a board is on the page, in CSS pixels, for state(): tests click on cells with it. "rows" and
// "cols" are the game's; "turned": drawn a quarter turn clockwise (board_look.h).
nlohmann::json view_json(const BoardPlacement& board);
// The cell under the mouse inside `board`, or -1.
int cell_under_mouse(const BoardPlacement& board);

// The start screen's cards show a kPreviewSide x kPreviewSide board per screen; preview_pattern gives
// each cell a number in 0..4 to make the picture from.
constexpr int kPreviewSide = 6;
inline int preview_pattern(int cell) {
    const int r = cell / kPreviewSide, c = cell % kPreviewSide;
    return (r * 7 + c * 3 + r * c) % 5;
}

class GameScreen {
public:
    virtual ~GameScreen() = default;
    virtual const char* id() const = 0;      // "minesweeper", "puyo", "gomoku", "learn": the URL's game=
    virtual const char* title() const = 0;   // "Minesweeper"
    virtual const char* lesson() const = 0;  // one line under the title on the start screen's card
    virtual std::vector<CellLook> preview() const = 0;  // the card's picture, kPreviewSide^2 cells
    // True for a screen that works while another is shown (the Learn screen trains): the app restores
    // its saved state at start and updates it every frame.
    virtual bool background() const { return false; }
    // Starts a game; throws std::invalid_argument (game unchanged) for a bad parameter.
    virtual void new_game(const Params& params) = 0;
    // The parameters that start this same game again (with its seed): the share link.
    virtual Params params() const = 0;
    // Applies a player action given as JSON (see each screen); throws std::invalid_argument if it is
    // malformed or illegal now, leaving the game unchanged.
    virtual void act(const nlohmann::json& action) = 0;
    // Per frame: AI thinking for up to `slice_ms`, timers, animations.
    virtual void update(const Frame& frame, double slice_ms) = 0;
    // The screen's UI in the area below the top bar.
    virtual void build_ui(const Frame& frame, float top) = 0;
    virtual nlohmann::json state() const = 0;  // for window.gridlab.state()
    // The game as (parameters, actions), replayed by restore(); restore throws std::exception on
    // anything corrupt or foreign, leaving the current game unchanged.
    virtual nlohmann::json save() const = 0;
    virtual void restore(const nlohmann::json& saved) = 0;
    // The game's state in a sentence or two, in the language shown, for screen readers (the page's
    // ARIA live region mirrors it: the board itself is pixels on a canvas).
    virtual std::string summary() const { return ""; }
    // True once the game is over (won, lost, drawn): a link or a card starts a new one rather than
    // bring it back.
    virtual bool finished() const { return false; }
    // The page is being hidden or closed: mark dirty what is otherwise saved only now and then.
    virtual void keep_now() {}
    // Another screen (or the start screen) is shown instead of this one from this frame on.
    virtual void leave() {}
    // True once after each change worth saving.
    bool take_dirty() {
        const bool was = dirty_;
        dirty_ = false;
        return was;
    }

protected:
    void mark_dirty() { dirty_ = true; }

private:
    bool dirty_ = false;
};

}  // namespace gridlab::app
