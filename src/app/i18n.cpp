#include "app/i18n.h"

#include <imgui_internal.h>  // ImTextCharFromUtf8

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/catalogue.h"

namespace gridlab::app {

namespace {

struct LanguageState {
    std::string code = "en";
    Catalogue catalogue;
    std::string font;
    std::vector<ImWchar> ranges;  // pairs of first, last; 0 at the end
    int generation = 0;
    std::set<std::string> untranslated;
};
LanguageState& current() {
    static LanguageState state;
    return state;
}

// Decodes the UTF-8 character at `text` (up to `end`); returns its byte length.
int next_char(const char* text, const char* end, unsigned int& c) {
    const int length = ImTextCharFromUtf8(&c, text, end);
    return std::max(length, 1);
}

std::vector<ImWchar> glyph_ranges(const Catalogue& catalogue) {
    std::set<unsigned int> characters;
    for (const auto& [english, translation] : catalogue.entries()) {
        const char* end = translation.data() + translation.size();
        for (const char* at = translation.data(); at < end;) {
            unsigned int c = 0;
            at += next_char(at, end, c);
            if (c >= 0x80 && c <= 0xFFFF) characters.insert(c);  // ImWchar is 16 bits
        }
    }
    std::vector<ImWchar> ranges;
    for (unsigned int c : characters) {
        if (!ranges.empty() && ranges.back() + 1u == c) ranges.back() = static_cast<ImWchar>(c);
        else ranges.insert(ranges.end(), {static_cast<ImWchar>(c), static_cast<ImWchar>(c)});
    }
    ranges.push_back(0);
    return ranges;
}

void note_untranslated(const Message& message) {
    if (message.literal) return;
    if (!current().catalogue.find(message.pattern)) current().untranslated.insert(message.pattern);
    for (const MessageArg& arg : message.args) note_untranslated(arg.value);
}

// CJK ideographs, kana and CJK punctuation, where a line may break between any two characters.
// Hangul is left out: Korean is written with spaces between words and breaks there.
bool breaks_anywhere(unsigned int c) {
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF);
}
bool no_break_before(unsigned int c) {
    static const std::u32string closing = U"、。，．・：；？！ー」』）〕］｝〉》ぁぃぅぇぉっゃゅょァィゥェォッャュョ々…)]},.:;!?%";
    return closing.find(static_cast<char32_t>(c)) != std::u32string::npos;
}
bool no_break_after(unsigned int c) {
    static const std::u32string opening = U"「『（〔［｛〈《([{";
    return opening.find(static_cast<char32_t>(c)) != std::u32string::npos;
}

}  // namespace

std::string supported_language(std::string_view tag) {
    std::string lower;
    for (char c : tag) lower += c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto starts = [&](std::string_view prefix) {
        return lower == prefix || lower.rfind(std::string(prefix) + "-", 0) == 0;
    };
    if (starts("en")) return "en";
    if (starts("ja")) return "ja";
    if (starts("ko")) return "ko";
    if (starts("zh-hant") || starts("zh-tw") || starts("zh-hk") || starts("zh-mo")) return "";
    if (starts("zh")) return "zh-Hans";
    return "";
}

const std::string& language() { return current().code; }

void set_language(const std::string& code, std::string_view catalogue_json, std::string font) {
    if (supported_language(code) != code) throw Refusal(translatable("there is no language '{code}'", {{"code", code}}));
    Catalogue catalogue = code == "en" ? Catalogue() : Catalogue::parse(catalogue_json);
    LanguageState& state = current();
    state.code = code;
    state.ranges = glyph_ranges(catalogue);
    state.catalogue = std::move(catalogue);
    state.font = code == "en" ? std::string() : std::move(font);
    state.untranslated.clear();
    ++state.generation;
}

int language_generation() { return current().generation; }
const std::string& language_font() { return current().font; }
const ImWchar* language_glyph_ranges() { return current().ranges.data(); }

const char* tr(const char* english) {
    LanguageState& state = current();
    if (state.code == "en") return english;
    if (const std::string* translated = state.catalogue.find(english)) return translated->c_str();
    state.untranslated.insert(english);
    return english;
}

Message reason_for_user(const std::exception& error, Message otherwise) {
    if (const auto* refusal = dynamic_cast<const Refusal*>(&error)) return refusal->message();
    std::fprintf(stderr, "%s\n", error.what());
    return otherwise;
}

std::string tr(const Message& message) {
    if (current().code == "en") return render(message);
    note_untranslated(message);
    return render(message, &current().catalogue);
}

std::string trf(const char* pattern, std::vector<MessageArg> args) { return tr(translatable(pattern, std::move(args))); }

const std::set<std::string>& untranslated() { return current().untranslated; }

