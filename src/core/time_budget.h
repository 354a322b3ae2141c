// Wall-clock measurement for anytime AIs and benchmarks (steady clock: performance.now() on the web),
// and the CPU time of the calling thread, which a busy machine does not inflate.
#pragma once

#include <chrono>
#include <ctime>

namespace gridlab {

class Stopwatch {
public:
    Stopwatch() : start_(Clock::now()) {}
    void restart() { start_ = Clock::now(); }
    double elapsed_ms() const { return std::chrono::duration<double, std::milli>(Clock::now() - start_).count(); }

private:
    using Clock = std::chrono::steady_clock;
    Clock::time_point start_;
};

// CPU time spent by the calling thread, so games played in parallel each count their own. Where the
// platform has no such clock (Emscripten refuses it), the monotonic clock stands in: on the web and
// under node this is wall time.
class CpuStopwatch {
public:
    CpuStopwatch() : start_ms_(now_ms()) {}
    double elapsed_ms() const { return now_ms() - start_ms_; }

private:
    static double now_ms() {
        timespec time{};
        if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) != 0) clock_gettime(CLOCK_MONOTONIC, &time);
        return static_cast<double>(time.tv_sec) * 1000.0 + static_cast<double>(time.tv_nsec) / 1e6;
    }
    double start_ms_;
};

// A deadline `ms` milliseconds from construction. Anytime searches poll expired() between units of
// work, so the web app can give them a few milliseconds per frame.
class TimeBudget {
public:
    explicit TimeBudget(double ms) : limit_ms_(ms) {}
    bool expired() const { return watch_.elapsed_ms() >= limit_ms_; }
    double remaining_ms() const { return limit_ms_ - watch_.elapsed_ms(); }
    double elapsed_ms() const { return watch_.elapsed_ms(); }

private:
    Stopwatch watch_;
    double limit_ms_;
};

}  // namespace gridlab
