// Puyo fields (`gridlab puyo chain`): the first byte picks the rules (even: Tsu, odd: tutorial), the
// rest is the field text. A field that is read prints back as itself, and its chain equals a naive
// resolver's: settle, flood-fill groups of 4+ in the 12 visible rows, clear them and the garbage
// next to them, repeat; step by step (cleared, colours, group sizes, score) and the field at the end.
#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "fuzz.h"
#include "puyo/field.h"

using namespace gridlab;
using namespace gridlab::puyo;

namespace {

constexpr std::array<std::pair<int, int>, 4> kSteps{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};

struct NaiveField {
    int rows;
    std::vector<std::vector<Puyo>> columns;  // [col][row], row 0 at the bottom

    static bool colored(Puyo puyo) { return puyo != Puyo::None && puyo != Puyo::Garbage; }

    void settle() {
        for (std::vector<Puyo>& column : columns) {
            std::vector<Puyo> fallen;
            for (Puyo puyo : column)
                if (puyo != Puyo::None) fallen.push_back(puyo);
            fallen.resize(static_cast<size_t>(rows), Puyo::None);
            column = fallen;
        }
    }

    // One chain step: false if nothing pops.
    bool pop(int chain, RuleSet rules, ChainStep& step) {
        std::vector<std::vector<bool>> seen(kColumns, std::vector<bool>(kVisibleRows, false));
        std::vector<std::vector<bool>> popped = seen;
        std::vector<Puyo> colors;
        int bonus = 0;
        for (int col = 0; col < kColumns; ++col)
            for (int row = 0; row < kVisibleRows; ++row) {
                const Puyo color = columns[col][row];
                if (!colored(color) || seen[col][row]) continue;
                std::vector<std::pair<int, int>> group{{col, row}}, todo{{col, row}};
                seen[col][row] = true;
                while (!todo.empty()) {
                    const auto [c, r] = todo.back();
                    todo.pop_back();
                    for (const auto& [dc, dr] : kSteps) {
                        const int nc = c + dc, nr = r + dr;
                        if (nc < 0 || nc >= kColumns || nr < 0 || nr >= kVisibleRows) continue;
                        if (seen[nc][nr] || columns[nc][nr] != color) continue;
                        seen[nc][nr] = true;
                        group.push_back({nc, nr});
                        todo.push_back({nc, nr});
                    }
                }
                if (static_cast<int>(group.size()) < kPopSize) continue;
                for (const auto& [c, r] : group) popped[c][r] = true;
                step.groups.push_back(static_cast<int>(group.size()));
                step.cleared += static_cast<int>(group.size());
                bonus += tsu_group_bonus(static_cast<int>(group.size()));
                if (std::find(colors.begin(), colors.end(), color) == colors.end()) colors.push_back(color);
            }
        if (step.groups.empty()) return false;
        std::sort(step.groups.begin(), step.groups.end());
        step.chain = chain;
        step.colors = static_cast<int>(colors.size());
        step.score = rules == RuleSet::Tsu ? tsu_step_score(chain, step.cleared, step.colors, bonus)
                                           : tutorial_step_score(chain, step.cleared, step.colors);
        auto next_to_popped = [&](int col, int row) {
            for (const auto& [dc, dr] : kSteps) {
                const int nc = col + dc, nr = row + dr;
                if (nc >= 0 && nc < kColumns && nr >= 0 && nr < kVisibleRows && popped[nc][nr]) return true;
            }
            return false;
        };
        std::vector<std::pair<int, int>> cleared;
        for (int col = 0; col < kColumns; ++col)
            for (int row = 0; row < kVisibleRows; ++row)
                if (popped[col][row] || (columns[col][row] == Puyo::Garbage && next_to_popped(col, row)))
                    cleared.push_back({col, row});
        for (const auto& [col, row] : cleared) columns[col][row] = Puyo::None;
        return true;
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    const RuleSet rules = data[0] % 2 == 0 ? RuleSet::Tsu : RuleSet::Tutorial;
    const std::string text(fuzz::as_text(data + 1, size - 1));
    Field field;
    try {
        field = Field::parse(text, rules);
    } catch (const ParseError&) {
        return 0;
    }
    const int input_rows = static_cast<int>(split_lines(text).size());
    std::string printed;
    for (const std::string& line : field.to_lines(input_rows)) printed += line + '\n';
    FUZZ_CHECK(printed == fuzz::normalised_lines(text));
    FUZZ_CHECK(Field::parse(printed, rules) == field);

    NaiveField naive{field.rows(), std::vector<std::vector<Puyo>>(kColumns)};
    for (int col = 0; col < kColumns; ++col)
        for (int row = 0; row < field.rows(); ++row) naive.columns[col].push_back(field.at(col, row));
    std::vector<ChainStep> steps;
    const ChainResult result = field.settle_and_resolve(&steps);
    std::vector<ChainStep> expected;
    for (int chain = 1;; ++chain) {
        naive.settle();
        ChainStep step;
        if (!naive.pop(chain, rules, step)) break;
        expected.push_back(step);
    }
    FUZZ_CHECK(steps.size() == expected.size());
    FUZZ_CHECK(result.chains == static_cast<int>(expected.size()));
    int64_t score = 0;
    for (size_t i = 0; i < steps.size(); ++i) {
        FUZZ_CHECK(steps[i].chain == expected[i].chain);
        FUZZ_CHECK(steps[i].cleared == expected[i].cleared);
        FUZZ_CHECK(steps[i].colors == expected[i].colors);
        FUZZ_CHECK(steps[i].groups == expected[i].groups);
        FUZZ_CHECK(steps[i].score == expected[i].score);
        score += expected[i].score;
    }
    FUZZ_CHECK(result.score == score);
    for (int col = 0; col < kColumns; ++col)
        for (int row = 0; row < field.rows(); ++row) FUZZ_CHECK(field.at(col, row) == naive.columns[col][row]);
    return 0;
}
