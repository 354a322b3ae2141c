#include "app/ui_font.h"

#include <imgui.h>
#include <imgui_impl_opengl3.h>

namespace gridlab::app {

// Generated at build time from the subset TTF (see src/app/CMakeLists.txt).
extern const unsigned char kUiFontTtf[];
extern const unsigned int kUiFontTtfSize;

namespace {
constexpr float kRegularSize = 17.0f;
constexpr float kLargeSize = 30.0f;

// Keep in sync with the --unicodes list given to pyftsubset in src/app/CMakeLists.txt.
const ImWchar kGlyphRanges[] = {
    0x0020, 0x007E, 0x00A0, 0x00FF,  // Basic Latin, Latin-1
    0x2013, 0x2026,                  // dashes, quotes, bullet, ellipsis
    0x2190, 0x21FF,                  // arrows
    0x25A0, 0x25FF,                  // geometric shapes
    0x2600, 0x26FF,                  // miscellaneous symbols (flag, ...)
    0,
};

ImFont* add_font(float pixels) {
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the data is static
    config.OversampleH = 1;               // rasterised at the real pixel size, no need to oversample
    config.PixelSnapH = true;
    return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kUiFontTtf),
                                                      static_cast<int>(kUiFontTtfSize), pixels, &config, kGlyphRanges);
}
}  // namespace

UiFonts load_ui_fonts(float pixel_ratio) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    UiFonts fonts;
    fonts.regular = add_font(kRegularSize * pixel_ratio);
    fonts.large = add_font(kLargeSize * pixel_ratio);
    // Glyphs are rasterised at physical size and drawn at logical size: crisp at any ratio.
    io.FontGlobalScale = 1.0f / pixel_ratio;
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    return fonts;
}

}  // namespace gridlab::app
