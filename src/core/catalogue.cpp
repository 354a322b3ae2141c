#include "core/catalogue.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/message.h"

namespace gridlab {

namespace {
std::vector<std::string> sorted_placeholders(std::string_view text) {
    std::vector<std::string> names = placeholders(text);
    std::sort(names.begin(), names.end());
    return names;
}
}  // namespace

Catalogue Catalogue::parse(std::string_view json) {
    nlohmann::json document;
    try {
        document = nlohmann::json::parse(json);
    } catch (const nlohmann::json::exception& error) {
        throw Refusal(translatable("the catalogue is not JSON ({reason})", {{"reason", error.what()}}));
    }
    if (!document.is_object()) throw Refusal(translatable("the catalogue is not a JSON object"));
    Catalogue catalogue;
    for (const auto& [english, translation] : document.items()) {
        if (english.empty() || !translation.is_string() || translation.get_ref<const std::string&>().empty())
            throw Refusal(translatable("catalogue entry '{key}': the translation must be non-empty text", {{"key", english}}));
        const std::string& text = translation.get_ref<const std::string&>();
        if (sorted_placeholders(english) != sorted_placeholders(text))
            throw Refusal(translatable("catalogue entry '{key}': the translation must keep the placeholders of the English",
                                       {{"key", english}}));
        catalogue.entries_.emplace(english, text);
    }
    return catalogue;
}

const std::string* Catalogue::find(std::string_view english) const {
    const auto found = entries_.find(english);
    return found == entries_.end() ? nullptr : &found->second;
}

}  // namespace gridlab
