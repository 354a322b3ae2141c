// gridlab's app: SDL2 + Dear ImGui + OpenGL ES 3 / WebGL2, the same code natively and in the browser.
#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "app/ai_runner.h"
#include "app/app.h"
#include "app/board_renderer.h"
#include "app/frame_pacer.h"
#include "app/gl.h"
#include "app/host.h"
#include "app/i18n.h"
#include "app/keys.h"
#include "app/palette.h"
#include "app/platform.h"
#include "app/ui_font.h"
#include "core/time_budget.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace {

// The screens name the keys they use without SDL (app/keys.h): the same values as SDL's.
namespace keys = gridlab::app::keys;
static_assert(keys::kLeft == SDLK_LEFT && keys::kRight == SDLK_RIGHT && keys::kUp == SDLK_UP && keys::kDown == SDLK_DOWN);
static_assert(keys::kSpace == SDLK_SPACE && keys::kX == SDLK_x && keys::kZ == SDLK_z);
static_assert(keys::kEnter == SDLK_RETURN && keys::kF == SDLK_f && keys::kTab == SDLK_TAB && keys::kEscape == SDLK_ESCAPE);

gridlab::app::App* g_app = nullptr;  // for the exported web functions below
const gridlab::Stopwatch g_clock;    // the app's clock (Frame::now_ms)
// The app's own work per frame (events, AI slice, UI), before the drawing goes to WebGL, smoothed:
// window.gridlab.frameMs(). GL submission is left out: the browser may block it while the GPU catches
// up, which says more about the GPU (software in headless tests) than about the app.
double g_frame_ms = 0;
gridlab::app::FramePacer g_pacer;  // draws only what changed, rests when nothing moves

// AI thinking per frame when the AI has no Web Worker (natively, or as the web's fallback; see
// app/ai_runner.h): with drawing, a frame stays well inside 33 ms (30 frames per second) even on a
// slow Chromebook.
constexpr double kAiSliceMs = 8.0;

#ifdef __EMSCRIPTEN__
EM_JS(void, show_fatal_on_page, (const char* message), {
    window.gridlabFatal && window.gridlabFatal(UTF8ToString(message));
});
EM_JS(void, mark_ready, (), { window.gridlab && window.gridlab._markReady(); });
#else
void mark_ready() {}

// The desktop app's language: ?lang= in its argument, else the one chosen last, else the system's
// ($LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG), else English.
void choose_language(const std::string& query) {
    std::string chosen = gridlab::app::supported_language(gridlab::app::parse_query(query)["lang"]);
    if (chosen.empty()) chosen = gridlab::app::supported_language(gridlab::app::load_saved("gridlab.lang").value_or(""));
    for (const char* variable : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
        const char* value = std::getenv(variable);
        if (chosen.empty() && value) chosen = gridlab::app::supported_language(std::string(value).substr(0, std::string(value).find_first_of(".:@")));
    }
    if (chosen.empty() || chosen == "en") return;
    try {
        gridlab::app::load_language(chosen);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "gridlab: staying in English: %s\n", error.what());
    }
}
#endif

void report_fatal(const std::string& message) {
    std::fprintf(stderr, "gridlab: %s\n", message.c_str());
#ifdef __EMSCRIPTEN__
    show_fatal_on_page(message.c_str());
#endif
}

// What a frame shows, as ImGui will draw it (the boards are added by the app).
gridlab::app::Fingerprint draw_fingerprint(const ImDrawData& draw, int framebuffer_w, int framebuffer_h) {
    gridlab::app::Fingerprint fingerprint;
    fingerprint.add(framebuffer_w);
    fingerprint.add(framebuffer_h);
    for (int i = 0; i < draw.CmdListsCount; ++i) {
        const ImDrawList& list = *draw.CmdLists[i];
        fingerprint.add_bytes(list.VtxBuffer.Data, sizeof(ImDrawVert) * size_t(list.VtxBuffer.Size));
        fingerprint.add_bytes(list.IdxBuffer.Data, sizeof(ImDrawIdx) * size_t(list.IdxBuffer.Size));
        for (const ImDrawCmd& command : list.CmdBuffer) {
            // Not the callbacks' data: the boards' addresses, which may change while they do not.
            fingerprint.add(command.ClipRect);
            fingerprint.add(command.TextureId);
            fingerprint.add(command.VtxOffset);
            fingerprint.add(command.IdxOffset);
            fingerprint.add(command.ElemCount);
            fingerprint.add(command.UserCallback);
        }
    }
    return fingerprint;
}

