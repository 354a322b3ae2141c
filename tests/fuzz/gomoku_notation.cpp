// Gomoku moves ("h8", "7,7") and AI specs ("mcts:ms=200,c=140"): the first byte picks the board size
// (5..20), the rest is the text. An accepted move is on the board and its notation reads back as it;
// an accepted spec names an AI with a budget (and az a model file).
#include "fuzz.h"
#include "gomoku/ai.h"
#include "gomoku/rules.h"

using namespace gridlab;
using namespace gridlab::gomoku;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    const int board_size = kMinSize + data[0] % (kMaxSize - kMinSize + 1);
    const std::string_view text = fuzz::as_text(data + 1, size - 1);
    try {
        const int action = parse_move(text, board_size);
        FUZZ_CHECK(action >= 0 && action < board_size * board_size);
        FUZZ_CHECK(parse_move(to_notation(action, board_size), board_size) == action);
        const std::string row_col = std::to_string(action / board_size) + "," + std::to_string(action % board_size);
        FUZZ_CHECK(parse_move(row_col, board_size) == action);
    } catch (const std::invalid_argument&) {
    }
    try {
        const AiSpec spec = parse_ai_spec(text);
        FUZZ_CHECK(spec.name == "mcts" || spec.name == "pure-mcts" || spec.name == "ab" || spec.name == "az");
        FUZZ_CHECK((spec.name == "az") == !spec.model.empty());  // az needs a model, the others take none
        FUZZ_CHECK(spec.max_depth >= 0 && spec.max_depth <= 60);
        FUZZ_CHECK(spec.budget.playouts > 0 || spec.budget.ms > 0);
        FUZZ_CHECK(spec.max_nodes > kMaxCells);
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
