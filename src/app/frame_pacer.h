// When the app draws and when it rests. A frame is drawn only if what it shows differs from the
// frame drawn last (its fingerprint: the UI's draw data and the boards), and frames come at the
// display's rate only while something moves: input, AI work done in frames, a screen's animation or
// a change on screen in the last few frames. Otherwise the app rests until a screen's next timer,
// at most a heartbeat (clocks such as Minesweeper's), or until input or outside work wakes it.
// A Chromebook's battery (and a software-rendered WebGL's frame budget) pay nothing for a still page.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace gridlab::app {

class FramePacer {
public:
    static constexpr double kHeartbeatMs = 250.0;
    // Frames at the display's rate after the last sign of life, for ImGui to settle (hover, sizes).
    static constexpr int kSettleFrames = 3;

    struct Verdict {
        bool draw;       // submit this frame to the GPU (else the screen keeps the last one)
        double rest_ms;  // 0: the next frame at the display's rate; else after this rest
    };

    // After building a frame at `now_ms`: `fingerprint` of what it shows; `input` if events came since
    // the last frame; `working` if the frames themselves do AI work; `due_ms` the earliest time a
    // screen asked for a frame (its animation or timer), or anything later than the heartbeat.
    Verdict after_frame(double now_ms, uint64_t fingerprint, bool input, bool working, double due_ms) {
        ++built_;
        const bool draw = !drawn_any_ || fingerprint != drawn_fingerprint_;
        if (draw) {
            drawn_any_ = true;
            drawn_fingerprint_ = fingerprint;
            ++drawn_;
        }
        quiet_frames_ = input || working || draw ? 0 : quiet_frames_ + 1;
        if (quiet_frames_ < kSettleFrames) return {draw, 0.0};
        return {draw, std::clamp(due_ms - now_ms, 0.0, kHeartbeatMs)};
    }
    // The next frame is drawn whatever it shows (natively: the window was uncovered or resized).
    void redraw() { drawn_any_ = false; }

    long frames_built() const { return built_; }
    long frames_drawn() const { return drawn_; }

private:
    bool drawn_any_ = false;
    uint64_t drawn_fingerprint_ = 0;
    int quiet_frames_ = 0;
    long built_ = 0, drawn_ = 0;
};

// A hash of what a frame shows, FNV-1a style but eight bytes at a step (a frame's draw data is a few
// hundred kB, hashed every frame).
class Fingerprint {
public:
    void add_bytes(const void* data, size_t size) {
        const auto* bytes = static_cast<const unsigned char*>(data);
        size_t i = 0;
        for (; i + 8 <= size; i += 8) {
            uint64_t word;
            std::memcpy(&word, bytes + i, 8);
            mix(word);
        }
        for (; i < size; ++i) mix(bytes[i]);
    }
    template <class T>
    void add(const T& value) {
        add_bytes(&value, sizeof value);
    }
    uint64_t value() const { return hash_; }

private:
    void mix(uint64_t word) { hash_ = (hash_ ^ word) * 0x100000001B3ull; }
    uint64_t hash_ = 0xCBF29CE484222325ull;
};

}  // namespace gridlab::app
