#include "puyo/field.h"

#include <algorithm>

#include "core/text.h"

namespace gridlab::puyo {

namespace {

constexpr char kPuyoChars[] = ".RGBYPO";

// Seed 002's tables (the official educational game's), indexed by chain number, pieces and colours.
constexpr std::array<int, 24> kTutorialChainBonus = {0,   8,   16,  32,  64,  96,  128, 160,
                                                     192, 224, 256, 288, 320, 352, 384, 416,
                                                     448, 480, 512, 544, 576, 608, 640, 672};
constexpr std::array<int, 12> kTutorialPieceBonus = {0, 0, 0, 0, 2, 3, 4, 5, 6, 7, 10, 10};
constexpr std::array<int, 6> kColorBonus = {0, 0, 3, 6, 12, 24};  // the same in both rule sets

// Squeezes the cells marked in `holes` out of a 16-bit column: everything above a hole moves down one.
// Holes are taken from the top down so that the lower ones stay where they were.
uint32_t squeeze(uint32_t column, uint32_t holes) {
    while (holes) {
        const int row = 31 - std::countl_zero(holes);
        const uint32_t below = (1u << row) - 1;
        column = (column & below) | ((column >> 1) & ~below);
        holes &= below;
    }
    return column;
}

// What one chain step pops, gathered while its groups are found.
struct StepTally {
    Bitboard popped;
    int cleared = 0;
    int group_count = 0;
    int group_bonus_sum = 0;
    uint32_t color_bits = 0;
    std::array<int, kColumns * kVisibleRows / kPopSize> group_sizes{};

