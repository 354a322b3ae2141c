// The app's words in the chosen language: English, Japanese, Korean or Simplified Chinese. The
// English text is the key of every catalogue (assets/lang/<code>.json, core/catalogue.h); a text the
// catalogue lacks stays English and is listed in untranslated() (window.gridlab.untranslated(), which
// the browser tests check on every screen). The language is an app setting, never a game parameter:
// machine ids (status values, AI names, parameter values, state() JSON) never pass through here.
#pragma once

#include <imgui.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/message.h"

namespace gridlab::app {

struct Language {
    const char* code;  // as in ?lang= and <html lang>
    const char* name;  // in its own language, for the menu
};
inline constexpr Language kLanguages[] = {
    {"en", "English"}, {"ja", "日本語"}, {"ko", "한국어"}, {"zh-Hans", "简体中文"}};

// The language we have for a BCP 47 tag: "ja-JP" -> "ja", "zh", "zh-CN", "zh-Hans-SG" -> "zh-Hans",
// "en-GB" -> "en"; "" for any other ("zh-TW", traditional Chinese, is not one we have).
std::string supported_language(std::string_view tag);

// Marks an English text as a catalogue key where it is written, translated where it is shown with
// tr(), e.g. a screen's title (cmake/i18n.py collects it).
constexpr const char* tr_key(const char* english) { return english; }

// The current language's code ("en" until set_language).
const std::string& language();
// Makes `code` the language: its catalogue (JSON text; ignored for English) and its font (the
// subset made at build time; empty for English). Throws Refusal, changing nothing, for a catalogue
// that is refused or a language we do not have.
void set_language(const std::string& code, std::string_view catalogue_json, std::string font);
// Asks for `code`: natively its files are read from lang/ beside the program now; on the web the
// page fetches them and calls set_language when they came (window.gridlab.setLanguage).
void request_language(const std::string& code);
// Changes with every set_language: the fonts are rebuilt when it does.
int language_generation();
// The current language's font and the glyphs to take from it (every character of its catalogue's
// translations beyond ASCII, as cmake/i18n.py gives pyftsubset): empty for English.
const std::string& language_font();
const ImWchar* language_glyph_ranges();

// The translation of an English text (itself in English, or when the catalogue lacks it).
const char* tr(const char* english);
std::string tr(const Message& message);
// A pattern with {name} placeholders, translated, then filled: trf("{count} mines", {{"count", 10}}).
std::string trf(const char* pattern, std::vector<MessageArg> args);
// What the user is told of an error: a Refusal's own message, worded in their language. Any other
// error (an engine's or a JSON parser's report, in English) goes to the log for whoever debugs it,
// and the user reads `otherwise`.
Message reason_for_user(const std::exception& error, Message otherwise);
// The English texts shown since the language was set that its catalogue lacks.
const std::set<std::string>& untranslated();

// `text` with line breaks so that no line is wider than `width` in `font` at `size`: at spaces, and
// between two CJK characters except before closing punctuation (、。」) or after opening (「).
// ImGui 1.86 breaks only at spaces, which cuts a Japanese sentence anywhere, even before its 。.
std::string wrap_text(const ImFont* font, float size, std::string_view text, float width);
// ImGui::TextWrapped for any language, wrapping at the window's content width or `width`.
void text_wrapped(std::string_view text);
void text_wrapped(std::string_view text, float width);
void text_wrapped_disabled(std::string_view text);
void text_wrapped_disabled(std::string_view text, float width);
// The last item's tooltip, a sentence or more: wrapped like text_wrapped, about 25 characters' heights wide.
void tooltip_wrapped(std::string_view text);
// ImGui::Combo over English item names shown translated; the caller keeps the ids apart. As wide as
// the longest item, but never wider than the room beside its label (a longer item is cut with "...").
bool combo_translated(const char* label, int* index, const char* const* english_names, int count);

}  // namespace gridlab::app
