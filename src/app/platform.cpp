#include "app/platform.h"

#include <SDL.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace gridlab::app {

bool Platform::init(const char* title, std::string& error) {
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        error = std::string("SDL_Init: ") + SDL_GetError();
        return false;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "1");  // a tap is a click
#ifdef __EMSCRIPTEN__
    // Keyboard events go to the canvas only, so the page's own inputs and shortcuts keep working.
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
#endif
    const Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    window_ = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 760, flags);
    if (!window_) {
        error = std::string("SDL_CreateWindow: ") + SDL_GetError();
        return false;
    }
    gl_context_ = SDL_GL_CreateContext(window_);
    if (!gl_context_) {
        error = std::string("OpenGL ES 3.0 / WebGL2 context: ") + SDL_GetError();
        return false;
    }
    SDL_GL_MakeCurrent(window_, gl_context_);
    SDL_GL_SetSwapInterval(1);
    return true;
}

void Platform::shutdown() {
    if (gl_context_) SDL_GL_DeleteContext(gl_context_);
    if (window_) SDL_DestroyWindow(window_);
    SDL_Quit();
}

void Platform::sizes(int& logical_w, int& logical_h, int& framebuffer_w, int& framebuffer_h) const {
    SDL_GetWindowSize(window_, &logical_w, &logical_h);
    SDL_GL_GetDrawableSize(window_, &framebuffer_w, &framebuffer_h);
}

#ifdef __EMSCRIPTEN__
namespace {
bool g_resting = false;  // the main loop runs on a timeout instead of requestAnimationFrame

void web_frame(void* frame) {
    const double rest_ms = (*static_cast<const std::function<Platform::Pace()>*>(frame))().rest_ms;
    if (rest_ms > 0) {
        emscripten_set_main_loop_timing(EM_TIMING_SETTIMEOUT, static_cast<int>(rest_ms));
        g_resting = true;
    } else if (g_resting) {
        emscripten_set_main_loop_timing(EM_TIMING_RAF, 1);
        g_resting = false;
    }
}

// The page's events that SDL turns into input (or that change the canvas) end a rest; SDL's own
// handlers queue the events, the next frame reads them. Capture: before any handler can stop them.
EM_JS(void, wake_on_page_events, (), {
    const wake = () => _gridlab_wake();
    for (const type of ['mousedown', 'mouseup', 'mousemove', 'mouseleave', 'wheel', 'keydown', 'keyup',
                        'touchstart', 'touchmove', 'touchend', 'touchcancel', 'resize', 'focus', 'blur'])
        window.addEventListener(type, wake, {capture: true, passive: true});
    document.addEventListener('visibilitychange', wake);
});
}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void gridlab_wake() { Platform::wake(); }

void Platform::wake() {
    if (!g_resting) return;
    // A timeout is pending: pausing forgets it, resuming schedules the next frame at once.
    emscripten_pause_main_loop();
    emscripten_set_main_loop_timing(EM_TIMING_RAF, 1);
    g_resting = false;
    emscripten_resume_main_loop();
}

void Platform::run(const std::function<Pace()>& frame) {
    wake_on_page_events();
    // requestAnimationFrame pacing; never returns (the browser owns the loop).
    emscripten_set_main_loop_arg(web_frame, const_cast<std::function<Pace()>*>(&frame), 0, 1);
}
#else
void Platform::run(const std::function<Pace()>& frame) {
    for (;;) {
        const Pace pace = frame();
        if (pace.quit) return;
        // Wakes on the first event, which stays queued for the next frame.
        if (pace.rest_ms > 0) SDL_WaitEventTimeout(nullptr, static_cast<int>(pace.rest_ms));
    }
}
#endif

}  // namespace gridlab::app
