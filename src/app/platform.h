// The window, the GL context and the main loop: SDL2 with OpenGL ES 3.0 natively, WebGL2 on the web.
#pragma once

#include <functional>
#include <string>

struct SDL_Window;

namespace gridlab::app {

class Platform {
public:
    // Opens a resizable high-DPI window with a GLES 3.0 / WebGL2 context. On the web the window is
    // the page's canvas, sized by the page's CSS; SDL follows its resizes and devicePixelRatio.
    bool init(const char* title, std::string& error);
    void shutdown();

    SDL_Window* window() const { return window_; }
    void* gl_context() const { return gl_context_; }

    // Window size in logical (CSS) pixels and framebuffer size in physical pixels.
    void sizes(int& logical_w, int& logical_h, int& framebuffer_w, int& framebuffer_h) const;

    // What a frame asks of the loop.
    struct Pace {
        bool quit = false;
        double rest_ms = 0;  // 0: the next frame at the display's rate; else after this rest
    };
    // Calls frame() until it asks to quit (natively) or forever (web). A rest ends early on input
    // (natively: any SDL event; on the web: the page's input, resize and focus events) or wake().
    static void run(const std::function<Pace()>& frame);
#ifdef __EMSCRIPTEN__
    // Ends a rest at once, for work that comes from outside the frames: an AI worker's message, a
    // call through window.gridlab.
    static void wake();
#endif

private:
    SDL_Window* window_ = nullptr;
    void* gl_context_ = nullptr;
};

}  // namespace gridlab::app
