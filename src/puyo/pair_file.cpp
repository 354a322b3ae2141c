#include "puyo/pair_file.h"

#include "core/text.h"

namespace gridlab::puyo {

namespace {

constexpr std::string_view kColorLetters = "RGBYP";

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// The pairs of one line (line_number counts from 1 for errors).
PairSequence parse_line(std::string_view line, int line_number, int colors) {
    PairSequence pairs;
    size_t at = 0;
    while (true) {
        while (at < line.size() && is_blank(line[at])) ++at;
        if (at == line.size()) break;
        size_t end = at;
        while (end < line.size() && !is_blank(line[end])) ++end;
        const std::string_view word = line.substr(at, end - at);
        const int column = static_cast<int>(at) + 1;
        if (word.size() != 2 || kColorLetters.find(word[0]) == std::string_view::npos ||
            kColorLetters.find(word[1]) == std::string_view::npos)
            throw ParseError(line_number, column,
                             "expected a pair of colour letters (R G B Y P), got '" + std::string(word) + "'");
        for (int i = 0; i < 2; ++i)
            if (static_cast<int>(kColorLetters.find(word[i])) >= colors)
                throw ParseError(line_number, column + i,
                                 "'" + std::string(1, word[i]) + "' is not among the " + std::to_string(colors) +
                                     " colours in play (" + std::string(kColorLetters.substr(0, colors)) + ")");
        const auto color = [&](int i) { return static_cast<Puyo>(1 + kColorLetters.find(word[i])); };
        pairs.push_back({color(0), color(1)});
        at = end;
    }
    if (pairs.empty()) throw ParseError(line_number, 0, "an empty line: expected a game's pairs");
    return pairs;
}

}  // namespace

PairSequence seeded_pairs(uint64_t seed, int colors, int count) {
    PairSequence pairs;
    for (int i = 0; i < count; ++i) pairs.push_back(pair_at(seed, colors, i));
    return pairs;
}

std::string pair_line(const PairSequence& pairs) {
    std::string line;
    for (const Pair pair : pairs) {
        if (!line.empty()) line += ' ';
        line += pair_text(pair);
    }
    return line;
}

std::vector<PairSequence> parse_pair_file(std::string_view text, int colors) {
    // Blank lines before the first game and after the last are allowed, as split_lines drops them;
    // the line numbers of errors still count from the top of the file.
    int first_line = 1;
    for (size_t i = 0; i < text.size() && (text[i] == '\n' || text[i] == '\r' || is_blank(text[i])); ++i)
        if (text[i] == '\n') ++first_line;
    const std::vector<std::string> lines = split_lines(text);
    if (lines.empty()) throw ParseError(first_line, 0, "no games: expected one line of pairs per game");
    std::vector<PairSequence> games;
    for (size_t i = 0; i < lines.size(); ++i) games.push_back(parse_line(lines[i], first_line + static_cast<int>(i), colors));
    return games;
}

}  // namespace gridlab::puyo
