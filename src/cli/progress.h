// Progress of a long command (training) on stderr: a bar redrawn in place with the rate and the time
// left when stderr is a terminal, else one line per `line_every` units so that a log stays readable.
// The target is a count of units (episodes, games) or a time in seconds: of the wall clock, or of the
// calling thread's CPU (fair on a shared machine, where other work slows the wall clock's runs).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/time_budget.h"

namespace gridlab::cli {

class Progress {
public:
    // `units`: what is counted ("episodes"); exactly one of target_units and target_seconds is > 0.
    // With `cpu_time`, seconds are the calling thread's CPU time (CpuStopwatch), not the wall clock's.
    Progress(std::string units, int64_t target_units, double target_seconds, int64_t line_every, bool cpu_time = false);
    // Reports `done` units so far; `extra` is appended (e.g. "win 62%").
    void update(int64_t done, const std::string& extra);
    void finish();  // ends the bar's line
    // Seconds so far, on the clock the target is counted in.
    double seconds() const { return (cpu_time_ ? cpu_watch_.elapsed_ms() : watch_.elapsed_ms()) / 1000.0; }

private:
    std::string units_;
    int64_t target_units_;
    double target_seconds_;
    int64_t line_every_;
    int64_t next_line_;
    bool terminal_;
    double last_draw_ms_ = -1e9;
    bool cpu_time_;
    Stopwatch watch_;
    CpuStopwatch cpu_watch_;
};

// Trains in chunks so that progress can be shown: a budget of `target` units (games, episodes) stops
// exactly there, giving the same weights on every machine; a time budget (`seconds`) stops wherever
// the clock says. `done()` counts the units trained so far, `extra()` ends the progress line.
template <class Trainer, class Done, class Extra>
void train_in_chunks(Trainer& trainer, Progress& progress, int64_t target, double seconds, int64_t chunk, Done done,
                     Extra extra) {
    const auto report = [&] { progress.update(done(), extra()); };
    if (target > 0) {
        while (done() < target) {
            trainer.train_until(std::min(target, done() + chunk));
            report();
        }
    } else {
        while (progress.seconds() < seconds) {
            trainer.think(std::min(250.0, (seconds - progress.seconds()) * 1000.0));
            report();
        }
    }
    progress.finish();
}

}  // namespace gridlab::cli