void apply_style() {
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 6.0f;
    style.FrameRounding = 6.0f;
    style.FramePadding = ImVec2(10, 6);
    style.ItemSpacing = ImVec2(10, 8);
    style.Colors[ImGuiCol_Button] = ImVec4(0.16f, 0.19f, 0.25f, 1.0f);
    style.Colors[ImGuiCol_ButtonHovered] = ImVec4(0.22f, 0.27f, 0.36f, 1.0f);
    style.Colors[ImGuiCol_ButtonActive] = ImVec4(0.28f, 0.35f, 0.48f, 1.0f);
    const gridlab::app::palette::Rgba help = gridlab::app::palette::floats(gridlab::app::palette::kHelpText);
    style.Colors[ImGuiCol_TextDisabled] = ImVec4(help.r, help.g, help.b, help.a);
    // The keyboard's focus ring (Tab): the board cursor's yellow, seen on the dark panel and buttons.
    style.Colors[ImGuiCol_NavHighlight] = ImVec4(1.0f, 0.84f, 0.0f, 1.0f);
}

}  // namespace

#ifdef __EMSCRIPTEN__
extern "C" {
// window.gridlab.state(), newGame(params) and act(action) call these (see web/gridlab.js).
EMSCRIPTEN_KEEPALIVE const char* gridlab_state_json() {
    static std::string json;
    json = g_app ? g_app->state_json() : "null";
    return json.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* gridlab_new_game(const char* params_json) {
    static std::string error;
    error = g_app ? g_app->new_game_json(params_json) : "not started";
    gridlab::app::Platform::wake();
    return error.c_str();
}
EMSCRIPTEN_KEEPALIVE double gridlab_frame_ms() { return g_frame_ms; }
// Frames built and frames drawn since the start (window.gridlab.frames()): a resting page builds a
// frame a heartbeat and draws none.
EMSCRIPTEN_KEEPALIVE double gridlab_frames_built() { return double(g_pacer.frames_built()); }
EMSCRIPTEN_KEEPALIVE double gridlab_frames_drawn() { return double(g_pacer.frames_drawn()); }
// A file dropped on the page or picked (window.gridlab.openFile): "" or why it was refused.
EMSCRIPTEN_KEEPALIVE const char* gridlab_open_file(const char* bytes, int size) {
    static std::string error;
    error = g_app ? g_app->open_file(std::string_view(bytes, static_cast<size_t>(size))) : "not started";
    gridlab::app::Platform::wake();
    return error.c_str();
}
// The page hands over a language's catalogue and font (web/gridlab.js): "" or why it was refused.
EMSCRIPTEN_KEEPALIVE const char* gridlab_set_language(const char* code, const char* catalogue, const char* font,
                                                      int font_size) {
    static std::string error;
    try {
        gridlab::app::set_language(code, catalogue, std::string(font, static_cast<size_t>(font_size)));
        error.clear();
        gridlab::app::Platform::wake();  // a resting page shows the new language at once
    } catch (const std::exception& refused) {
        error = refused.what();
    }
    return error.c_str();
}
// window.gridlab.controls(): where the named buttons of this frame are.
EMSCRIPTEN_KEEPALIVE const char* gridlab_controls() {
    static std::string json;
    json = g_app ? g_app->controls_json() : "{}";
    return json.c_str();
}
// The page's ARIA live region (web/gridlab.js): the game's state in words.
EMSCRIPTEN_KEEPALIVE const char* gridlab_summary() {
    static std::string text;
    text = g_app ? g_app->summary() : "";
    return text.c_str();
}
// window.gridlab.untranslated(): the texts shown in this language that its catalogue lacks.
EMSCRIPTEN_KEEPALIVE const char* gridlab_untranslated() {
    static std::string json;
    json = nlohmann::json(gridlab::app::untranslated()).dump();
    return json.c_str();
}
// web/gridlab.js, when the page is hidden or closed: what is saved only now and then is saved now.
EMSCRIPTEN_KEEPALIVE void gridlab_keep_now() {
    if (g_app) g_app->keep_now();
}
EMSCRIPTEN_KEEPALIVE const char* gridlab_act(const char* action_json) {
    static std::string error;
    error = g_app ? g_app->act_json(action_json) : "not started";
    // What the action set going (an AI move whose answer is known) is done now, not at the next
    // frame, which a page at rest draws only when woken.
    if (g_app) g_app->update(g_clock.elapsed_ms(), 0.0);
    gridlab::app::Platform::wake();
    return error.c_str();
}
// web/code/page.js hands the Code lesson's worker reports here: "" or why one was refused.
EMSCRIPTEN_KEEPALIVE const char* gridlab_code_message(const char* message_json) {
    static std::string error;
    error = g_app ? g_app->code_message(message_json) : "not started";
    gridlab::app::Platform::wake();
    return error.c_str();
}
// web/ai_client.js hands the AI worker's messages here; the screen takes them at once (a result is
// played now, not at the next frame, which a slow page may draw a few hundred milliseconds later).
EMSCRIPTEN_KEEPALIVE void gridlab_ai_message(const char* message_json) {
    gridlab::app::ai_runner().receive(message_json);
    if (g_app) g_app->update(g_clock.elapsed_ms(), 0.0);
    gridlab::app::Platform::wake();
}
}
#endif

int main(int argc, char** argv) {
    // --frames N: quit after N frames (native smoke tests and screenshots). Any other argument is
    // the page's query, "?game=gomoku&size=15" (the web page passes location.search).
    long max_frames = -1;
    std::string query;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--frames") == 0 && i + 1 < argc)
            max_frames = std::strtol(argv[++i], nullptr, 10);
        else
            query = argv[i];
    }

    gridlab::app::Platform platform;
    std::string error;
    if (!platform.init("gridlab", error)) {
        report_fatal(error);
        return 1;
    }
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // the layout is computed each frame; nothing to remember
    apply_style();
    ImGui_ImplSDL2_InitForOpenGL(platform.window(), platform.gl_context());
    ImGui_ImplOpenGL3_Init("#version 300 es");

    gridlab::app::BoardRenderer renderer;
    if (!renderer.init(error)) {
        report_fatal(error);
        return 1;
    }
#ifndef __EMSCRIPTEN__
    choose_language(query);  // the page chooses its language before the app starts (web/gridlab.js)
#endif
    static gridlab::app::App app;
    g_app = &app;
    app.start(query);
    gridlab::app::UiFonts fonts;
    float fonts_ratio = 0.0f;
    int fonts_language = -1;
    long frame_count = 0;
    std::vector<int> keys_pressed;
    // A key pressed and released within one frame: ImGui, which reads the keys held when a frame
    // starts, would miss the press (a focused button's Space, an arrow among the controls), so its
    // release waits for the next frame.
    std::vector<SDL_Event> key_ups_deferred;
    std::vector<SDL_Scancode> keys_down_this_frame;

    gridlab::app::Platform::run([&]() -> gridlab::app::Platform::Pace {
        const gridlab::Stopwatch frame_time;
        SDL_Event event;
        bool quit = false;
        bool input = !key_ups_deferred.empty();
        keys_pressed.clear();
        for (SDL_Event& key_up : key_ups_deferred) ImGui_ImplSDL2_ProcessEvent(&key_up);
        key_ups_deferred.clear();
        keys_down_this_frame.clear();
        while (SDL_PollEvent(&event)) {
            input = true;
            if (event.type == SDL_KEYUP && std::count(keys_down_this_frame.begin(), keys_down_this_frame.end(), event.key.keysym.scancode)) {
                key_ups_deferred.push_back(event);
                continue;
            }
            if (event.type == SDL_KEYDOWN) keys_down_this_frame.push_back(event.key.keysym.scancode);
            ImGui_ImplSDL2_ProcessEvent(&event);
            if (event.type == SDL_WINDOWEVENT) g_pacer.redraw();  // uncovered or resized: draw it again
            if (event.type == SDL_QUIT) quit = true;
            if (event.type == SDL_MULTIGESTURE) app.add_pinch(event.mgesture.dDist);
            if (event.type == SDL_DROPFILE) {  // a model file dropped on the desktop app's window
                std::ifstream file(event.drop.file, std::ios::binary);
                app.open_file(std::string(std::istreambuf_iterator<char>(file), {}));
                SDL_free(event.drop.file);
            }
            if (event.type == SDL_KEYDOWN)
                keys_pressed.push_back(event.key.keysym.sym == SDLK_TAB && (event.key.keysym.mod & KMOD_SHIFT) ? keys::kShiftTab
                                                                                                             : event.key.keysym.sym);
        }
        int w, h, fb_w, fb_h;
        platform.sizes(w, h, fb_w, fb_h);
        const float ratio = w > 0 ? float(fb_w) / float(w) : 1.0f;
        // First frame, the page moved to a screen of another density, or another language came.
        if (ratio != fonts_ratio || fonts_language != gridlab::app::language_generation()) {
            fonts = gridlab::app::load_ui_fonts(ratio);
            fonts_ratio = ratio;
            fonts_language = gridlab::app::language_generation();
        }
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        ImGui::NewFrame();
        app.build_ui(fonts, float(w), float(h), keys_pressed);
        ImGui::Render();
        // After the UI, so a search for the position a click just made starts in this frame.
        const double now_ms = g_clock.elapsed_ms();
        app.update(now_ms, kAiSliceMs);
        gridlab::app::Fingerprint fingerprint = draw_fingerprint(*ImGui::GetDrawData(), fb_w, fb_h);
        app.add_boards_to(fingerprint);
        const gridlab::app::FramePacer::Verdict verdict =
            g_pacer.after_frame(now_ms, fingerprint.value(), input, gridlab::app::ai_runner().thinks_in_frames(),
                                app.take_frame_due_ms());
        g_frame_ms += (frame_time.elapsed_ms() - g_frame_ms) * 0.1;

        if (verdict.draw) {
            glViewport(0, 0, fb_w, fb_h);
            glClearColor(0.075f, 0.085f, 0.11f, 1.0f);
            glClear(GL_COLOR_BUFFER_BIT);
            app.set_render_target(renderer, ratio, fb_w, fb_h);
            ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
            SDL_GL_SwapWindow(platform.window());
        }
        if (++frame_count == 1) mark_ready();
        return {quit || (max_frames >= 0 && frame_count >= max_frames), verdict.rest_ms};
    });

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    platform.shutdown();
    return 0;
}
