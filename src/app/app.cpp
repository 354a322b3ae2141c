#include "app/app.h"

#include <imgui.h>
#include <imgui_internal.h>  // keyboard focus: the nav id, and a tabbing request through every item

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <utility>

#include "app/ai_runner.h"
#include "app/code_screen.h"
#include "app/gomoku_screen.h"
#include "app/host.h"
#include "app/i18n.h"
#include "app/keys.h"
#include "app/learn_screen.h"
#include "app/palette.h"
#include "app/minesweeper_screen.h"
#include "app/puyo_screen.h"

namespace gridlab::app {

namespace {

using namespace palette;
constexpr int kSaveVersion = 1;
constexpr double kNoticeSeconds = 6.0;
constexpr float kLanguageMenuWidth = 120.0f;
constexpr const char* kPaletteKey = "gridlab.palette";  // "colorblind" or "standard", as the link's palette=

// The full-window host of every screen: no background, so boards drawn under the UI show through.
void begin_screen_window(float width, float height) {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                       ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoSavedSettings |
                                       ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("screen", nullptr, flags);
}

bool pressed(const std::vector<int>& keys_pressed, int key) {
    return std::find(keys_pressed.begin(), keys_pressed.end(), key) != keys_pressed.end();
}

// Tab and Shift+Tab: the keyboard's focus to the next or previous control, through every item.
// ImGui 1.86's own Tab visits text fields and sliders only; the request it makes for
// SetKeyboardFocusHere() (a "focus API" tabbing request) visits every item, so this submits that
// kind, from the focused control (`from_focus`) or else to the first. It replaces the request ImGui
// made for the Tab in NewFrame(): no item was scored for that yet.
void request_tab(bool backwards, bool from_focus) {
    ImGuiContext& g = *GImGui;
    if (!g.NavWindow) ImGui::FocusWindow(ImGui::GetCurrentWindow());
    ImGui::NavMoveRequestSubmit(ImGuiDir_None, backwards ? ImGuiDir_Up : ImGuiDir_Down,
                                ImGuiNavMoveFlags_Tabbing | ImGuiNavMoveFlags_FocusApi,
                                ImGuiScrollFlags_KeepVisibleEdgeX | ImGuiScrollFlags_KeepVisibleEdgeY);
    g.NavTabbingDir = backwards ? -1 : from_focus ? 1 : 0;
    g.NavTabbingResultFirst.Clear();
    g.NavTabbingCounter = -1;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string url_decode(const std::string& text) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '+') {
            out += ' ';
        } else if (text[i] == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
            out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::string url_encode(const std::string& text) {
    static const char* kHex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == ',') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

std::string save_key(const std::string& game) { return "gridlab." + game; }

// Text from a URL may hold any bytes: invalid UTF-8 is replaced rather than refused by the dump.
std::string dump_json(const nlohmann::json& doc) {
    return doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// `text` with its invalid UTF-8 replaced, as a saved game's dump replaces it (dump_json): a link's
// parameters then come back from a save as they went in. (A key with a stray byte, such as
// "Whi%80te", made every reload of its game a new game: the saved parameters no longer matched.)
std::string valid_utf8(const std::string& text) { return nlohmann::json::parse(dump_json(text)).get<std::string>(); }

// {"size": 15, "rule": "standard"} from JavaScript: numbers and booleans are accepted as text.
Params params_from_json(const nlohmann::json& object) {
    if (!object.is_object()) throw Refusal(translatable("expected an object of parameters"));
    Params params;
    for (const auto& [key, value] : object.items()) {
        if (value.is_string()) params[key] = value.get<std::string>();
        else if (value.is_number_integer() || value.is_boolean()) params[key] = value.dump();
        else throw Refusal(translatable("{param}: expected text or a whole number", {{"param", key}}));
    }
    return params;
}

// A link's keys and values in lower case: every game's keys and values are lower-case ids or
// numbers, and a teacher may type "game=Gomoku".
Params lower_case(const Params& params) {
    auto lower = [](std::string text) {
        for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return text;
    };
    Params out;
    for (const auto& [key, value] : params) out[lower(key)] = lower(value);
    return out;
}

}  // namespace

Params parse_query(const std::string& query) {
    Params params;
    size_t start = !query.empty() && query[0] == '?' ? 1 : 0;
    while (start < query.size()) {
        size_t end = query.find('&', start);
        if (end == std::string::npos) end = query.size();
        const std::string pair = query.substr(start, end - start);
        const size_t equals = pair.find('=');
        if (!pair.empty())
            params[valid_utf8(url_decode(pair.substr(0, equals)))] =
                equals == std::string::npos ? "" : valid_utf8(url_decode(pair.substr(equals + 1)));
        start = end + 1;
    }
    return params;
}

std::string to_query(const Params& params) {
    // "game" first, so a shared link reads naturally.
    std::string query;
    auto add = [&](const std::string& key, const std::string& value) {
        if (!query.empty()) query += '&';
        query += url_encode(key);
        query += '=';
        query += url_encode(value);
    };
    if (params.count("game")) add("game", params.at("game"));
    for (const auto& [key, value] : params)
        if (key != "game") add(key, value);
    return query;
}

App::App() {
    screens_.push_back(std::make_unique<MinesweeperScreen>(models_));
    screens_.push_back(std::make_unique<PuyoScreen>(models_));
    screens_.push_back(std::make_unique<GomokuScreen>(models_));
    auto learn = std::make_unique<LearnScreen>(models_);
    learn_ = learn.get();
    screens_.push_back(std::move(learn));
    auto code = std::make_unique<CodeScreen>();
    code_ = code.get();
    screens_.push_back(std::move(code));
}

std::string App::code_message(const std::string& message_json) {
    try {
        code_->receive(nlohmann::json::parse(message_json));
        save_if_changed();
        return "";
    } catch (const std::exception& error) {
        return std::string("code: ") + error.what();
    }
}

GameScreen* App::screen_for(const std::string& game) const {
    for (const auto& screen : screens_)
        if (game == screen->id()) return screen.get();
    return nullptr;
}

void App::notify(Message message, double seconds) {
    notice_ = std::move(message);
    // Its time starts at the next update: a notice from start() waits for the first frame, however
    // long the page takes to get there (fonts for a CJK language take a moment to build).
    notice_seconds_ = seconds;
    notice_until_ms_ = std::numeric_limits<double>::infinity();
}

std::optional<bool> App::saved_game_finished(const GameScreen& screen) {
    const auto known = saved_finished_.find(screen.id());
    if (known != saved_finished_.end()) return known->second;
    std::optional<bool> finished;
    if (const std::optional<std::string> text = load_saved(save_key(screen.id()))) {
        const nlohmann::json saved = nlohmann::json::parse(*text, nullptr, false);
        // A save from before "finished" was kept counts as a game in progress, and so does one whose
        // "finished" is not true or false: a corrupt save is found out, and dropped with a notice,
        // when it is restored. (Read with value(), that one threw out of the start screen's frame,
        // which stopped the page at every visit.)
        if (saved.is_object()) finished = saved.contains("finished") && saved["finished"] == true;
    }
    return saved_finished_[screen.id()] = finished;
}

bool App::restore_saved(GameScreen& screen, const Params& params, bool finished_too) {
    const std::optional<std::string> text = load_saved(save_key(screen.id()));
    if (!text) return false;
    try {
        const nlohmann::json saved = nlohmann::json::parse(*text);
        if (saved.at("version") != kSaveVersion || saved.at("game").get<std::string>() != screen.id())
            throw Refusal(translatable("it was saved by another version"));
        if (!params.empty() && saved.at("save").at("params").get<Params>() != params) return false;
        if (!finished_too && saved.value("finished", false)) return false;
        screen.restore(saved.at("save"));
        return true;
    } catch (const std::exception& error) {
        forget_saved(save_key(screen.id()));
        saved_finished_.erase(screen.id());
        notify(translatable("The saved game could not be restored ({reason}), so a new one starts.",
                            {{"reason", reason_for_user(error, translatable("the saved data is damaged"))}}));
        return false;
    }
}

void App::open_game(const Params& params) {
    GameScreen* screen = screen_for(params.at("game"));
    if (!screen) {
        notify(translatable("There is no game called '{game}'.", {{"game", params.at("game")}}));
        current_ = nullptr;
        return;
    }
    if (screen != current_) ai_runner().cancel_search();  // leaving a screen stops its search
    current_ = screen;
    // A background screen was restored at start and has gone on since: shown as it is, unless the
    // link asks for other settings.
    if (screen->background() && (params.size() == 1 || params == screen->params())) return;
    // A link with settings restores its own game; a bare "game=" (a card) restores any saved one.
    if (!screen->background() && restore_saved(*screen, params.size() > 1 ? params : Params{})) return;
    start_forgiving(*screen, params);
}

void App::start_forgiving(GameScreen& screen, Params params) {
    std::vector<std::string> left_out;  // "show=probabilty"
    Message reason;
    for (;;) {
        try {
            screen.new_game(params);
            break;
        } catch (const std::exception& error) {
            const auto* refused = dynamic_cast<const ValueError*>(&error);
            const auto bad = refused ? params.find(refused->param()) : params.end();
            if (bad == params.end()) {
                // Settings that do not fit together (a custom field with too many mines): no key to blame.
                notify(translatable("The link asks for something that is not possible ({reason}), so the usual settings are used.",
                                    {{"reason", reason_for_user(error, translatable("the settings do not fit together"))}}));
                screen.new_game({});
                return;
            }
            left_out.push_back(bad->first + "=" + bad->second);
            reason = refused->message();
            params.erase(bad);  // each turn drops a key: the loop ends
        }
    }
    if (left_out.size() == 1) {
        notify(translatable("The link's {setting} was left out ({reason}); the rest of the link is used.",
                            {{"setting", literal(left_out[0])}, {"reason", reason}}));
    } else if (left_out.size() > 1) {
        std::string settings;
        for (const std::string& setting : left_out) settings += (settings.empty() ? "" : ", ") + setting;
        notify(translatable("The link's {settings} were left out; the rest of the link is used.",
                            {{"settings", literal(settings)}}));
    }
}

void App::start(const std::string& query) {
    // Training goes on from where it was, whichever screen the address opens (ai=learned needs it).
    for (const auto& screen : screens_)
        if (screen->background()) restore_saved(*screen, {});
    Params params = lower_case(parse_query(query));
    params.erase("lang");  // the page's language, chosen before the app starts (main.cpp, web/gridlab.js)
    // The palette: a link's is remembered, as a link's language is (web/gridlab.js), so that a reload
    // keeps it (the address shows the game's parameters only), and so does the reload onto a new
    // build of the site; else the one chosen last.
    const auto palette = params.find("palette");
    if (palette != params.end()) {
        if (palette->second == "colorblind" || palette->second == "standard") store_saved(kPaletteKey, palette->second);
        params.erase(palette);
    }
    colorblind_ = load_saved(kPaletteKey).value_or("") == "colorblind";
    if (params.count("game")) open_game(params);
}

void App::keep_now() {
    for (const auto& screen : screens_) screen->keep_now();
    save_if_changed();
}

void App::save_if_changed() {
    // The screen shown and the background ones: the others' games are not in play (a saved game of
    // theirs waits for them untouched).
    for (const auto& screen : screens_) {
        if ((screen.get() != current_ && !screen->background()) || !screen->take_dirty()) continue;
        const nlohmann::json saved = {
            {"version", kSaveVersion}, {"game", screen->id()}, {"finished", screen->finished()}, {"save", screen->save()}};
        store_saved(save_key(screen->id()), dump_json(saved));
        saved_finished_[screen->id()] = screen->finished();
        if (screen.get() == current_) show_address(to_query(current_->params()));
    }
}

void App::show_address(const std::string& query) {
    if (query == shown_query_) return;  // browsers limit how often the address may change
    shown_query_ = query;
    show_query_in_address(query);
}

void App::update(double now_ms, double slice_ms) {
    now_ms_ = now_ms;
    if (std::isinf(notice_until_ms_)) notice_until_ms_ = now_ms + notice_seconds_ * 1000.0;
    try {
        for (const auto& screen : screens_)
            if (screen.get() == current_ || screen->background()) screen->update(make_frame(0, 0), slice_ms);
        if (std::optional<Message> notice = ai_runner().take_notice()) notify(std::move(*notice));
        save_if_changed();
    } catch (const std::exception& error) {
        // An engine refusing what the screen asked is a bug, but must not stop the page.
        notify(translatable("Something went wrong: {reason}", {{"reason", message_of(error)}}));
    }
}

void App::queue_board(void* self, const BoardPlacement& where, std::vector<CellLook> cells, uint32_t line_rgba,
                      uint32_t mark_rgba) {
    App& app = *static_cast<App*>(self);
    app.boards_.push_back({&app.target_, where, std::move(cells), line_rgba, mark_rgba});
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddCallback(draw_queued_board, &app.boards_.back());
    draw->AddCallback(ImDrawCallback_ResetRenderState, nullptr);  // give ImGui its GL state back
}

void App::draw_queued_board(const ImDrawList*, const ImDrawCmd* command) {
    const auto* board = static_cast<const QueuedBoard*>(command->UserCallbackData);
    const RenderTarget& target = *board->target;
    const ImVec4& clip = command->ClipRect;  // x0, y0, x1, y1
    target.renderer->draw(board->where, board->cells, {clip.x, clip.y, clip.z - clip.x, clip.w - clip.y}, target.pixel_ratio,
                          target.framebuffer_w, target.framebuffer_h, board->line_rgba, board->mark_rgba);
}

void App::open_card(GameScreen& screen, bool other_choice) {
    if (!other_choice) return open_game({{"game", screen.id()}});
    if (screen.background() || !saved_game_finished(screen)) return;
    ai_runner().cancel_search();
    current_ = &screen;
    // The other choice to the card's own: the finished game, or a new one instead of the game in progress.
    if (*saved_game_finished(screen) && restore_saved(screen, {}, true)) return;
    screen.new_game({{"game", screen.id()}});
}

void App::request_open(void* self, const Params& params) { static_cast<App*>(self)->open_game(params); }

void App::request_frame(void* self, double at_ms) {
    double& due = static_cast<App*>(self)->frame_due_ms_;
    due = std::min(due, at_ms);
}

double App::take_frame_due_ms() { return std::exchange(frame_due_ms_, std::numeric_limits<double>::infinity()); }

void App::add_boards_to(Fingerprint& fingerprint) const {
    for (const QueuedBoard& board : boards_) {
        fingerprint.add(board.where.x);
        fingerprint.add(board.where.y);
        fingerprint.add(board.where.cell);
        fingerprint.add(board.where.rows);
        fingerprint.add(board.where.cols);
        fingerprint.add(board.line_rgba);
        fingerprint.add(board.mark_rgba);
        for (const CellLook& cell : board.cells) {
            fingerprint.add(cell.rgba);
            fingerprint.add(cell.shape);
            fingerprint.add(cell.mark);
        }
    }
}

void App::set_render_target(BoardRenderer& renderer, float pixel_ratio, int framebuffer_w, int framebuffer_h) {
    target_ = {&renderer, pixel_ratio, framebuffer_w, framebuffer_h};
}

Frame App::make_frame(float width, float height) const {
    Frame frame;
    frame.fonts = fonts_;
    frame.width = width;
    frame.height = height;
    frame.colorblind = colorblind_;
    frame.now_ms = now_ms_;
    frame.keys_pressed = keys_pressed_;
    frame.pinch = pinch_;
    frame.queue_board = &App::queue_board;
    frame.request_open = &App::request_open;
    frame.request_frame = &App::request_frame;
    frame.owner = const_cast<App*>(this);
    return frame;
}

bool App::keyboard_in_controls() const {
    const ImGuiContext& g = *GImGui;
    return g.NavId != 0 && !g.NavDisableHighlight && g.NavId != board_id_;
}

void App::route_keys(const std::vector<int>& keys_pressed) {
    ImGuiContext& g = *GImGui;
    ImGuiIO& io = ImGui::GetIO();
    if (pressed(keys_pressed, keys::kEscape)) g.NavDisableHighlight = true;  // the keys go back to the board
    // From the control last focused or clicked, if it is still there; the frame's last Tab decides.
    const auto last_tab = std::find_if(keys_pressed.rbegin(), keys_pressed.rend(),
                                       [](int key) { return key == keys::kTab || key == keys::kShiftTab; });
    const bool tab = last_tab != keys_pressed.rend();
    if (tab) request_tab(*last_tab == keys::kShiftTab, g.NavId != 0 && focus_alive_);
    const bool in_controls = keyboard_in_controls();
    keys_pressed_ = io.WantTextInput || in_controls ? nullptr : &keys_pressed;
    // ImGui's keyboard navigation (read from the next frame on) only while a control has the focus, or
    // Tab moves it to one: its arrows, Space and Escape work the control and its ring shows (ImGui
    // hides the ring without it). Otherwise the arrows move the board's cursor and Space plays there,
    // not on the button last clicked.
    if (in_controls || tab) io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    else io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
}

void App::finish_keyboard_frame(const std::vector<int>& keys_pressed) {
    // ImGui 1.86 presses the focused button with Space only; its Enter is for text input. A control
    // that did not take this Enter as input (it is not the active item now) is pressed as with Space.
    // And whether the focus is on a control still there, for the next Tab.
    const ImGuiContext& g = *GImGui;
    if (keyboard_in_controls() && !ImGui::GetIO().WantTextInput && pressed(keys_pressed, keys::kEnter) && g.ActiveId != g.NavId)
        ImGui::ActivateItem(g.NavId);
    focus_alive_ = g.NavIdIsAlive;
}

void App::build_ui(const UiFonts& fonts, float width, float height, const std::vector<int>& keys_pressed) {
    fonts_ = &fonts;
    boards_.clear();
    controls_shown() = nlohmann::json::object();
    begin_screen_window(width, height);
    route_keys(keys_pressed);
    if (current_) build_top_bar(width);
    if (current_) {  // the top bar's back button may have closed the game
        const float top = ImGui::GetCursorPosY() + 4.0f;
        ImGui::PushID(current_->id());  // each game's panel its own scroll position, from the top
        board_id_ = ImGui::GetID("board");  // the screens' board: with the focus there, the keys are its
        try {
            current_->build_ui(make_frame(width, height), top);
        } catch (const std::exception& error) {
            notify(translatable("Something went wrong: {reason}", {{"reason", message_of(error)}}));
        }
        ImGui::PopID();
    } else {
        build_start_screen(width, height);
    }
    if (!notice_.pattern.empty() && now_ms_ < notice_until_ms_) {
        ImGui::SetNextWindowPos(ImVec2(width * 0.5f, height - 16.0f), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
        ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(std::min(width - 32.0f, 640.0f), 400));
        ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.35f, 0.20f, 0.10f, 0.95f));
        ImGui::Begin("notice", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                            ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing);
        const std::string text = tr(notice_);
        ImGui::TextUnformatted(wrap_text(ImGui::GetFont(), ImGui::GetFontSize(), text, std::min(width - 48.0f, 620.0f)).c_str());
        ImGui::End();
        ImGui::PopStyleColor();
    }
    finish_keyboard_frame(keys_pressed);
    if (shown_ != current_) {  // a screen left this frame (the back button, a card, a link)
        if (shown_) shown_->leave();
        shown_ = current_;
    }
    pinch_ = 0;
    ImGui::End();
    save_if_changed();
}

void App::build_top_bar(float width) {
    ImGui::SetCursorPos(ImVec2(12, 10));
    if (ImGui::Button(tr("< Games"))) {
        ai_runner().cancel_search();
        current_ = nullptr;
        show_address("");
        return;
    }
    ImGui::SameLine();
    ImGui::PushFont(fonts_->large);
    ImGui::TextUnformatted(tr(current_->title()));
    ImGui::PopFont();
    // Share, palette and language on the right, or on a line of their own when the screen is narrow
    // (a phone). Their width is measured: a translation may be longer or shorter than the English.
    const ImGuiStyle& style = ImGui::GetStyle();
    const char* share = tr("Share link");
    const char* palette = tr("Colour-blind palette");
    const float right_block = ImGui::CalcTextSize(share).x + ImGui::CalcTextSize(palette).x + kLanguageMenuWidth +
                              ImGui::GetFrameHeight() + 4 * style.FramePadding.x + 3 * style.ItemSpacing.x + 24.0f;
    ImGui::SameLine();
    if (ImGui::GetCursorPosX() + 16.0f > width - right_block) {
        ImGui::NewLine();
        ImGui::SetCursorPosX(12);
    } else {
        ImGui::SetCursorPosX(width - right_block);
    }
    const bool share_pressed = ImGui::Button(share);
    note_control("share");
    if (share_pressed) {
        // The link keeps the game's parameters, and carries the language when it is not English and
        // the colour-blind palette when it is on.
        const std::string query = to_query(current_->params()) + (language() == "en" ? "" : "&lang=" + language()) +
                                  (colorblind_ ? "&palette=colorblind" : "");
        const SharedLink shared = copy_link(query);
        notify(shared.copied ? translatable("Link copied: {link}", {{"link", literal(shared.link)}})
                             : translatable("This page cannot copy (it is not on https): select the link in the box and copy it."),
               kNoticeSeconds);
    }
    ImGui::SameLine();
    if (ImGui::Checkbox(palette, &colorblind_)) store_saved(kPaletteKey, colorblind_ ? "colorblind" : "standard");
    note_control("palette");
    ImGui::SameLine();
    // A phone may have no room left beside the palette's label: the menu goes on a line of its own.
    if (ImGui::GetCursorPosX() + kLanguageMenuWidth > width - 12.0f) ImGui::NewLine();
    build_language_menu(width - 12.0f);
}

void App::build_language_menu(float right) {
    ImGui::SetCursorPosX(right - kLanguageMenuWidth);
    ImGui::SetNextItemWidth(kLanguageMenuWidth);
    const char* shown = kLanguages[0].name;
    for (const Language& known : kLanguages)
        if (language() == known.code) shown = known.name;
    if (!ImGui::BeginCombo("##language", shown)) return;
    for (const Language& choice : kLanguages) {
        if (ImGui::Selectable(choice.name, language() == choice.code) && language() != choice.code) {
            try {
                load_language(choice.code);
            } catch (const std::exception& error) {
                notify(translatable("The language could not be loaded ({reason}).",
                                    {{"reason", reason_for_user(error, translatable("its file is damaged"))}}));
            }
        }
    }
    ImGui::EndCombo();
}

void App::build_start_screen(float width, float height) {
    const float margin = 24.0f;
    ImGui::SetCursorPos(ImVec2(margin, margin));
    ImGui::PushFont(fonts_->large);
    ImGui::TextUnformatted("gridlab");
    ImGui::PopFont();
    ImGui::SameLine();
    build_language_menu(width - margin);
    ImGui::SetCursorPosX(margin);
    // Wrapped within the cards' margins: on a phone the line is wider than the screen.
    text_wrapped_disabled(tr("Play, watch and learn game AI. Pick a game, or make an AI:"), width - 2 * margin);
    note_control("subtitle");

    // A card per screen: in a row on a wide screen, two by two on a medium one, stacked on a phone.
    const int count = static_cast<int>(screens_.size());
    const int columns = width >= 1100.0f ? count : width >= 560.0f ? 2 : 1;
    const int rows = (count + columns - 1) / columns;
    const float top = ImGui::GetCursorPosY() + 16.0f;
    const float card_w = (width - float(columns + 1) * margin) / float(columns);
    const float card_h = std::min((height - top - float(rows) * margin) / float(rows), card_w * 1.2f);
    const Frame frame = make_frame(width, height);
    cards_ = nlohmann::json::array();
    for (int index = 0; index < count; ++index) {
        const GameScreen& screen = *screens_[index];
        const float x = margin + float(index % columns) * (card_w + margin);
        const float y = top + float(index / columns) * (card_h + margin);
        ImGui::SetCursorPos(ImVec2(x, y));
        ImGui::PushID(index);
        const bool chosen = ImGui::Button("##card", ImVec2(card_w, card_h));
        ImGui::SetItemAllowOverlap();  // the saved game's button on the card takes its own clicks
        nlohmann::json card = {{"game", screen.id()}, {"x", x}, {"y", y}, {"w", card_w}, {"h", card_h}};
        // Card content: title, lesson, and a preview board in the remaining space.
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const ImVec2 origin = ImGui::GetWindowPos();
        const float pad = 14.0f;
        const float title_size = fonts_->large->FontSize * ImGui::GetIO().FontGlobalScale;
        draw->AddText(fonts_->large, title_size, ImVec2(origin.x + x + pad, origin.y + y + pad),
                      IM_COL32(240, 240, 245, 255), tr(screen.title()));
        const float text_top = y + pad + title_size + 10.0f;
        const std::string lesson = wrap_text(ImGui::GetFont(), ImGui::GetFontSize(), tr(screen.lesson()), card_w - 2 * pad);
        draw->AddText(nullptr, 0.0f, ImVec2(origin.x + x + pad, origin.y + text_top), IM_COL32(190, 195, 205, 255),
                      lesson.c_str());
        const float board_top = text_top + std::max(ImGui::CalcTextSize(lesson.c_str()).y, 2 * ImGui::GetTextLineHeight()) + 16.0f;
        // A game with a save has its button under the preview.
        const bool saved = !screen.background() && saved_game_finished(*screens_[index]);
        const float board_h = card_h - (board_top - y) - pad - (saved ? ImGui::GetFrameHeight() + 8.0f : 0.0f);
        if (board_h > 24.0f)
            frame.board(fit_board(x + pad, board_top, card_w - 2 * pad, board_h, kPreviewSide, kPreviewSide),
                        screen.preview(), kGridLine);
        const bool other_chosen = build_card_choice(*screens_[index], x + pad, y + card_h - pad, card);
        ImGui::PopID();
        cards_.push_back(std::move(card));
        if (chosen || other_chosen) open_card(*screens_[index], other_chosen);
    }
}

bool App::build_card_choice(const GameScreen& screen, float x, float bottom, nlohmann::json& card) {
    const std::optional<bool> finished = screen.background() ? std::nullopt : saved_game_finished(screen);
    if (!finished) return false;
    // The card opens a game in progress, or a new game after a finished one: the button offers the other.
    card["saved"] = *finished ? "finished" : "playing";
    const char* label = *finished ? tr("See the last game") : tr("New game");
    ImGui::SetCursorPos(ImVec2(x, bottom - ImGui::GetFrameHeight()));
    // Brighter than the card, which is a button too.
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.23f, 0.36f, 0.62f, 1.0f));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.30f, 0.45f, 0.75f, 1.0f));
    const bool pressed = ImGui::Button(label);
    ImGui::PopStyleColor(2);
    note_control(std::string("card_choice:") + screen.id());
    return pressed;
}

