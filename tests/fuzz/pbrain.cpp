// The Gomocup brain protocol (`gridlab gomoku pbrain`) as a stream of commands. Every line the brain
// prints is one the protocol allows (OK, a move x,y on the board, ERROR, UNKNOWN, MESSAGE, the ABOUT
// line), short and printable, and no command gets more than one answer besides MESSAGE lines.
#include <sstream>

#include "fuzz.h"
#include "gomoku/pbrain.h"
#include "gomoku/rules.h"

using namespace gridlab;

namespace {

bool printable(const std::string& line) {
    for (char c : line)
        if (c < ' ' || c > '~') return false;
    return true;
}

bool starts_with(const std::string& line, std::string_view prefix) { return line.compare(0, prefix.size(), prefix) == 0; }

// "x,y" with both on the largest board (Gomocup's 20x20).
bool is_move(const std::string& line) {
    const size_t comma = line.find(',');
    if (comma == std::string::npos) return false;
    try {
        parse_int(line.substr(0, comma), 0, gomoku::kMaxSize - 1, "x");
        parse_int(line.substr(comma + 1), 0, gomoku::kMaxSize - 1, "y");
        return true;
    } catch (const std::invalid_argument&) {
        return false;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 4096) return 0;
    const std::string script(fuzz::as_text(data, size));
    std::istringstream in(script);
    std::ostringstream out;
    gomoku::run_pbrain(in, out, gomoku::PbrainOptions{8, 1});
    int input_lines = 1;
    for (char c : script) input_lines += c == '\n';
    std::istringstream answers(out.str());
    int replies = 0;
    for (std::string line; std::getline(answers, line);) {
        FUZZ_CHECK(printable(line));
        FUZZ_CHECK(line.size() <= 240);
        if (starts_with(line, "MESSAGE ")) continue;
        ++replies;
        FUZZ_CHECK(line == "OK" || is_move(line) || starts_with(line, "ERROR ") || starts_with(line, "UNKNOWN ") ||
                   line == "name=\"gridlab-gomoku\", version=\"1.0\", author=\"gridlab\"");
    }
    FUZZ_CHECK(replies <= input_lines);
    return 0;
}
