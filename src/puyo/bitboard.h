// A set of cells of the 6-column field, one bit per cell.
//
// Each column owns 16 bits, row 0 (the floor) in its lowest bit; columns 0..3 live in `lo_`, columns
// 4..5 in `hi_`. Moving a whole set one row up or down is then a shift by 1, one column left or right
// a shift by 16, so growing a group of same-coloured puyos to its neighbours costs a handful of
// instructions instead of a loop over cells. The field uses at most 13 rows: the spare top bits of a
// column only ever receive bits shifted out of real cells, and every caller masks them off by
// intersecting with a colour plane.
#pragma once

#include <bit>
#include <cstdint>

namespace gridlab::puyo {

class Bitboard {
public:
    static constexpr int kColumnBits = 16;

    constexpr Bitboard() = default;
    constexpr Bitboard(uint64_t lo, uint64_t hi) : lo_(lo), hi_(hi) {}

    static constexpr Bitboard cell(int col, int row) {
        return col < 4 ? Bitboard(uint64_t{1} << (col * kColumnBits + row), 0)
                       : Bitboard(0, uint64_t{1} << ((col - 4) * kColumnBits + row));
    }
    // Rows 0..rows-1 of all six columns.
    static constexpr Bitboard rows_below(int rows) {
        const uint64_t column = (uint64_t{1} << rows) - 1;
        const uint64_t four_columns = column * 0x0001000100010001ull;
        return {four_columns, four_columns & 0xFFFFFFFFull};
    }

    uint32_t column(int col) const {
        const uint64_t word = col < 4 ? lo_ : hi_;
        return static_cast<uint32_t>(word >> ((col & 3) * kColumnBits)) & 0xFFFFu;
    }
    void set_column(int col, uint32_t bits) {
        uint64_t& word = col < 4 ? lo_ : hi_;
        const int shift = (col & 3) * kColumnBits;
        word = (word & ~(uint64_t{0xFFFF} << shift)) | (uint64_t{bits & 0xFFFFu} << shift);
    }
    bool test(int col, int row) const { return (column(col) >> row) & 1u; }

    bool empty() const { return (lo_ | hi_) == 0; }
    int count() const { return std::popcount(lo_) + std::popcount(hi_); }
    // The single lowest set bit (column 0 first, then from the floor up).
    Bitboard lowest() const { return lo_ ? Bitboard(lo_ & (~lo_ + 1), 0) : Bitboard(0, hi_ & (~hi_ + 1)); }

    Bitboard up() const { return {lo_ << 1, hi_ << 1}; }
    Bitboard down() const { return {lo_ >> 1, hi_ >> 1}; }
    Bitboard left() const { return {(lo_ >> kColumnBits) | (hi_ << (64 - kColumnBits)), hi_ >> kColumnBits}; }
    Bitboard right() const { return {lo_ << kColumnBits, (hi_ << kColumnBits) | (lo_ >> (64 - kColumnBits))}; }
    // These cells and their four neighbours (unmasked: intersect with a plane).
    Bitboard expand() const { return *this | up() | down() | left() | right(); }

    Bitboard operator&(Bitboard o) const { return {lo_ & o.lo_, hi_ & o.hi_}; }
    Bitboard operator|(Bitboard o) const { return {lo_ | o.lo_, hi_ | o.hi_}; }
    Bitboard& operator&=(Bitboard o) { return *this = *this & o; }
    Bitboard& operator|=(Bitboard o) { return *this = *this | o; }
    Bitboard without(Bitboard o) const { return {lo_ & ~o.lo_, hi_ & ~o.hi_}; }
    bool operator==(const Bitboard&) const = default;

    uint64_t lo() const { return lo_; }
    uint64_t hi() const { return hi_; }

private:
    uint64_t lo_ = 0;
    uint64_t hi_ = 0;
};

}  // namespace gridlab::puyo