std::string wrap_text(const ImFont* font, float size, std::string_view text, float width) {
    std::string out;
    const char* const end = text.data() + text.size();
    const char* line = text.data();  // where the current line starts
    const char* last_break = nullptr;  // the last place in it where a line may end
    unsigned int previous = '\n';
    for (const char* at = line; at < end;) {
        unsigned int c = 0;
        const char* next = at + next_char(at, end, c);
        if (c == '\n') {
            out.append(line, next);
            line = next;
            last_break = nullptr;
            previous = c;
            at = next;
            continue;
        }
        const bool after_space = previous == ' ' && c != ' ';
        const bool between_cjk = (breaks_anywhere(previous) || breaks_anywhere(c)) && previous != ' ' && c != ' ' &&
                                 previous != '\n' && !no_break_before(c) && !no_break_after(previous);
        if (at > line && (after_space || between_cjk)) last_break = at;
        const float line_width = font->CalcTextSizeA(size, FLT_MAX, 0.0f, line, next).x;
        if (line_width > width && last_break) {
            std::string_view kept(line, static_cast<size_t>(last_break - line));
            while (!kept.empty() && kept.back() == ' ') kept.remove_suffix(1);
            out.append(kept);
            out += '\n';
            line = last_break;
            last_break = nullptr;
        }
        previous = c;
        at = next;
    }
    out.append(line, end);
    return out;
}

void text_wrapped(std::string_view text, float width) {
    const std::string lines = wrap_text(ImGui::GetFont(), ImGui::GetFontSize(), text, width);
    // A line still too long (one long word) is cut by ImGui.
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    ImGui::TextUnformatted(lines.c_str());
    ImGui::PopTextWrapPos();
}

void text_wrapped(std::string_view text) { text_wrapped(text, ImGui::GetContentRegionAvail().x); }

void text_wrapped_disabled(std::string_view text, float width) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    text_wrapped(text, width);
    ImGui::PopStyleColor();
}

void text_wrapped_disabled(std::string_view text) { text_wrapped_disabled(text, ImGui::GetContentRegionAvail().x); }

void tooltip_wrapped(std::string_view text) {
    ImGui::BeginTooltip();
    text_wrapped(text, ImGui::GetFontSize() * 25);
    ImGui::EndTooltip();
}

namespace {

// `text` cut at a character boundary and ended with "..." so that it is at most `width` wide.
std::string shortened_to_fit(const char* text, float width) {
    std::string kept = text;
    if (ImGui::CalcTextSize(text).x <= width) return kept;
    while (!kept.empty()) {
        // Drop the last UTF-8 character: its continuation bytes, then its lead byte.
        while (!kept.empty() && (static_cast<unsigned char>(kept.back()) & 0xC0) == 0x80) kept.pop_back();
        if (!kept.empty()) kept.pop_back();
        while (!kept.empty() && kept.back() == ' ') kept.pop_back();
        if (ImGui::CalcTextSize((kept + "...").c_str()).x <= width) break;
    }
    return kept + "...";
}

}  // namespace

bool combo_translated(const char* label, int* index, const char* const* english_names, int count) {
    std::vector<const char*> names;
    float widest = 0;
    for (int i = 0; i < count; ++i) {
        names.push_back(tr(english_names[i]));
        widest = std::max(widest, ImGui::CalcTextSize(names.back()).x);
    }
    const ImGuiStyle& style = ImGui::GetStyle();
    const float arrow = ImGui::GetFrameHeight();
    // Wide enough for the longest item in this language (the width asked for is the least), but no
    // wider than the room left beside its label: a combo pushed to the panel's edge hid its arrow and
    // its label (Gomoku's rules in English). A cut item ends in "..." and is whole in the list.
    const float wanted = std::max(ImGui::CalcItemWidth(), widest + arrow + 2 * style.FramePadding.x);
    const float label_width = ImGui::CalcTextSize(label, nullptr, true).x;
    const float room = ImGui::GetContentRegionAvail().x - (label_width > 0 ? style.ItemInnerSpacing.x + label_width : 0);
    const float width = std::max(std::min(wanted, room), 3 * arrow);
    ImGui::SetNextItemWidth(width);
    const int shown = std::clamp(*index, 0, count - 1);
    const std::string preview = shortened_to_fit(names[shown], width - arrow - 2 * style.FramePadding.x);
    bool chosen = false;
    if (ImGui::BeginCombo(label, preview.c_str())) {
        for (int i = 0; i < count; ++i) {
            ImGui::PushID(i);
            const bool selected = i == *index;
            if (ImGui::Selectable(names[i], selected)) {
                *index = i;
                chosen = true;
            }
            if (selected) ImGui::SetItemDefaultFocus();
            ImGui::PopID();
        }
        ImGui::EndCombo();
    } else if (preview != names[shown] && ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s", names[shown]);
    }
    return chosen;
}

}  // namespace gridlab::app
