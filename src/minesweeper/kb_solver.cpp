#include "minesweeper/kb_solver.h"

#include <algorithm>

namespace gridlab::minesweeper {

namespace {

void insert_sorted(std::vector<int>& cells, int cell) {
    auto at = std::lower_bound(cells.begin(), cells.end(), cell);
    if (at == cells.end() || *at != cell) cells.insert(at, cell);
}

bool contains(const std::vector<int>& cells, int cell) {
    return std::binary_search(cells.begin(), cells.end(), cell);
}

// Marks `cell` safe or a mine and removes it from every sentence (seed 001's mark_safe/mark_mine).
void mark(KnowledgeBase& kb, int cell, bool mine) {
    insert_sorted(mine ? kb.mines : kb.safe, cell);
    for (Sentence& sentence : kb.sentences) {
        auto at = std::lower_bound(sentence.cells.begin(), sentence.cells.end(), cell);
        if (at == sentence.cells.end() || *at != cell) continue;
        sentence.cells.erase(at);
        sentence.mines -= mine;
    }
}

// Cells that single sentences prove: all safe when the count is 0, all mines when it equals the size.
bool mark_what_sentences_prove(KnowledgeBase& kb) {
    std::vector<std::pair<int, bool>> proven;
    for (const Sentence& sentence : kb.sentences) {
        const bool all_safe = sentence.mines == 0;
        const bool all_mines = sentence.mines == static_cast<int>(sentence.cells.size());
        if (all_safe || all_mines)
            for (int cell : sentence.cells) proven.emplace_back(cell, all_mines);
    }
    bool changed = false;
    for (auto [cell, mine] : proven) {
        if (contains(kb.safe, cell) || contains(kb.mines, cell)) continue;
        mark(kb, cell, mine);
        changed = true;
    }
    return changed;
}

// For each pair where one sentence's cells are a proper subset of another's, the difference.
bool add_subset_differences(KnowledgeBase& kb) {
    std::vector<Sentence> learnt;
    for (const Sentence& small : kb.sentences)
        for (const Sentence& large : kb.sentences) {
            if (small.cells.size() >= large.cells.size() ||
                !std::includes(large.cells.begin(), large.cells.end(), small.cells.begin(), small.cells.end()))
                continue;
            Sentence difference{{}, large.mines - small.mines};
            std::set_difference(large.cells.begin(), large.cells.end(), small.cells.begin(), small.cells.end(),
                                std::back_inserter(difference.cells));
            const bool known = std::find(kb.sentences.begin(), kb.sentences.end(), difference) != kb.sentences.end() ||
                               std::find(learnt.begin(), learnt.end(), difference) != learnt.end();
            if (!known) learnt.push_back(std::move(difference));
        }
    kb.sentences.insert(kb.sentences.end(), learnt.begin(), learnt.end());
    return !learnt.empty();
}

}  // namespace

void infer_to_fixed_point(KnowledgeBase& kb) {
    for (bool changed = true; changed;) {
        changed = mark_what_sentences_prove(kb);
        std::erase_if(kb.sentences, [](const Sentence& s) { return s.cells.empty(); });
        changed |= add_subset_differences(kb);
    }
}

KnowledgeBase infer(const Position& position) {
    const Grid<int8_t>& cells = position.cells;
    KnowledgeBase kb;
    for (int r = 0; r < cells.rows(); ++r)
        for (int c = 0; c < cells.cols(); ++c) {
            if (cells.at(r, c) > 8) continue;
            Sentence sentence{{}, cells.at(r, c)};
            cells.for_each_neighbour(r, c, [&](int nr, int nc) {
                if (cells.at(nr, nc) == kFlag) --sentence.mines;  // a flag is a known mine
                else if (cells.at(nr, nc) == kHidden) sentence.cells.push_back(cells.index(nr, nc));
            });
            if (sentence.cells.empty()) continue;
            if (std::find(kb.sentences.begin(), kb.sentences.end(), sentence) == kb.sentences.end())
                kb.sentences.push_back(std::move(sentence));
        }
    infer_to_fixed_point(kb);
    return kb;
}

Decision KbSolver::decide_now(const Position& position) {
    KnowledgeBase kb = infer(position);
    Decision decision;
    decision.knowledge.safe = kb.safe;
    decision.knowledge.mines = kb.mines;
    decision.knowledge.sentences = std::move(kb.sentences);
    choose_known_safe_or_guess(position, decision, rng_);
    return decision;
}

}  // namespace gridlab::minesweeper
