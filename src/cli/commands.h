// Each game's subcommands for the gridlab command line.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace gridlab::cli {

void add_minesweeper_commands(CLI::App& app);
void add_puyo_commands(CLI::App& app);
void add_gomoku_commands(CLI::App& app);
// `gridlab bench`: needs all three games (src/cli/bench_command.cpp).
void add_bench_command(CLI::App& app);

// Every command prints exactly one JSON document (one line) on stdout.
inline void print_json(const nlohmann::json& doc) { std::cout << doc.dump() << '\n'; }

// All of standard input, for commands that read a board.
inline std::string read_stdin() {
    return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
}

// For --seed: a whole number 0..2^64-1. CLI11 alone takes "-1" and "99999999999999999999" as 2^64-1.
inline CLI::Validator seed_check() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            uint64_t value = 0;
            const char* end = text.data() + text.size();
            const auto [stop, error] = std::from_chars(text.data(), end, value);
            if (text.empty() || error != std::errc() || stop != end)
                return "'" + text + "' is not a whole number in 0..18446744073709551615";
            return "";
        },
        "UINT64");
}

// For options that are real numbers in [lo, hi]: unlike CLI::Range, refuses "nan".
inline CLI::Validator number_range(double lo, double hi) {
    std::ostringstream range;
    range << lo << ".." << hi;
    return CLI::Validator(
        [lo, hi, range = range.str()](std::string& text) -> std::string {
            double value = 0;
            if (CLI::detail::lexical_cast(text, value) && value >= lo && value <= hi) return "";
            return "'" + text + "' is not a number in " + range;
        },
        "NUMBER in " + range.str());
}

// A problem with the user's input: printed on stderr, exit code 2 (1 is for internal failures).
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A file's bytes, or InputError.
inline std::string read_file(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw InputError("cannot read " + path);
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

inline void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file || !file.write(bytes.data(), static_cast<std::streamsize>(bytes.size())) || !file.flush())
        throw InputError("cannot write " + path);
}

}  // namespace gridlab::cli
