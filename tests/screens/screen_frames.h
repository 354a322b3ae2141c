// Frames for a screen's update() in tests, without a window or a clock.
#pragma once

#include "app/screen.h"

namespace gridlab::app {

// A frame at `now_ms`: the screens may only ask for further frames.
inline Frame quiet_frame(double now_ms) {
    Frame frame;
    frame.now_ms = now_ms;
    frame.request_frame = [](void*, double) {};
    return frame;
}

// Runs the screen's frames (one every 10 ms, 50 ms of thinking each) until `done` or 5,000 frames.
template <class Done>
void run_frames(GameScreen& screen, Done done) {
    for (int i = 0; i < 5000 && !done(); ++i) screen.update(quiet_frame(1e6 + 10.0 * i), 50.0);
}

}  // namespace gridlab::app
