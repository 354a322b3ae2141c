#include "minesweeper/solver.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/text.h"
#include "learn/model_file.h"
#include "minesweeper/elimination_solver.h"
#include "minesweeper/kb_solver.h"
#include "minesweeper/learner.h"
#include "minesweeper/probability_solver.h"

namespace gridlab::minesweeper {

std::unique_ptr<Solver> make_solver(std::string_view name, Rng rng, const learn::Network* learned) {
    if (name == "kb") return std::make_unique<KbSolver>(rng);
    if (name == "elimination") return std::make_unique<EliminationSolver>(rng);
    if (name == "probability") return std::make_unique<ProbabilitySolver>();
    if (name == "learned") {
        if (!learned) throw std::invalid_argument("the learned solver needs a trained model");
        return std::make_unique<LearnedSolver>(*learned);
    }
    throw std::invalid_argument("unknown solver '" + std::string(name) +
                                "' (expected kb, elimination, probability or learned)");
}

std::unique_ptr<Solver> make_solver_from_spec(std::string_view text, Rng rng) {
    const AiSpecText spec = split_ai_spec(text);
    std::string model;
    for (const auto& [key, value] : spec.options) {
        if (spec.name != "learned" || key != "model" || value.empty())
            throw std::invalid_argument("unknown solver option '" + key + "' for " + spec.name +
                                        (spec.name == "learned" ? " (expected model=FILE)" : " (it takes none)"));
        model = value;
    }
    if (spec.name != "learned") return make_solver(spec.name, rng);
    if (model.empty()) throw std::invalid_argument("learned needs a model: learned:model=FILE");
    const learn::Network network = learn::load_model(read_file_bytes(model, "model file"), "minesweeper").network;
    return make_solver("learned", rng, &network);
}

std::string_view guess_reason_name(GuessReason reason) {
    switch (reason) {
        case GuessReason::Safest: return "safest";
        case GuessReason::LookAhead: return "look_ahead";
        case GuessReason::ExactWin: return "exact_win";
        case GuessReason::Unsettled: return "unsettled";
        case GuessReason::FewerHidden: return "fewer_hidden";
    }
    return "?";
}

GuessReason parse_guess_reason(std::string_view name) {
    if (name == "safest") return GuessReason::Safest;
    if (name == "look_ahead") return GuessReason::LookAhead;
    if (name == "exact_win") return GuessReason::ExactWin;
    if (name == "unsettled") return GuessReason::Unsettled;
    if (name == "fewer_hidden") return GuessReason::FewerHidden;
    throw std::invalid_argument("unknown guess reason '" + std::string(name) +
                                "' (expected safest, look_ahead, exact_win, unsettled or fewer_hidden)");
}

std::vector<int> unknown_cells(const Position& position, const std::vector<int>& known_mines) {
    std::vector<int> cells;
    for (int i = 0; i < position.cells.size(); ++i)
        if (position.cells[i] == kHidden && !std::binary_search(known_mines.begin(), known_mines.end(), i))
            cells.push_back(i);
    return cells;
}

void choose_known_safe_or_guess(const Position& position, Decision& decision, Rng& rng) {
    Knowledge& knowledge = decision.knowledge;
    fill_density_probabilities(position, knowledge);
    if (!knowledge.safe.empty()) {
        decision.move = knowledge.safe.front();
        return;
    }
    // A guess goes to a cell not known to be a mine. Every such cell has the same mine probability,
    // the density of the mines not yet located: 1 when the mine total says they are all mines (no
    // move), 0 when it says they are all safe (no guess).
    const std::vector<int> unknown = unknown_cells(position, knowledge.mines);
    if (!unknown.empty() && knowledge.mine_probability[unknown.front()] < 1) {
        decision.move = rng.pick(unknown);
        decision.guess = knowledge.mine_probability[decision.move] > 0;
    }
}

void fill_density_probabilities(const Position& position, Knowledge& knowledge) {
    const Grid<int8_t>& cells = position.cells;
    std::vector<double>& probability = knowledge.mine_probability;
    probability.assign(cells.size(), -1.0);
    int flags = 0;
    for (int i = 0; i < cells.size(); ++i)
        if (cells[i] == kFlag) probability[i] = 1.0, ++flags;
    for (int cell : knowledge.safe) probability[cell] = 0.0;
    for (int cell : knowledge.mines) probability[cell] = 1.0;
    const std::vector<int> unknown = unknown_cells(position, knowledge.mines);
    const int unknown_count = static_cast<int>(unknown.size() - knowledge.safe.size());
    const int unlocated = position.mines - flags - static_cast<int>(knowledge.mines.size());
    const double density = unknown_count > 0 ? std::max(unlocated, 0) / static_cast<double>(unknown_count) : 0.0;
    for (int cell : unknown)
        if (probability[cell] < 0) probability[cell] = density;
}

}  // namespace gridlab::minesweeper
