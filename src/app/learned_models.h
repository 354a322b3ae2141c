// The AIs trained on the Learn screen, for the game screens to play with (Minesweeper's, Puyo's
// ai=learned, Gomoku's black=az / white=az): the app owns one, the Learn screen fills it as training
// goes (or from a loaded model file), the others read it.
#pragma once

#include <memory>

#include "learn/model_file.h"
#include "learn/nn.h"

namespace gridlab::app {

struct LearnedModels {
    std::shared_ptr<const learn::Network> minesweeper;  // null until a run has played some games
    std::shared_ptr<const learn::Model> puyo;    // a Puyo learner's model file: its settings name the rules and inputs
    std::shared_ptr<const learn::Model> gomoku;  // an AlphaZero network's model file: its settings name the board
};

}  // namespace gridlab::app
