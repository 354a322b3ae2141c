// gridlab's app: SDL2 + Dear ImGui + OpenGL ES 3 / WebGL2, the same code natively and in the browser.
#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

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
#include "app/gl.h"
#include "app/keys.h"
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

gridlab::app::App* g_app = nullptr;  // for the exported web functions below
const gridlab::Stopwatch g_clock;    // the app's clock (Frame::now_ms)
// The app's own work per frame (events, AI slice, UI), before the drawing goes to WebGL, smoothed:
// window.gridlab.frameMs(). GL submission is left out: the browser may block it while the GPU catches
// up, which says more about the GPU (software in headless tests) than about the app.
double g_frame_ms = 0;

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
#endif

void report_fatal(const std::string& message) {
    std::fprintf(stderr, "gridlab: %s\n", message.c_str());
#ifdef __EMSCRIPTEN__
    show_fatal_on_page(message.c_str());
#endif
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
    return error.c_str();
}
EMSCRIPTEN_KEEPALIVE double gridlab_frame_ms() { return g_frame_ms; }
// A file dropped on the page or picked (window.gridlab.openFile): "" or why it was refused.
EMSCRIPTEN_KEEPALIVE const char* gridlab_open_file(const char* bytes, int size) {
    static std::string error;
    error = g_app ? g_app->open_file(std::string_view(bytes, static_cast<size_t>(size))) : "not started";
    return error.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* gridlab_act(const char* action_json) {
    static std::string error;
    error = g_app ? g_app->act_json(action_json) : "not started";
    return error.c_str();
}
// web/ai_client.js hands the AI worker's messages here; the screen takes them at once (a result is
// played now, not at the next frame, which a slow page may draw a few hundred milliseconds later).
EMSCRIPTEN_KEEPALIVE void gridlab_ai_message(const char* message_json) {
    gridlab::app::ai_runner().receive(message_json);
    if (g_app) g_app->update(g_clock.elapsed_ms(), 0.0);
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
    static gridlab::app::App app;
    g_app = &app;
    app.start(query);
    gridlab::app::UiFonts fonts;
    float fonts_ratio = 0.0f;
    long frame_count = 0;
    std::vector<int> keys_pressed;

    gridlab::app::Platform::run([&]() -> bool {
        const gridlab::Stopwatch frame_time;
        SDL_Event event;
        bool quit = false;
        keys_pressed.clear();
        while (SDL_PollEvent(&event)) {
            ImGui_ImplSDL2_ProcessEvent(&event);
            if (event.type == SDL_QUIT) quit = true;
            if (event.type == SDL_DROPFILE) {  // a model file dropped on the desktop app's window
                std::ifstream file(event.drop.file, std::ios::binary);
                app.open_file(std::string(std::istreambuf_iterator<char>(file), {}));
                SDL_free(event.drop.file);
            }
            if (event.type == SDL_KEYDOWN) keys_pressed.push_back(event.key.keysym.sym);
        }
        int w, h, fb_w, fb_h;
        platform.sizes(w, h, fb_w, fb_h);
        const float ratio = w > 0 ? float(fb_w) / float(w) : 1.0f;
        if (ratio != fonts_ratio) {  // first frame, or the page moved to a screen of another density
            fonts = gridlab::app::load_ui_fonts(ratio);
            fonts_ratio = ratio;
        }
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        ImGui::NewFrame();
        app.build_ui(fonts, float(w), float(h), keys_pressed);
        ImGui::Render();
        // After the UI, so a search for the position a click just made starts in this frame.
        app.update(g_clock.elapsed_ms(), kAiSliceMs);
        g_frame_ms += (frame_time.elapsed_ms() - g_frame_ms) * 0.1;

        glViewport(0, 0, fb_w, fb_h);
        glClearColor(0.075f, 0.085f, 0.11f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        app.set_render_target(renderer, ratio, fb_w, fb_h);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        SDL_GL_SwapWindow(platform.window());
        if (++frame_count == 1) mark_ready();
        return !quit && (max_frames < 0 || frame_count < max_frames);
    });

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    platform.shutdown();
    return 0;
}
