#include "gomoku/threats.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace gridlab::gomoku {

namespace {

// A cell of a line as one side sees it: the digits of a pattern code.
enum Seen : uint32_t { Empty = 0, Own = 1, Blocked = 2 };

// The pattern table of one win length, for "five or more wins" or "exactly five wins". Slot i of a
// code (digit 3^i) is the cell at offset i - half for i < half and i - half + 1 above: the `half`
// cells before the centre, then the `half` after it.
class PatternTable {
public:
    PatternTable(int win_length, bool exactly)
        : length_(win_length), half_(win_length), exactly_(exactly) {
        powers_.push_back(1);
        for (int i = 0; i < 2 * half_; ++i) powers_.push_back(powers_.back() * 3);
        patterns_.assign(powers_.back(), Pattern::None);
        done_.assign(powers_.back(), 0);
        for (uint32_t code = 0; code < powers_.back(); ++code) compute(code);
    }
    const Pattern* data() const { return patterns_.data(); }

private:
    uint32_t digit(uint32_t code, int slot) const { return code / powers_[slot] % 3; }
    int slot_of(int offset) const { return offset < 0 ? offset + half_ : offset + half_ - 1; }

    // The pattern the side's stone on the centre makes; the table of codes with more own stones is
    // filled first (by recursion), so "one more stone makes X" is a lookup.
    Pattern compute(uint32_t code) {
        if (done_[code]) return patterns_[code];
        done_[code] = 1;
        int run = 1;
        for (int side : {-1, 1})
            for (int offset = side; offset >= -half_ && offset <= half_ && digit(code, slot_of(offset)) == Own; offset += side)
                ++run;
        Pattern result = Pattern::None;
        if (run >= length_) {
            result = exactly_ && run > length_ ? Pattern::Overline : Pattern::Five;
        } else {
            // What one more stone within reach (length - 1 cells: it must share a window with the centre)
            // makes of the centre's line.
            int fives = 0;
            bool to_open_four = false, to_four = false, to_three = false;
            for (int offset = -(length_ - 1); offset <= length_ - 1; ++offset) {
                if (offset == 0 || digit(code, slot_of(offset)) != Empty) continue;
                const Pattern next = compute(code + Own * powers_[slot_of(offset)]);
                fives += next == Pattern::Five;
                to_open_four = to_open_four || next == Pattern::OpenFour;
                to_four = to_four || next == Pattern::Four || next == Pattern::DoubleFour;
                to_three = to_three || next == Pattern::OpenThree || next == Pattern::BrokenThree;
            }
            // A winning cell joins the centre's run, so it is the cell just past one of its ends: two of
            // them are the ends of a straight four, or the gaps of X.XXX.X.
            if (fives >= 2) result = run == length_ - 1 ? Pattern::OpenFour : Pattern::DoubleFour;
            else if (fives == 1) result = Pattern::Four;
            else if (to_open_four) result = run >= length_ - 2 ? Pattern::OpenThree : Pattern::BrokenThree;
            else if (to_four) result = Pattern::ClosedThree;
            else if (to_three) result = Pattern::Two;
        }
        patterns_[code] = result;
        return result;
    }

