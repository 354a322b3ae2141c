#include "cli/progress.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#include <unistd.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace gridlab::cli {

namespace {

#ifdef __EMSCRIPTEN__
// Emscripten's isatty() says yes for every standard stream; node knows whether stderr is a terminal.
EM_JS(int, stderr_is_terminal, (), { return typeof process !== 'undefined' && process.stderr.isTTY ? 1 : 0; });
#else
int stderr_is_terminal() { return isatty(STDERR_FILENO); }
#endif

std::string clock_text(double seconds) {
    const auto total = static_cast<int64_t>(std::max(0.0, std::round(seconds)));
    char text[32];
    std::snprintf(text, sizeof text, "%lld:%02lld", static_cast<long long>(total / 60), static_cast<long long>(total % 60));
    return text;
}

}  // namespace

Progress::Progress(std::string units, int64_t target_units, double target_seconds, int64_t line_every, bool cpu_time)
    : units_(std::move(units)),
      target_units_(target_units),
      target_seconds_(target_seconds),
      line_every_(std::max<int64_t>(1, line_every)),
      next_line_(line_every_),
      terminal_(stderr_is_terminal() == 1),
      cpu_time_(cpu_time) {}

void Progress::update(int64_t done, const std::string& extra) {
    const double seconds = this->seconds();
    const double rate = seconds > 0 ? done / seconds : 0;
    const double fraction = target_units_ > 0 ? static_cast<double>(done) / target_units_
                                              : std::min(1.0, seconds / target_seconds_);
    const double left = target_units_ > 0 ? (rate > 0 ? (target_units_ - done) / rate : 0) : target_seconds_ - seconds;
    char status[160];
    std::snprintf(status, sizeof status, "%lld %s  %.1f/s  %s elapsed  ETA %s  %s", static_cast<long long>(done),
                  units_.c_str(), rate, clock_text(seconds).c_str(), clock_text(left).c_str(), extra.c_str());
    if (terminal_) {
        if (watch_.elapsed_ms() - last_draw_ms_ < 100) return;  // a few redraws a second are enough
        last_draw_ms_ = watch_.elapsed_ms();
        constexpr int kWidth = 30;
        const int filled = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * kWidth);
        std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, '.') << "] " << status
                  << "\x1b[K" << std::flush;
    } else if (done >= next_line_) {
        next_line_ = (done / line_every_ + 1) * line_every_;
        std::cerr << status << '\n';
    }
}

void Progress::finish() {
    if (terminal_) std::cerr << '\n';
}

}  // namespace gridlab::cli
