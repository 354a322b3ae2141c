// Whole numbers from JSON that comes from outside (saved games, window.gridlab.act): nlohmann's
// get<int>() truncates 1.9 to 1, narrows 4294967296 to 0 and is undefined behaviour for 1e300, so
// such numbers are checked here before any conversion.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

namespace gridlab {

// `value` as an int if it is a whole JSON number (an integer token, not 1.0 or 1e2) in [lo, hi];
// otherwise std::nullopt.
std::optional<int> json_int(const nlohmann::json& value, int lo, int hi);

}  // namespace gridlab
