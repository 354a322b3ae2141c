#include <catch2/catch.hpp>

#include "core/json_int.h"

using gridlab::json_int;
using nlohmann::json;

// Saved games and window.gridlab.act() read their numbers with json_int (issue 23).
TEST_CASE("json_int takes whole numbers in range", "[core][json]") {
    CHECK(json_int(json::parse("0"), 0, 224) == 0);
    CHECK(json_int(json::parse("224"), 0, 224) == 224);
    CHECK(json_int(json::parse("-3"), -5, 5) == -3);
    CHECK(json_int(json::parse("2147483647"), 0, 2147483647) == 2147483647);
}

TEST_CASE("json_int refuses fractions, overflowing numbers and non-numbers", "[core][json]") {
    // Each of these was undefined behaviour (float to int overflow) or a silent truncation or
    // narrowing with get<int>(): 1.9 played move 1, 4294967296 played move 0.
    for (const char* text : {"1e300", "-1e300", "1e19", "1.9", "1.0", "4294967296", "-4294967296",
                             "18446744073709551615", "-9223372036854775808", "225", "-1", "\"3\"", "true",
                             "null", "[1]"}) {
        INFO(text);
        CHECK_FALSE(json_int(json::parse(text), 0, 224));
    }
    CHECK_FALSE(json_int(json::parse("5"), -10, -1));
    CHECK_FALSE(json_int(json::parse("5"), 6, 10));
}
