// Text-board parsing with positioned errors: every game reads boards as lines of characters, and a
// user who typed a bad board deserves to be told where.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.h"

namespace gridlab {

// A problem in input text at a 1-based line and column (column 0: the line as a whole).
class ParseError : public std::runtime_error {
public:
    ParseError(int line, int column, const std::string& message);
    int line() const { return line_; }
    int column() const { return column_; }

private:
    int line_;
    int column_;
};

// Splits text into lines: accepts \n and \r\n, trims trailing spaces, tabs and \r from each line and
// drops blank lines at the start and end (a trailing newline is not an extra row).
std::vector<std::string> split_lines(std::string_view text);

// Reads a rectangular board of single characters, each one of `allowed`. Throws ParseError naming the
// line and column of the first problem: no rows, a row of the wrong length, a character not allowed.
Grid<char> parse_char_grid(std::string_view text, std::string_view allowed);

// Parses a whole decimal integer in [lo, hi]; throws ValueError (core/message.h) naming `what` otherwise.
int parse_int(std::string_view text, int lo, int hi, std::string_view what);
// Parses a decimal number ("0.001", "1e-3") in [lo, hi]; throws ValueError naming `what`.
double parse_number(std::string_view text, double lo, double hi, std::string_view what);
// The shortest usual form of a number, as parse_number reads it: 0.001, 25, 1e-05 (printf's %g).
std::string format_number(double value);
// `value` in the fewest significant digits, six at least, that parse_number reads back as exactly
// `value` (a float: after the conversion to float): for text that must mean the same number again,
// like a share link's settings: 0.001, 0.30000000000000004 (0.1 + 0.2), 0.0012345678 (0.00123456789f).
std::string format_exact(double value);
std::string format_exact(float value);

// An AI named with its options, as every game's AI specs are written: "NAME[:key=value,...]" (e.g.
// "mcts:ms=200,c=150", "learned:model=agent.model"). Throws std::invalid_argument for an option that
// is not key=value; which names and keys are known is each game's to check.
struct AiSpecText {
    std::string name;
    std::vector<std::pair<std::string, std::string>> options;  // in the order written
};
AiSpecText split_ai_spec(std::string_view text);

// A whole file's bytes (a model file an AI spec names); throws std::invalid_argument "cannot read the
// <what> '<path>'" when it cannot be read.
std::string read_file_bytes(const std::string& path, std::string_view what);

// Base64 (RFC 4648, with padding): binary data in JSON text, e.g. a model saved in the browser.
std::string base64_encode(std::string_view bytes);
// Throws std::invalid_argument for anything that is not base64 text.
std::string base64_decode(std::string_view text);

}  // namespace gridlab
