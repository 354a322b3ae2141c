// Progress of a long command (training) on stderr: a bar redrawn in place with the rate and the time
// left when stderr is a terminal, else one line per `line_every` units so that a log stays readable.
// The target is a count of units (episodes, games) or a time in seconds.
#pragma once

#include <cstdint>
#include <string>

#include "core/time_budget.h"

namespace gridlab::cli {

class Progress {
public:
    // `units`: what is counted ("episodes"); exactly one of target_units and target_seconds is > 0.
    Progress(std::string units, int64_t target_units, double target_seconds, int64_t line_every);
    // Reports `done` units so far; `extra` is appended (e.g. "win 62%").
    void update(int64_t done, const std::string& extra);
    void finish();  // ends the bar's line
    double seconds() const { return watch_.elapsed_ms() / 1000.0; }

private:
    std::string units_;
    int64_t target_units_;
    double target_seconds_;
    int64_t line_every_;
    int64_t next_line_;
    bool terminal_;
    double last_draw_ms_ = -1e9;
    Stopwatch watch_;
};

}  // namespace gridlab::cli
