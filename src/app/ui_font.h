// The UI font: DejaVu Sans from Debian's fonts-dejavu-core, subset at build time to the glyphs the
// app uses and embedded in the program (no extra download, no file system on the web).
#pragma once

struct ImFont;

namespace gridlab::app {

struct UiFonts {
    ImFont* regular = nullptr;  // panels and buttons
    ImFont* large = nullptr;    // titles and numbers on board cells
};

// (Re)builds the font atlas rasterised at `pixel_ratio` so text stays crisp on high-DPI screens,
// and uploads it. Call before ImGui::NewFrame when the ratio changes.
UiFonts load_ui_fonts(float pixel_ratio);

}  // namespace gridlab::app
