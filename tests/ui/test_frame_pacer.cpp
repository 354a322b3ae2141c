#include <catch2/catch.hpp>

#include "app/frame_pacer.h"

using gridlab::app::Fingerprint;
using gridlab::app::FramePacer;

namespace {
constexpr double kNever = 1e300;  // no screen asked for a frame
}

TEST_CASE("frame pacer: a frame is drawn only when what it shows changed", "[ui]") {
    FramePacer pacer;
    CHECK(pacer.after_frame(0, 7, false, false, kNever).draw);  // the first frame
    CHECK_FALSE(pacer.after_frame(16, 7, false, false, kNever).draw);
    CHECK(pacer.after_frame(32, 8, false, false, kNever).draw);
    CHECK_FALSE(pacer.after_frame(48, 8, true, true, 0).draw);  // input or work alone draw nothing
    pacer.redraw();
    CHECK(pacer.after_frame(64, 8, false, false, kNever).draw);
    CHECK(pacer.frames_built() == 5);
    CHECK(pacer.frames_drawn() == 3);
}

TEST_CASE("frame pacer: rests after the settle frames, at most a heartbeat or until a screen's timer", "[ui]") {
    FramePacer pacer;
    // Frames at the display's rate: the first (drawn), then kSettleFrames - 1 quiet ones.
    CHECK(pacer.after_frame(0, 1, false, false, kNever).rest_ms == 0);
    for (int i = 1; i < FramePacer::kSettleFrames; ++i) CHECK(pacer.after_frame(16.0 * i, 1, false, false, kNever).rest_ms == 0);
    CHECK(pacer.after_frame(100, 1, false, false, kNever).rest_ms == FramePacer::kHeartbeatMs);
    CHECK(pacer.after_frame(350, 1, false, false, 400).rest_ms == 50);  // a timer due at 400
    CHECK(pacer.after_frame(400, 1, false, false, 400).rest_ms == 0);   // due now (an animation)
    CHECK(pacer.after_frame(416, 1, false, false, 300).rest_ms == 0);   // overdue
}

TEST_CASE("frame pacer: input, work in frames and a change on screen each restart the settle frames", "[ui]") {
    const auto settled = [](FramePacer& pacer, double& now) {
        while (pacer.after_frame(now += 16, 1, false, false, kNever).rest_ms == 0) {
        }
    };
    double now = 0;
    FramePacer pacer;
    settled(pacer, now);
    for (const bool input : {true, false}) {
        const bool change = !input;
        CHECK(pacer.after_frame(now += 16, change ? 2 : 1, input, false, kNever).rest_ms == 0);
        for (int i = 1; i < FramePacer::kSettleFrames; ++i)
            CHECK(pacer.after_frame(now += 16, change ? 2 : 1, false, false, kNever).rest_ms == 0);
        CHECK(pacer.after_frame(now += 16, change ? 2 : 1, false, false, kNever).rest_ms == FramePacer::kHeartbeatMs);
        settled(pacer, now);
        pacer.after_frame(now += 16, 1, false, false, kNever);  // back to the first picture
        settled(pacer, now);
    }
    for (int i = 0; i < 10; ++i) CHECK(pacer.after_frame(now += 16, 1, false, true, kNever).rest_ms == 0);
}

TEST_CASE("fingerprint: the same bytes give the same value, any changed byte another", "[ui]") {
    const unsigned char bytes[11] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    Fingerprint a, b;
    a.add_bytes(bytes, sizeof bytes);
    b.add_bytes(bytes, sizeof bytes);
    CHECK(a.value() == b.value());
    for (size_t i = 0; i < sizeof bytes; ++i) {
        unsigned char changed[11];
        std::copy(bytes, bytes + 11, changed);
        changed[i] ^= 1;
        Fingerprint c;
        c.add_bytes(changed, sizeof changed);
        CHECK(c.value() != a.value());
    }
    Fingerprint shorter;
    shorter.add_bytes(bytes, 10);
    CHECK(shorter.value() != a.value());
}
