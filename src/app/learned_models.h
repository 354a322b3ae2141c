// The networks trained on the Learn screen, for the game screens to play with (Minesweeper's
// ai=learned): the app owns one, the Learn screen fills it as training goes, the others read it.
#pragma once

#include <memory>

#include "learn/nn.h"

namespace gridlab::app {

struct LearnedModels {
    std::shared_ptr<const learn::Network> minesweeper;  // null until a run has played some games
};

}  // namespace gridlab::app
