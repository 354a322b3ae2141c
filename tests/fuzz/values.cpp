// The parsers of single values from outside: --seed (seed_check), real-valued options
// (number_range), whole numbers in text (parse_int, for every integer the boards, moves, specs and
// pbrain read) and whole numbers in the app's JSON (json_int). The first byte picks the parser, the
// rest is the value; each one's verdict equals a naive reading of the same text.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "cli/commands.h"
#include "core/json_int.h"
#include "fuzz.h"

using namespace gridlab;

namespace {

// A decimal numeral, optionally negative (no '+', no spaces), as a value if it fits in `long double`'s
// exact integer range, which covers every bound checked here.
bool naive_integer(std::string_view text, bool allow_minus, long double& value) {
    const bool negative = allow_minus && !text.empty() && text[0] == '-';
    if (negative) text.remove_prefix(1);
    if (text.empty()) return false;
    value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        value = std::min(value * 10 + (c - '0'), 1e30L);  // saturate: far out of every range anyway
    }
    if (negative) value = -value;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1 || size > 64) return 0;
    std::string text(fuzz::as_text(data + 1, size - 1));
    long double value = 0;
    switch (data[0] % 4) {
        case 0: {  // --seed
            const bool accepted = cli::seed_check()(text).empty();
            FUZZ_CHECK(accepted == (naive_integer(text, false, value) && value <= 18446744073709551615.0L));
            break;
        }
        case 1: {  // --ms 0..600000: whatever is accepted is a number in range, never NaN
            const bool accepted = cli::number_range(0.0, 600000.0)(text).empty();
            char* end = nullptr;
            const double number = std::strtod(text.c_str(), &end);
            if (accepted) FUZZ_CHECK(!text.empty() && number >= 0.0 && number <= 600000.0);
            if (!text.empty() && end == text.c_str() + text.size() && !std::isnan(number) && number >= 0 &&
                number <= 600000.0 && text.find_first_of(" \t\n") == std::string::npos)
                FUZZ_CHECK(accepted);
            break;
        }
        case 2: {  // parse_int in -1000..1000
            bool accepted = true;
            int parsed = 0;
            try {
                parsed = parse_int(text, -1000, 1000, "value");
            } catch (const std::invalid_argument&) {
                accepted = false;
            }
            FUZZ_CHECK(accepted == (naive_integer(text, true, value) && value >= -1000 && value <= 1000));
            if (accepted) FUZZ_CHECK(parsed == static_cast<int>(value));
            break;
        }
        default: {  // json_int in 0..360 (a 19x19 board's moves)
            const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
            if (json.is_discarded()) break;
            const std::optional<int> number = json_int(json, 0, 360);
            const bool integer_token = json.is_number_integer();
            FUZZ_CHECK(number.has_value() == (integer_token && naive_integer(json.dump(), true, value) && value >= 0 &&
                                              value <= 360));
            if (number) FUZZ_CHECK(*number == static_cast<int>(value));
        }
    }
    return 0;
}
