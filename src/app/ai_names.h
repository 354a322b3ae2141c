// The AIs' names as people read them. Their ids ("ab", "beam", "probability", ...) stay what the URL,
// the saved games, state() and the move log's JSON use; what a screen shows is the name, translated.
#pragma once

#include <string>

#include "core/message.h"

namespace gridlab::app {

// The name of a player or AI id of any game, to be worded in the user's language; the id itself, as
// it is, for one it does not know.
Message ai_name(const std::string& id);
// ImGui::Combo over AI ids, shown by their names in the user's language.
bool ai_combo(const char* label, int* index, const char* const* ids, int count);

}  // namespace gridlab::app
