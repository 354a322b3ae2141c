// The application: the start screen with a card per screen (the three games and Learn), the top bar,
// notices, and the glue to the page: URL parameters, saving after every move, restoring after a
// reload, files dropped or picked, window.gridlab.
#pragma once

#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/board_renderer.h"
#include "app/frame_pacer.h"
#include "app/learned_models.h"
#include "app/screen.h"
#include "app/ui_font.h"
#include "core/message.h"

struct ImDrawList;
struct ImDrawCmd;

namespace gridlab::app {

// "game=gomoku&size=15" <-> {{"game","gomoku"},{"size","15"}}; a leading '?' is ignored,
// %XX and '+' are decoded. "lang" is the app's language (app/i18n.h), never a game's parameter:
// App::start leaves it out.
Params parse_query(const std::string& query);
std::string to_query(const Params& params);

class App {
public:
    App();
    // Opens what the page's address asks for: a game in progress saved for exactly these
    // parameters, else a new game with them, else the start screen.
    void start(const std::string& query);
    // Per frame, before the UI: AI thinking and training for up to slice_ms each (the screen shown
    // and the background ones), then saving if anything changed.
    void update(double now_ms, double slice_ms);
    // Builds this frame's UI (between ImGui::NewFrame and ImGui::Render) in a w x h logical window,
    // with the keys pressed since the last frame.
    void build_ui(const UiFonts& fonts, float width, float height, const std::vector<int>& keys_pressed);
    // Two fingers spread apart by `spread` (negative: together), given to the screen with the next frame.
    void add_pinch(float spread) { pinch_ += spread; }
    // Where this frame's boards are drawn: they are drawn while ImGui renders, in the UI's order.
    void set_render_target(BoardRenderer& renderer, float pixel_ratio, int framebuffer_w, int framebuffer_h);
    // What this frame's boards show, for the frame's fingerprint (app/frame_pacer.h).
    void add_boards_to(Fingerprint& fingerprint) const;
    // The earliest time a screen asked for a frame since the last call (Frame::frame_by), or infinity.
    double take_frame_due_ms();

    // window.gridlab: JSON in, "" or an error message out.
    std::string state_json() const;
    // Where this frame's named controls were drawn (screen.h note_control): apart from state(), which
    // is the same in every language, while a control's width follows its words.
    std::string controls_json() const;
    // What is on screen in words, in the language shown, for the page's ARIA live region.
    std::string summary() const;
    std::string new_game_json(const std::string& params_json);
    std::string act_json(const std::string& action_json);
    // The page is being hidden or closed (a lid shut, a reload): save what changed, now.
    void keep_now();
    // A file the user dropped on the page or picked: a model file opens the Learn screen with it.
    // Returns "" or why it was refused (also shown as a notice); nothing changes then.
    std::string open_file(std::string_view bytes);
    // A message from the page's side of the Code lesson (web/code/page.js): "" or why it was refused.
    std::string code_message(const std::string& message_json);

private:
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
    static void queue_board(void* self, const BoardPlacement& where, std::vector<CellLook> cells, uint32_t line_rgba,
                            uint32_t mark_rgba);

    static void request_open(void* self, const Params& params);
    static void request_frame(void* self, double at_ms);

    GameScreen* screen_for(const std::string& game) const;
    // Opens `game` with `params`; a bad parameter gives a notice and the game's defaults.
    void open_game(const Params& params);
    // Starts a new game with `params`, leaving out each key the screen refuses (a notice names them)
    // and keeping the rest: one mistyped key does not throw away a teacher's seed.
    void start_forgiving(GameScreen& screen, Params params);
    // Restores the saved game of `screen` if it was started with `params` (all of them when empty).
    // A finished game only when `finished_too`: a link or a card starts a new game after it.
    bool restore_saved(GameScreen& screen, const Params& params, bool finished_too = false);
    // Whether the saved game of `screen` is over; none without a saved game.
    std::optional<bool> saved_game_finished(const GameScreen& screen);
    // A card's click: its game in progress, else a new game; `other_choice`: the card's button, which
    // offers the finished game, or a new game instead of the one in progress.
    void open_card(GameScreen& screen, bool other_choice);
    // The card's button when the game has a save (control "card_choice:<game>"), its state in `card`
    // (state()); true when pressed.
    bool build_card_choice(const GameScreen& screen, float x, float bottom, nlohmann::json& card);
    void save_if_changed();
    void show_address(const std::string& query);  // the page's query, when it changed
    void notify(Message message, double seconds = 6.0);
    void build_start_screen(float width, float height);
    void build_top_bar(float width);
    // The language menu, its right edge at `right`: each language in its own words.
    void build_language_menu(float right);
    Frame make_frame(float width, float height) const;
    // The keyboard: Tab and Shift+Tab move a visible focus through the controls, where ImGui's arrows,
    // Space and Enter work them; Escape, a click or no focus give the keys to the board (its cursor).
    bool keyboard_in_controls() const;
    void route_keys(const std::vector<int>& keys_pressed);
    void finish_keyboard_frame(const std::vector<int>& keys_pressed);

    LearnedModels models_;  // before the screens, which keep a reference to it
    std::vector<std::unique_ptr<GameScreen>> screens_;  // in the start screen's order
    class LearnScreen* learn_ = nullptr;  // one of screens_, where model files go
    class CodeScreen* code_ = nullptr;  // one of screens_, where the Code lesson's page messages go
    GameScreen* current_ = nullptr;  // null: the start screen
    GameScreen* shown_ = nullptr;    // the screen last frame built, told when it leaves
    const UiFonts* fonts_ = nullptr;
    const std::vector<int>* keys_pressed_ = nullptr;  // null while the keys are a text field's or a control's
    unsigned board_id_ = 0;  // the ImGui id of the screen's board, where the keys are the board's
    float pinch_ = 0;  // add_pinch() since the last frame
    bool focus_alive_ = false;  // the focused (or last clicked) control was drawn last frame: Tab goes on from it
    bool colorblind_ = false;
    double now_ms_ = 0;
    Message notice_;  // worded in the language shown; state() gives it in English
    std::string shown_query_;
    std::map<std::string, std::optional<bool>> saved_finished_;  // saved_game_finished() by screen id, read once
    nlohmann::json cards_ = nlohmann::json::array();  // where the start screen's cards were drawn, for state()
    double notice_until_ms_ = 0;  // infinity: shown from the next update on, for notice_seconds_
    double notice_seconds_ = 0;
    RenderTarget target_;
    std::deque<QueuedBoard> boards_;  // a deque: the draw list keeps pointers to its elements
    double frame_due_ms_ = std::numeric_limits<double>::infinity();
};

}  // namespace gridlab::app
