#include "app/ui_font.h"

#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8

#include <array>
#include <vector>

#include "app/i18n.h"

namespace gridlab::app {

// Generated at build time from the subset fonts (see src/app/CMakeLists.txt).
extern const unsigned char kUiFontTtf[];
extern const unsigned int kUiFontTtfSize;
// The menu's language names, each from its own region's Noto Sans CJK face, whatever the language.
extern const unsigned char kLanguageNameJaOtf[], kLanguageNameKoOtf[], kLanguageNameZhHansOtf[];
extern const unsigned int kLanguageNameJaOtfSize, kLanguageNameKoOtfSize, kLanguageNameZhHansOtfSize;

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

struct NameFont {
    const unsigned char* data;
    unsigned int size;
    const char* name;  // kLanguages' name: the glyphs taken from this font
};
const std::array<NameFont, 3> kNameFonts = {{{kLanguageNameJaOtf, kLanguageNameJaOtfSize, kLanguages[1].name},
                                             {kLanguageNameKoOtf, kLanguageNameKoOtfSize, kLanguages[2].name},
                                             {kLanguageNameZhHansOtf, kLanguageNameZhHansOtfSize, kLanguages[3].name}}};

// The ranges of each name font's glyphs; they must outlive the atlas's build.
const std::array<std::vector<ImWchar>, 3>& name_ranges() {
    static const std::array<std::vector<ImWchar>, 3> ranges = [] {
        std::array<std::vector<ImWchar>, 3> all;
        for (size_t i = 0; i < kNameFonts.size(); ++i) {
            const char* text = kNameFonts[i].name;
            const char* end = text + std::char_traits<char>::length(text);
            while (text < end) {
                unsigned int c = 0;
                text += std::max(ImTextCharFromUtf8(&c, text, end), 1);
                all[i].insert(all[i].end(), {static_cast<ImWchar>(c), static_cast<ImWchar>(c)});
            }
            all[i].push_back(0);
        }
        return all;
    }();
    return ranges;
}

ImFont* add_memory_font(const void* data, size_t size, float pixels, const ImWchar* ranges, bool merge) {
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the data outlives the atlas's build
    config.OversampleH = 1;               // rasterised at the real pixel size, no need to oversample
    config.PixelSnapH = true;
    config.MergeMode = merge;             // later fonts only add glyphs the earlier ones lack
    return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<void*>(data), static_cast<int>(size), pixels, &config,
                                                      ranges);
}

// DejaVu Sans for Latin, the language's CJK face for its catalogue's glyphs, and the language names.
// At the same pixel size Noto's ideographs and Hangul look smaller than DejaVu's letters and digits
// beside them (DejaVu's are large for their em), so they are drawn a little larger, on the same baseline.
ImFont* add_font(float pixels) {
    constexpr float kCjkScale = 1.12f;
    ImFont* font = add_memory_font(kUiFontTtf, kUiFontTtfSize, pixels, kGlyphRanges, false);
    if (!language_font().empty())
        add_memory_font(language_font().data(), language_font().size(), pixels * kCjkScale, language_glyph_ranges(), true);
    for (size_t i = 0; i < kNameFonts.size(); ++i)
        add_memory_font(kNameFonts[i].data, kNameFonts[i].size, pixels * kCjkScale, name_ranges()[i].data(), true);
    return font;
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
