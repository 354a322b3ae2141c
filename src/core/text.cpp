#include "core/text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include "core/message.h"

namespace gridlab {

namespace {
std::string position(int line, int column) {
    std::string where = "line " + std::to_string(line);
    if (column > 0) where += ", column " + std::to_string(column);
    return where;
}

std::string printable(char c) {
    if (c >= 32 && c < 127) return std::string("'") + c + "'";
    return "byte " + std::to_string(static_cast<unsigned char>(c));
}
}  // namespace

ParseError::ParseError(int line, int column, const std::string& message)
    : std::runtime_error(position(line, column) + ": " + message), line_(line), column_(column) {}

std::vector<std::string> split_lines(std::string_view text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.remove_suffix(1);
        lines.emplace_back(line);
        start = end + 1;
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    size_t first = 0;
    while (first < lines.size() && lines[first].empty()) ++first;
    lines.erase(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(first));
    return lines;
}

Grid<char> parse_char_grid(std::string_view text, std::string_view allowed) {
    // Line numbers in errors count from the top of the original text, blank leading lines included.
    int leading_blank = 0;
    for (size_t i = 0; i < text.size() && (text[i] == '\n' || text[i] == '\r' || text[i] == ' ' || text[i] == '\t'); ++i)
        if (text[i] == '\n') ++leading_blank;
    const std::vector<std::string> lines = split_lines(text);
    if (lines.empty()) throw ParseError(1, 0, "the board is empty");
    const int cols = static_cast<int>(lines[0].size());
    Grid<char> grid(static_cast<int>(lines.size()), cols);
    for (int r = 0; r < grid.rows(); ++r) {
        const std::string& line = lines[r];
        const int line_no = r + 1 + leading_blank;
        if (static_cast<int>(line.size()) != cols)
            throw ParseError(line_no, 0,
                             "row has " + std::to_string(line.size()) + " cells, expected " +
                                 std::to_string(cols) + " like the first row");
        for (int c = 0; c < cols; ++c) {
            if (allowed.find(line[c]) == std::string_view::npos)
                throw ParseError(line_no, c + 1,
                                 "unexpected " + printable(line[c]) + " (allowed: " + std::string(allowed) + ")");
            grid.at(r, c) = line[c];
        }
    }
    return grid;
}

int parse_int(std::string_view text, int lo, int hi, std::string_view what) {
    int value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || text.empty())
        throw ValueError(ValueError::Kind::NotWholeNumber, std::string(what), std::string(text));
    if (value < lo || value > hi)
        throw ValueError(ValueError::Kind::OutOfRange, std::string(what), std::to_string(value), std::to_string(lo),
                         std::to_string(hi));
    return value;
}

double parse_number(std::string_view text, double lo, double hi, std::string_view what) {
    const std::string copy(text);  // strtod needs a terminated string
    char* end = nullptr;
    const double value = copy.empty() ? 0.0 : std::strtod(copy.c_str(), &end);
    if (copy.empty() || end != copy.c_str() + copy.size() || !std::isfinite(value))
        throw ValueError(ValueError::Kind::NotNumber, std::string(what), copy);
    if (value < lo || value > hi)
        throw ValueError(ValueError::Kind::OutOfRange, std::string(what), copy, format_number(lo), format_number(hi));
    return value;
}

std::string format_number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

namespace {
template <typename Number>
std::string format_exact_as(Number value) {
    char text[32];
    for (int digits = 6;; ++digits) {  // 17 digits read back as any double exactly
        std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(value));
        if (digits == 17 || static_cast<Number>(std::strtod(text, nullptr)) == value) return text;
    }
}
}  // namespace

std::string format_exact(double value) { return format_exact_as(value); }
std::string format_exact(float value) { return format_exact_as(value); }

namespace {
constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
}  // namespace

std::string read_file_bytes(const std::string& path, std::string_view what) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw std::invalid_argument("cannot read the " + std::string(what) + " '" + path + "'");
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

AiSpecText split_ai_spec(std::string_view text) {
    AiSpecText spec;
    const size_t colon = text.find(':');
    spec.name = std::string(text.substr(0, colon));
    std::string_view options = colon == std::string_view::npos ? std::string_view{} : text.substr(colon + 1);
    while (!options.empty()) {
        const size_t comma = options.find(',');
        const std::string_view option = options.substr(0, comma);
        options = comma == std::string_view::npos ? std::string_view{} : options.substr(comma + 1);
        const size_t equals = option.find('=');
        if (equals == std::string_view::npos)
            throw std::invalid_argument("AI option '" + std::string(option) + "' is not key=value");
        spec.options.emplace_back(option.substr(0, equals), option.substr(equals + 1));
    }
    return spec;
}

// Written through a pointer into a string of the final size: appending char by char costs ten times
// as much in WebAssembly, where each call that may throw goes through JavaScript (Emscripten's
// exceptions), and a training's progress report encodes its whole model.
std::string base64_encode(std::string_view bytes) {
    std::string out((bytes.size() + 2) / 3 * 4, '=');
    char* next = out.data();
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const size_t n = std::min<size_t>(3, bytes.size() - i);
        uint32_t group = 0;
        for (size_t k = 0; k < 3; ++k)
            group = group << 8 | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
        for (size_t k = 0; k <= n; ++k) next[k] = kBase64[(group >> (18 - 6 * k)) & 63];
        next += 4;
    }
    return out;
}

std::string base64_decode(std::string_view text) {
    if (text.size() % 4 != 0) throw std::invalid_argument("base64: the length is not a multiple of 4");
    std::string out;
    out.reserve(text.size() / 4 * 3);
    for (size_t i = 0; i < text.size(); i += 4) {
        uint32_t group = 0;
        int padding = 0;
        for (size_t k = 0; k < 4; ++k) {
            const char c = text[i + k];
            const char* found = c ? std::strchr(kBase64, c) : nullptr;
            const bool pad = c == '=' && i + 4 == text.size() && k >= 2 && (k == 3 || text[i + 3] == '=');
            if (!found && !pad) throw std::invalid_argument("base64: unexpected character at " + std::to_string(i + k));
            padding += pad;
            group = group << 6 | (found ? static_cast<uint32_t>(found - kBase64) : 0u);
        }
        for (int k = 0; k < 3 - padding; ++k) out += static_cast<char>((group >> (16 - 8 * k)) & 255);
    }
    return out;
}

}  // namespace gridlab
