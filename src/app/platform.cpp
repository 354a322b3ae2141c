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
void web_frame(void* frame) { (*static_cast<const std::function<bool()>*>(frame))(); }
}  // namespace

void Platform::run(const std::function<bool()>& frame) {
    // requestAnimationFrame pacing; never returns (the browser owns the loop).
    emscripten_set_main_loop_arg(web_frame, const_cast<std::function<bool()>*>(&frame), 0, 1);
}
#else
void Platform::run(const std::function<bool()>& frame) {
    while (frame()) {
    }
}
#endif

}  // namespace gridlab::app