    int length_, half_;
    bool exactly_;
    std::vector<uint32_t> powers_;
    std::vector<Pattern> patterns_;
    std::vector<uint8_t> done_;
};

// Built on first use, once per win length and rule (thread-safe: function-local statics).
const Pattern* pattern_table(int win_length, bool exactly) {
    auto build = [](int length, bool exact) { return std::make_unique<PatternTable>(length, exact); };
    switch (win_length * 2 + exactly) {
        case 6: { static const auto table = build(3, false); return table->data(); }
        case 7: { static const auto table = build(3, true); return table->data(); }
        case 8: { static const auto table = build(4, false); return table->data(); }
        case 9: { static const auto table = build(4, true); return table->data(); }
        case 10: { static const auto table = build(5, false); return table->data(); }
        case 11: { static const auto table = build(5, true); return table->data(); }
        case 12: { static const auto table = build(6, false); return table->data(); }
        case 13: { static const auto table = build(6, true); return table->data(); }
        default: throw std::invalid_argument("threat patterns need a win length of 3..6");
    }
}

uint64_t zobrist(int padded, Stone stone) {  // SplitMix64 of the cell and colour: fixed, platform-free
    uint64_t z = static_cast<uint64_t>(padded * 2 + (stone == Stone::White)) * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// 3^0 .. 3^12: the digits of a code (two times win_length slots, win_length at most 6).
constexpr std::array<uint32_t, 13> kPowersOfThree = [] {
    std::array<uint32_t, 13> powers{};
    powers[0] = 1;
    for (size_t i = 1; i < powers.size(); ++i) powers[i] = powers[i - 1] * 3;
    return powers;
}();

uint32_t power_of_three(int exponent) { return kPowersOfThree[static_cast<size_t>(exponent)]; }

}  // namespace

const char* pattern_name(Pattern pattern) {
    static const char* const names[] = {"none",        "overline",  "two",         "closed-three", "broken-three",
                                        "open-three",  "four",      "double-four", "open-four",    "five"};
    return names[static_cast<int>(pattern)];
}

const char* threat_name(Threat threat) {
    static const char* const names[] = {"none", "three", "three-three", "four", "four-three", "four-four", "open-four", "five"};
    return names[static_cast<int>(threat)];
}

ThreatBoard::ThreatBoard(const State& state) : settings_(state.settings()), half_(state.settings().win_length) {
    if (!supports(settings_))
        throw std::invalid_argument("threat detection needs a win length of 3..6, not " + std::to_string(settings_.win_length));
    table_[0] = pattern_table(half_, settings_.rule != Rule::Freestyle);
    table_[1] = pattern_table(half_, settings_.rule == Rule::Standard);
    // Every code starts as if the board were empty: walls blocked, everything past a wall blocked too.
    for (int padded = 0; padded < kPaddedCells; ++padded) {
        cells_[padded] = state.cell(padded) == Stone::Wall ? Stone::Wall : Stone::Empty;
    }
    for (int padded = 0; padded < kPaddedCells; ++padded) {
        if (cells_[padded] == Stone::Wall) continue;
        for (int d = 0; d < 4; ++d) {
            uint32_t code = 0;
            for (int side : {-1, 1}) {
                bool walled = false;
                for (int k = 1; k <= half_; ++k) {
                    const int cell = padded + side * k * kDirections[d];
                    walled = walled || cell < 0 || cell >= kPaddedCells || cells_[cell] == Stone::Wall;
                    const int slot = side < 0 ? half_ - k : half_ + k - 1;
                    if (walled) code += Blocked * power_of_three(slot);
                }
            }
            codes_[padded][d] = {code, code};
        }
    }
    for (int i = 0; i < state.num_moves(); ++i) {
        const int padded = state.to_padded(state.move(i));
        play(padded, state.cell(padded));
    }
}

void ThreatBoard::place(int padded, Stone stone, int sign) {
    for (int d = 0; d < 4; ++d)
        for (int side : {-1, 1})
            for (int k = 1; k <= half_; ++k) {
                const int cell = padded + side * k * kDirections[d];
                if (cells_[cell] == Stone::Wall) break;
                // `padded` lies at offset -side * k from `cell`.
                const int slot = side > 0 ? half_ - k : half_ + k - 1;
                const int64_t digit = static_cast<int64_t>(power_of_three(slot)) * sign;
                codes_[cell][d][0] += static_cast<uint32_t>(digit * (stone == Stone::Black ? Own : Blocked));
                codes_[cell][d][1] += static_cast<uint32_t>(digit * (stone == Stone::White ? Own : Blocked));
            }
    hash_ ^= zobrist(padded, stone);
}

void ThreatBoard::play(int padded, Stone stone) {
    place(padded, stone, 1);
    cells_[padded] = stone;
    moves_.push_back(padded);
    const int row = State::row_of(padded), col = State::col_of(padded);
    top_ = std::min(top_, row), bottom_ = std::max(bottom_, row);
    left_ = std::min(left_, col), right_ = std::max(right_, col);
}

void ThreatBoard::undo() {
    const int padded = moves_.back();
    moves_.pop_back();
    place(padded, cells_[padded], -1);
    cells_[padded] = Stone::Empty;
}

void ThreatBoard::sync(const State& state) {
    size_t shared = 0;
    auto same_move = [&](size_t i) {
        const int padded = state.to_padded(state.move(static_cast<int>(i)));
        return moves_[i] == padded && cells_[padded] == state.cell(padded);
    };
    while (shared < moves_.size() && shared < static_cast<size_t>(state.num_moves()) && same_move(shared)) ++shared;
    while (moves_.size() > shared) undo();
    for (int i = static_cast<int>(shared); i < state.num_moves(); ++i) {
        const int padded = state.to_padded(state.move(i));
        play(padded, state.cell(padded));
    }
}

Threat combine_patterns(const std::array<Pattern, 4>& patterns) {
    int fours = 0, threes = 0;
    bool open_four = false;
    for (const Pattern pattern : patterns) {
        switch (pattern) {
            case Pattern::Five: return Threat::Five;
            case Pattern::OpenFour: open_four = true; break;
            case Pattern::DoubleFour: fours += 2; break;
            case Pattern::Four: ++fours; break;
            case Pattern::OpenThree:
            case Pattern::BrokenThree: ++threes; break;
            default: break;
        }
    }
    if (open_four) return Threat::OpenFour;
    if (fours >= 2) return Threat::FourFour;
    if (fours == 1) return threes > 0 ? Threat::FourThree : Threat::Four;
    if (threes >= 2) return Threat::ThreeThree;
    return threes == 1 ? Threat::Three : Threat::None;
}

Threat ThreatBoard::threat(int padded, Stone side) const {
    return combine_patterns({pattern(padded, 0, side), pattern(padded, 1, side), pattern(padded, 2, side), pattern(padded, 3, side)});
}

bool ThreatBoard::is_forbidden(int padded) {
    if (settings_.rule != Rule::Renju) return false;
    int fours = 0;
    bool overline = false;
    std::array<int, 4> three_directions{};
    int num_threes = 0;
    for (int d = 0; d < 4; ++d) {
        switch (pattern(padded, d, Stone::Black)) {
            case Pattern::Five: return false;  // five wins, whatever else it makes
            case Pattern::Overline: overline = true; break;
            case Pattern::Four:
            case Pattern::OpenFour: ++fours; break;
            case Pattern::DoubleFour: fours += 2; break;
            case Pattern::OpenThree:
            case Pattern::BrokenThree: three_directions[num_threes++] = d; break;
            default: break;
        }
    }
    if (overline || fours >= 2) return true;
    if (num_threes < 2) return false;
    // A three is real only if a point that makes it a straight four may itself be played.
    play(padded, Stone::Black);
    int real_threes = 0;
    for (int i = 0; i < num_threes; ++i) {
        const int step = kDirections[three_directions[i]];
        bool real = false;
        for (int side : {-1, 1})
            for (int k = 1; k < half_ && !real; ++k) {
                const int cell = padded + side * k * step;
                if (cells_[cell] == Stone::Wall) break;
                real = cells_[cell] == Stone::Empty && pattern(cell, three_directions[i], Stone::Black) == Pattern::OpenFour &&
                       !is_forbidden(cell);
            }
        real_threes += real;
    }
    undo();
    return real_threes >= 2;
}

void ThreatBoard::empty_cells_near(int margin, std::vector<int>& out) const {
    out.clear();
    const int last = settings_.size - 1;
    const bool empty = bottom_ < 0;
    for (int r = empty ? 0 : std::max(0, top_ - margin); r <= (empty ? last : std::min(last, bottom_ + margin)); ++r)
        for (int c = empty ? 0 : std::max(0, left_ - margin); c <= (empty ? last : std::min(last, right_ + margin)); ++c) {
            const int padded = State::cell_index(r, c);
            if (cells_[padded] == Stone::Empty) out.push_back(padded);
        }
}

}  // namespace gridlab::gomoku
