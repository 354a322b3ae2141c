#include <catch2/catch.hpp>

#include "core/text.h"

using namespace gridlab;

TEST_CASE("base64 round-trips any bytes and matches RFC 4648's examples", "[core][text]") {
    CHECK(base64_encode("") == "");
    CHECK(base64_encode("f") == "Zg==");
    CHECK(base64_encode("fo") == "Zm8=");
    CHECK(base64_encode("foobar") == "Zm9vYmFy");
    std::string bytes;
    for (int i = 0; i < 256; ++i) bytes += static_cast<char>(i);
    for (size_t n = 0; n < 5; ++n) CHECK(base64_decode(base64_encode(bytes.substr(n))) == bytes.substr(n));
}

TEST_CASE("base64 refuses what is not base64", "[core][text]") {
    CHECK_THROWS_WITH(base64_decode("Zg="), "base64: the length is not a multiple of 4");
    CHECK_THROWS_WITH(base64_decode("Z!=="), "base64: unexpected character at 1");
    CHECK_THROWS(base64_decode("Z=g="));
    CHECK_THROWS(base64_decode("Zg==Zg=="));  // padding only at the very end
}

TEST_CASE("parse_number reads decimal numbers in range", "[core][text]") {
    CHECK(parse_number("0.001", 0, 1, "lr") == 0.001);
    CHECK(parse_number("1e-3", 0, 1, "lr") == 0.001);
    CHECK_THROWS_WITH(parse_number("fast", 0, 1, "lr"), "lr: 'fast' is not a number");
    CHECK_THROWS_WITH(parse_number("2", 0, 1, "lr"), "lr: 2 is outside 0..1");
    CHECK(format_number(0.001) == "0.001");
    CHECK(format_number(25) == "25");
}

TEST_CASE("format_exact writes the fewest digits that read back as the same number", "[core][text]") {
    CHECK(format_exact(0.001) == "0.001");
    CHECK(format_exact(25.0) == "25");
    CHECK(format_exact(1e-5) == "1e-05");
    CHECK(format_exact(0.123456789123) == "0.123456789123");  // format_number: 0.123457
    CHECK(format_exact(0.1 + 0.2) == "0.30000000000000004");
    // A float needs the digits that tell it from its neighbours, not those of its double.
    CHECK(format_exact(0.002f) == "0.002");
    CHECK(format_exact(0.00123456789f) == "0.0012345678");
    CHECK(static_cast<float>(parse_number(format_exact(0.00123456789f), 0, 1, "lr")) == 0.00123456789f);
}
