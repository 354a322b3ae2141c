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

    // Calls frame() once per display frame until it returns false (natively) or forever (web).
    static void run(const std::function<bool()>& frame);

private:
    SDL_Window* window_ = nullptr;
    void* gl_context_ = nullptr;
};

}  // namespace gridlab::app
