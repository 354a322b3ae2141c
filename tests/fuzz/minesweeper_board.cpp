// Minesweeper's analysis board (`gridlab minesweeper analyze`): the first byte is the mine total, the
// rest the text. A board that is read prints back as itself, and reads again as the same position.
#include "fuzz.h"
#include "minesweeper/rules.h"

using namespace gridlab;
using namespace gridlab::minesweeper;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    const int mines = data[0];
    const std::string_view text = fuzz::as_text(data + 1, size - 1);
    Position position;
    try {
        position = parse_position(text, mines);
    } catch (const ParseError&) {
        return 0;
    } catch (const std::invalid_argument&) {
        return 0;
    }
    const std::string printed = analysis_text(position);
    FUZZ_CHECK(printed == fuzz::normalised_lines(text));
    const Position again = parse_position(printed, mines);
    FUZZ_CHECK(again.cells == position.cells && again.mines == position.mines);
    return 0;
}
