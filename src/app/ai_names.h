// The AIs' names as people read them. Their ids ("ab", "beam", "probability", ...) stay what the URL,
// the saved games, state() and the move log's JSON use; what a screen shows is the name, translated.
#pragma once

namespace gridlab::app {

// The English name (a catalogue key, shown with tr()) of a player or AI id of any game; the id itself
// for one it does not know.
const char* ai_name(const char* id);
// ImGui::Combo over AI ids, shown by their names in the user's language.
bool ai_combo(const char* label, int* index, const char* const* ids, int count);

}  // namespace gridlab::app
