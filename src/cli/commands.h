// Each game's subcommands for the gridlab command line.
#pragma once

#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
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

// A problem with the user's input: printed on stderr, exit code 2 (1 is for internal failures).
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace gridlab::cli