    void add_group(int color, int size) {
        cleared += size;
        group_bonus_sum += tsu_group_bonus(size);
        color_bits |= 1u << color;
        group_sizes[group_count++] = size;
    }
    int colors() const { return std::popcount(color_bits); }
};

}  // namespace

int rows_of(RuleSet rules) { return rules == RuleSet::Tsu ? kVisibleRows + 1 : kVisibleRows; }

char puyo_char(Puyo puyo) { return kPuyoChars[static_cast<int>(puyo)]; }

int64_t tutorial_step_score(int chain, int pieces, int colors) {
    const int chain_index = std::min(chain, static_cast<int>(kTutorialChainBonus.size()) - 1);
    const int piece = std::min(pieces, static_cast<int>(kTutorialPieceBonus.size()) - 1);
    const int color_index = std::min(colors, static_cast<int>(kColorBonus.size()) - 1);
    int scale = kTutorialChainBonus[chain_index] + kTutorialPieceBonus[piece] + kColorBonus[color_index];
    if (scale == 0) scale = 1;
    // The seed multiplies by the capped piece count, so an 11+ piece step scores as 11 pieces.
    return int64_t{scale} * piece * 10;
}

int tsu_group_bonus(int group_size) {
    constexpr std::array<int, 8> kBonus = {0, 2, 3, 4, 5, 6, 7, 10};  // sizes 4, 5, ..., 10, 11+
    if (group_size < kPopSize) return 0;
    return kBonus[std::min(group_size - kPopSize, 7)];
}

int64_t tsu_step_score(int chain, int cleared, int colors, int group_bonus_sum) {
    const int chain_power = chain <= 1 ? 0 : chain == 2 ? 8 : chain == 3 ? 16 : 32 * (chain - 3);
    const int multiplier =
        std::clamp(chain_power + kColorBonus[std::min(colors, kMaxColors)] + group_bonus_sum, 1, 999);
    return int64_t{10} * cleared * multiplier;
}

Field::Field(RuleSet rules) : rules_(rules) {}

Field Field::parse(const std::string& text, RuleSet rules) {
    // Line numbers in errors count from the top of the text, as parse_char_grid counts them.
    int first_line = 1;
    for (size_t i = 0; i < text.size() && (text[i] == '\n' || text[i] == '\r' || text[i] == ' ' || text[i] == '\t'); ++i)
        if (text[i] == '\n') ++first_line;
    const std::vector<std::string> lines = split_lines(text);
    if (!lines.empty() && lines[0].size() != kColumns)
        throw ParseError(first_line, 0,
                         "row has " + std::to_string(lines[0].size()) + " cells, expected " + std::to_string(kColumns));
    const Grid<char> grid = parse_char_grid(text, kPuyoChars);
    const int max_rows = rows_of(rules);
    const std::string expected = rules == RuleSet::Tsu ? "12 or 13" : "12";
    if (grid.rows() > max_rows)
        throw ParseError(first_line + max_rows, 0,
                         "the field has " + std::to_string(grid.rows()) + " rows, expected " + expected);
    if (grid.rows() < kVisibleRows)
        throw ParseError(first_line + grid.rows(), 0,
                         "the field ends after " + std::to_string(grid.rows()) + " rows, expected " + expected);
    Field field(rules);
    for (int line = 0; line < grid.rows(); ++line)
        for (int col = 0; col < kColumns; ++col) {
            const auto puyo = static_cast<Puyo>(std::string_view(kPuyoChars).find(grid.at(line, col)));
            field.set(col, grid.rows() - 1 - line, puyo);
        }
    return field;
}

std::vector<std::string> Field::to_lines(int rows) const {
    std::vector<std::string> lines;
    for (int row = rows - 1; row >= 0; --row) {
        std::string line;
        for (int col = 0; col < kColumns; ++col) line += puyo_char(at(col, row));
        lines.push_back(line);
    }
    return lines;
}

Puyo Field::at(int col, int row) const {
    for (int p = 0; p < kPlanes; ++p)
        if (planes_[p].test(col, row)) return static_cast<Puyo>(p + 1);
    return Puyo::None;
}

void Field::set(int col, int row, Puyo puyo) {
    const Bitboard cell = Bitboard::cell(col, row);
    for (Bitboard& plane : planes_) plane = plane.without(cell);
    occupied_ = occupied_.without(cell);
    if (puyo == Puyo::None) return;
    planes_[static_cast<int>(puyo) - 1] |= cell;
    occupied_ |= cell;
}

Bitboard Field::drop(int col, Puyo puyo) {
    const int row = height(col);
    if (row >= rows()) return {};
    const Bitboard cell = Bitboard::cell(col, row);
    planes_[static_cast<int>(puyo) - 1] |= cell;
    occupied_ |= cell;
    return cell;
}

Bitboard Field::settle() {
    const Bitboard all = occupied_;
    Bitboard changed;
    for (int col = 0; col < kColumns; ++col) {
        const uint32_t column = all.column(col);
        if ((column & (column + 1)) == 0) continue;  // a solid stack from the floor: nothing falls
        const uint32_t up_to_top = (1u << (32 - std::countl_zero(column))) - 1;
        const uint32_t holes = ~column & up_to_top;
        for (Bitboard& plane : planes_) {
            const uint32_t bits = plane.column(col);
            if (bits) plane.set_column(col, squeeze(bits, holes));
        }
        occupied_.set_column(col, (1u << std::popcount(column)) - 1);
        const uint32_t first_hole_and_above = ~((1u << std::countr_zero(holes)) - 1);
        changed.set_column(col, ((1u << std::popcount(column)) - 1) & first_hole_and_above);
    }
    return changed;
}

ChainResult Field::resolve(Bitboard changed, std::vector<ChainStep>* steps) {
    const Bitboard visible = Bitboard::rows_below(kVisibleRows);
    constexpr int kGarbage = kPlanes - 1;
    ChainResult result;
    for (int chain = 1;; ++chain) {
        StepTally tally;
        for (int color = 0; color < kMaxColors; ++color) {
            const Bitboard plane = planes_[color] & visible;
            Bitboard unexplored = changed & plane;
            while (!unexplored.empty()) {
                // Flood fill: grow the group by its neighbours of the same colour until it stops.
                Bitboard group = unexplored.lowest();
                for (Bitboard grown = group.expand() & plane; grown != group; grown = group.expand() & plane)
                    group = grown;
                unexplored = unexplored.without(group);
                const int size = group.count();
                if (size < kPopSize) continue;
                tally.popped |= group;
                tally.add_group(color, size);
            }
        }
        if (tally.group_count == 0) return result;

        const Bitboard garbage_hit = planes_[kGarbage] & visible & tally.popped.expand();
        const Bitboard cleared = tally.popped | garbage_hit;
        for (Bitboard& plane : planes_) plane = plane.without(cleared);
        occupied_ = occupied_.without(cleared);
        const int64_t score = rules_ == RuleSet::Tsu
                                  ? tsu_step_score(chain, tally.cleared, tally.colors(), tally.group_bonus_sum)
                                  : tutorial_step_score(chain, tally.cleared, tally.colors());
        result.chains = chain;
        result.score += score;
        if (steps) {
            std::vector<int> groups(tally.group_sizes.begin(), tally.group_sizes.begin() + tally.group_count);
            std::sort(groups.begin(), groups.end());
            steps->push_back({chain, tally.cleared, tally.colors(), groups, score, cleared});
        }
        changed = settle();
    }
}

ChainResult Field::settle_and_resolve(std::vector<ChainStep>* steps) {
    settle();
    return resolve(occupied_, steps);
}

}  // namespace gridlab::puyo
