// A catalogue of translations for one language: a flat JSON object from English text to its
// translation, e.g. assets/lang/ja.json {"New game": "新しいゲーム", "{count} mines": "地雷 {count} 個"}.
// A teacher corrects it with any text editor; the English key is what a grep of the sources finds.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace gridlab {

class Catalogue {
public:
    Catalogue() = default;  // empty: every text stays English
    // Reads a catalogue. Throws Refusal (core/message.h), saying which entry, for anything but a JSON
    // object of non-empty strings whose translations keep exactly their key's placeholders.
    static Catalogue parse(std::string_view json);
    // The translation of `english`, or null.
    const std::string* find(std::string_view english) const;
    const std::map<std::string, std::string, std::less<>>& entries() const { return entries_; }

private:
    std::map<std::string, std::string, std::less<>> entries_;
};

}  // namespace gridlab
