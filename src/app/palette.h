// The colours of the boards (0xRRGGBBAA), shared by the game screens and the start screen's previews.
#pragma once

#include <cstdint>

namespace gridlab::app::palette {

// The UI: the side panel, and the grey of help text on it (contrast at least 4.5:1, WCAG AA; ImGui's
// own grey gave 4.08:1). tests/screens checks the ratio.
constexpr uint32_t kPanel = 0x1C212BFF;
constexpr uint32_t kHelpText = 0x9DA1ABFF;
constexpr uint32_t kPage = 0x13161CFF;  // behind everything (web/style.css)

// Minesweeper
constexpr uint32_t kCovered = 0x8FA3BFFF;
constexpr uint32_t kOpened = 0xDDE3EAFF;
constexpr uint32_t kExploded = 0xE5484DFF;
constexpr uint32_t kProvenSafe = 0x7FD49BFF;
constexpr uint32_t kProvenMine = 0xF08A8AFF;
constexpr uint32_t kInk = 0x1B1F27FF;  // marks drawn on cells

// Puyo Puyo: red, green, blue, yellow, purple; and the Okabe-Ito colours, told apart by colour-blind
// eyes too.
constexpr uint32_t kWell = 0x2A3140FF;
constexpr uint32_t kHiddenRow = 0x1E232EFF;
constexpr uint32_t kGarbage = 0xA0A4ABFF;
constexpr uint32_t kPuyo[5] = {0xE5484DFF, 0x30A46CFF, 0x3E63DDFF, 0xF5D90AFF, 0x8E4EC6FF};
constexpr uint32_t kPuyoColourBlind[5] = {0xD55E00FF, 0x009E73FF, 0x0072B2FF, 0xF0E442FF, 0xCC79A7FF};

// Gomoku
constexpr uint32_t kWood = 0xDDB86CFF;
constexpr uint32_t kGridLine = 0x3B2F1EFF;
constexpr uint32_t kBlackStone = 0x1E1E22FF;
constexpr uint32_t kWhiteStone = 0xF2F2EEFF;
// A point's share of a search or of a network's policy: blue liked, red losing for the side to move.
// Alpha 0 here: how strong the share is sets it.
constexpr uint32_t kShareLiked = 0x286EE600;
constexpr uint32_t kShareLosing = 0xDC3C3C00;

// 0xRRGGBBAA as ImGui's colour floats.
struct Rgba {
    float r, g, b, a;
};
constexpr Rgba floats(uint32_t rgba) {
    return {float(rgba >> 24) / 255.0f, float((rgba >> 16) & 255) / 255.0f, float((rgba >> 8) & 255) / 255.0f,
            float(rgba & 255) / 255.0f};
}

}  // namespace gridlab::app::palette
