// Whole numbers from JSON that comes from outside (saved games, window.gridlab.act): nlohmann's
// get<int>() truncates 1.9 to 1, narrows 4294967296 to 0 and is undefined behaviour for 1e300, so
// such numbers are checked here before any conversion.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

namespace gridlab {

// `value` as an int if it is a whole JSON number (an integer token, not 1.0 or 1e2) in [lo, hi];
// otherwise std::nullopt.
inline std::optional<int> json_int(const nlohmann::json& value, int lo, int hi) {
    if (value.is_number_unsigned()) {  // nlohmann keeps non-negative integers as uint64_t
        const uint64_t number = value.get<uint64_t>();
        if (hi < 0 || number > static_cast<uint64_t>(hi) || static_cast<int64_t>(number) < lo) return std::nullopt;
        return static_cast<int>(number);
    }
    if (!value.is_number_integer()) return std::nullopt;
    const int64_t number = value.get<int64_t>();
    if (number < lo || number > hi) return std::nullopt;
    return static_cast<int>(number);
}

}  // namespace gridlab
