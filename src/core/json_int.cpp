#include "core/json_int.h"

#include <cstdint>

namespace gridlab {

std::optional<int> json_int(const nlohmann::json& value, int lo, int hi) {
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
