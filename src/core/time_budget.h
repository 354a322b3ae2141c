// Wall-clock measurement for anytime AIs and benchmarks (steady clock: performance.now() on the web).
#pragma once

#include <chrono>

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
