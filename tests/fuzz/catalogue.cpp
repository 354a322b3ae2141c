// Catalogue files (assets/lang/*.json, and whatever a teacher's editor makes of them): refused with a
// Refusal and nothing else, leaving the catalogue in use as it was; or read as entries whose
// translations are non-empty and keep exactly their English's placeholders, which write back to JSON
// that reads as the same catalogue, and word every message without inventing or losing a value.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/catalogue.h"
#include "core/message.h"
#include "fuzz.h"

using namespace gridlab;

namespace {

std::vector<std::string> sorted(std::vector<std::string> names) {
    std::sort(names.begin(), names.end());
    return names;
}

// The catalogue in use: a refused file must leave it untouched.
Catalogue& in_use() {
    static Catalogue catalogue = Catalogue::parse(R"({"New game": "新しいゲーム", "{count} games": "{count}ゲーム"})");
    return catalogue;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 16384) return 0;  // the real catalogues are 12 kB
    const auto before = in_use().entries();
    try {
        in_use() = Catalogue::parse(fuzz::as_text(data, size));
    } catch (const Refusal&) {
        FUZZ_CHECK(in_use().entries() == before);
        return 0;
    }
    const Catalogue& catalogue = in_use();
    nlohmann::json written = nlohmann::json::object();
    for (const auto& [english, translation] : catalogue.entries()) {
        FUZZ_CHECK(!english.empty() && !translation.empty());
        FUZZ_CHECK(sorted(placeholders(english)) == sorted(placeholders(translation)));
        written[english] = translation;
        // Each placeholder's value shows up in the worded message: filled with a marker, the English
        // and the translation gain the same number of markers (a file may hold the marker itself).
        std::vector<MessageArg> args;
        for (const std::string& name : placeholders(english)) args.emplace_back(name, "\x01");
        const Message message = translatable(english, args);
        const auto markers = [](const std::string& text) { return std::count(text.begin(), text.end(), '\x01'); };
        FUZZ_CHECK(markers(render(message)) - markers(english) ==
                   markers(render(message, &catalogue)) - markers(translation));
    }
    FUZZ_CHECK(Catalogue::parse(written.dump()).entries() == catalogue.entries());
    return 0;
}