std::string App::state_json() const {
    if (!current_) {
        nlohmann::json games = nlohmann::json::array();
        for (const auto& screen : screens_) games.push_back(screen->id());
        return nlohmann::json{{"screen", "start"}, {"game", nullptr}, {"games", games}, {"cards", cards_},
                              {"ai_runner", ai_runner().where()}}
            .dump();
    }
    nlohmann::json state = current_->state();
    state["screen"] = "game";
    state["ai_runner"] = ai_runner().where();  // where the AI thinks: "worker" or "frames"
    state["palette"] = colorblind_ ? "colorblind" : "standard";
    // In English whatever the language shown: state() is the same in every language.
    state["notice"] = now_ms_ < notice_until_ms_ ? nlohmann::json(render(notice_)) : nlohmann::json(nullptr);
    return dump_json(state);
}

std::string App::controls_json() const { return controls_shown().dump(); }

std::string App::summary() const {
    if (!current_) return tr("Choose a game: Minesweeper, Puyo Puyo, Gomoku, or Learn.");
    const std::string game = current_->summary();
    return tr(current_->title()) + std::string(game.empty() ? "" : ": ") + game;
}

std::string App::new_game_json(const std::string& params_json) {
    try {
        const Params params = params_from_json(nlohmann::json::parse(params_json));
        const auto game = params.find("game");
        GameScreen* screen = screen_for(game == params.end() ? (current_ ? current_->id() : "") : game->second);
        if (!screen) {
            std::string games;
            for (const auto& known : screens_) games += std::string(games.empty() ? "" : ", ") + known->id();
            return "newGame: say which game: " + games;
        }
        screen->new_game(params);
        if (screen != current_) ai_runner().cancel_search();
        current_ = screen;
        save_if_changed();
        return "";
    } catch (const std::exception& error) {
        return std::string("newGame: ") + error.what();
    }
}

std::string App::act_json(const std::string& action_json) {
    if (!current_) return "act: no game is open";
    try {
        current_->act(nlohmann::json::parse(action_json));
        save_if_changed();
        return "";
    } catch (const std::exception& error) {
        return std::string("act: ") + error.what();
    }
}

std::string App::open_file(std::string_view bytes) {
    try {
        learn_->load_model(bytes);
        current_ = learn_;
        notify(translatable("Model loaded: training goes on from it."));
        return "";
    } catch (const std::exception& error) {
        notify(translatable("That file could not be loaded ({reason}), so nothing changed.",
                            {{"reason", reason_for_user(error, translatable("it is not a model file gridlab can read"))}}));
        return error.what();
    }
}

}  // namespace gridlab::app
