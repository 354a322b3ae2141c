#include "app/ai_names.h"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "app/i18n.h"

namespace gridlab::app {

namespace {

// "learned" (Minesweeper, Puyo) and "az" (Gomoku) both play with what the Learn screen trained.
constexpr std::pair<std::string_view, const char*> kNames[] = {
    {"human", tr_key("Human")},
    {"pure-mcts", tr_key("Pure MCTS")},
    {"mcts", tr_key("MCTS with threats")},
    {"ab", tr_key("Alpha-beta search")},
    {"az", tr_key("Learned network")},
    {"learned", tr_key("Learned network")},
    {"random", tr_key("Random")},
    {"greedy", tr_key("Greedy")},
    {"beam", tr_key("Beam search")},
    {"kb", tr_key("Logic rules")},
    {"elimination", tr_key("Elimination")},
    {"probability", tr_key("Probability")},
};

// The English name (a catalogue key) of an id; nullptr for an id it does not know.
const char* name_key(std::string_view id) {
    for (const auto& [known, name] : kNames)
        if (known == id) return name;
    return nullptr;
}

}  // namespace

Message ai_name(const std::string& id) {
    const char* key = name_key(id);
    return key ? translatable(key) : literal(id);
}

bool ai_combo(const char* label, int* index, const char* const* ids, int count) {
    std::vector<const char*> names(static_cast<size_t>(count));
    std::transform(ids, ids + count, names.begin(), [](const char* id) {
        const char* key = name_key(id);
        return key ? key : id;
    });
    return combo_translated(label, index, names.data(), count);
}

}  // namespace gridlab::app
