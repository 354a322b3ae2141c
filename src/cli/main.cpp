// gridlab: the games, environments and AIs from the command line. JSON on stdout, errors on stderr.
#include <exception>
#include <iostream>

#include "cli/commands.h"
#include "core/text.h"

int main(int argc, char** argv) {
    CLI::App app{"gridlab: Minesweeper, Puyo Puyo and Gomoku engines and AIs"};
    app.require_subcommand(1);
#ifdef GRIDLAB_WITH_MINESWEEPER
    gridlab::cli::add_minesweeper_commands(app);
#endif
#ifdef GRIDLAB_WITH_PUYO
    gridlab::cli::add_puyo_commands(app);
#endif
#ifdef GRIDLAB_WITH_GOMOKU
    gridlab::cli::add_gomoku_commands(app);
#endif
#ifdef GRIDLAB_WITH_BENCH
    gridlab::cli::add_bench_command(app);
#endif
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // CLI11 prints the problem (or the help) and has a code per kind of problem (105, 106,
        // 109...); bad input on the command line is exit code 2, like any other bad input.
        return app.exit(e) == 0 ? 0 : 2;
    } catch (const std::exception& e) {
        // The user's input (a board, a position, a parameter) is exit code 2; anything else is ours.
        const bool bad_input = dynamic_cast<const gridlab::ParseError*>(&e) ||
                               dynamic_cast<const gridlab::cli::InputError*>(&e) ||
                               dynamic_cast<const std::invalid_argument*>(&e);
        std::cerr << "gridlab: " << (bad_input ? "bad input: " : "error: ") << e.what() << '\n';
        return bad_input ? 2 : 1;
    }
    return 0;
}
