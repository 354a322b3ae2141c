// A non-negative real kept as mantissa * 2^exponent, for counts of mine layouts such as C(4096, 800)
// that overflow a double.
//
// Why not logarithms: log/exp/lgamma may differ in the last bit between glibc (native) and musl
// (WebAssembly), and a decision that compares two such numbers could then differ between builds.
// Here only * / + and frexp/ldexp are used, which IEEE 754 makes identical everywhere.
#pragma once

#include <cmath>
#include <cstdint>

namespace gridlab::minesweeper {

class LargeNumber {
public:
    LargeNumber() = default;  // zero
    explicit LargeNumber(double value) : mantissa_(value) { normalise(); }

    bool is_zero() const { return mantissa_ == 0; }

    friend LargeNumber operator*(LargeNumber a, LargeNumber b) {
        a.mantissa_ *= b.mantissa_;
        a.exponent_ += b.exponent_;
        a.normalise();
        return a;
    }
    friend LargeNumber operator/(LargeNumber a, LargeNumber b) {
        a.mantissa_ /= b.mantissa_;
        a.exponent_ -= b.exponent_;
        a.normalise();
        return a;
    }
    LargeNumber& operator+=(LargeNumber b) {
        if (b.is_zero()) return *this;
        if (is_zero()) return *this = b;
        // Align to the larger exponent; a term 2^-1100 times smaller vanishes, as it would in a double.
        if (b.exponent_ > exponent_) std::swap(*this, b);
        const int64_t shift = b.exponent_ - exponent_;
        mantissa_ += shift < -1100 ? 0.0 : std::ldexp(b.mantissa_, static_cast<int>(shift));
        normalise();
        return *this;
    }
    friend LargeNumber operator+(LargeNumber a, LargeNumber b) { return a += b; }

    // This number divided by `whole` as a plain double (a probability when this is a part of whole).
    double fraction_of(LargeNumber whole) const {
        if (is_zero()) return 0.0;
        const int64_t shift = exponent_ - whole.exponent_;
        return shift < -1100 ? 0.0 : std::ldexp(mantissa_ / whole.mantissa_, static_cast<int>(shift));
    }

    friend bool operator<(LargeNumber a, LargeNumber b) {
        if (a.is_zero() || b.is_zero()) return a.mantissa_ < b.mantissa_;
        return a.exponent_ != b.exponent_ ? a.exponent_ < b.exponent_ : a.mantissa_ < b.mantissa_;
    }

private:
    void normalise() {
        if (mantissa_ == 0) {
            exponent_ = 0;
            return;
        }
        int shift = 0;
        mantissa_ = std::frexp(mantissa_, &shift);  // mantissa in [0.5, 1)
        exponent_ += shift;
    }

    double mantissa_ = 0;
    int64_t exponent_ = 0;
};

}  // namespace gridlab::minesweeper
