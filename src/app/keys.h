// The keys the screens react to (Frame::keys_pressed), named with SDL's keycode values, so that the
// screens build without SDL (the tests, the fuzz target); main.cpp checks them against SDL's.
#pragma once

namespace gridlab::app::keys {

constexpr int kScancodeMask = 1 << 30;  // SDLK_SCANCODE_MASK: the keycode of a key without a character
constexpr int kRight = kScancodeMask | 79;
constexpr int kLeft = kScancodeMask | 80;
constexpr int kDown = kScancodeMask | 81;
constexpr int kUp = kScancodeMask | 82;
constexpr int kSpace = ' ';
constexpr int kEnter = '\r';
constexpr int kTab = '\t';
constexpr int kEscape = '\x1B';
// Tab with Shift held, as main.cpp reports it: the Shift may be released within the same frame, before
// ImGui's own modifier state is read.
constexpr int kShiftTab = -'\t';
constexpr int kF = 'f';
constexpr int kX = 'x';
constexpr int kZ = 'z';

}  // namespace gridlab::app::keys
