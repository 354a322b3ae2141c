// The UI font: DejaVu Sans from Debian's fonts-dejavu-core, subset at build time to the glyphs the
// app uses and embedded in the program; for Japanese, Korean or Chinese, merged with that language's
// Noto Sans CJK face subset to its catalogue (app/i18n.h: loaded with the language, never embedded).
#pragma once

struct ImFont;

namespace gridlab::app {

struct UiFonts {
    ImFont* regular = nullptr;  // panels and buttons
    ImFont* large = nullptr;    // titles and numbers on board cells
};

// (Re)builds the font atlas rasterised at `pixel_ratio` so text stays crisp on high-DPI screens,
// and uploads it. Call before ImGui::NewFrame when the ratio or the language changes.
UiFonts load_ui_fonts(float pixel_ratio);

}  // namespace gridlab::app
