// The colours of the boards (0xRRGGBBAA), shared by the game screens and the start screen's previews.
#pragma once

#include <cstdint>

namespace gridlab::app::palette {

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

}  // namespace gridlab::app::palette
