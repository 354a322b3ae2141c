#include "core/message.h"

#include <algorithm>

#include "core/catalogue.h"

namespace gridlab {

namespace {

bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || c == '_'; }

// The placeholder starting at pattern[at] ("{name}"): its length, or 0 if there is none there.
size_t placeholder_length(std::string_view pattern, size_t at) {
    if (pattern[at] != '{') return 0;
    size_t end = at + 1;
    while (end < pattern.size() && is_name_char(pattern[end])) ++end;
    return end > at + 1 && end < pattern.size() && pattern[end] == '}' ? end - at + 1 : 0;
}

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
    return out;
}

Message value_error_message(ValueError::Kind kind, const std::string& param, const std::string& value,
                            const std::string& low, const std::string& high, const std::vector<std::string>& choices) {
    switch (kind) {
        case ValueError::Kind::NotWholeNumber:
            return translatable("{param}: '{value}' is not a whole number", {{"param", param}, {"value", value}});
        case ValueError::Kind::NotNumber:
            return translatable("{param}: '{value}' is not a number", {{"param", param}, {"value", value}});
        case ValueError::Kind::OutOfRange:
            return translatable("{param}: {value} is outside {min}..{max}",
                                {{"param", param}, {"value", value}, {"min", low}, {"max", high}});
        case ValueError::Kind::NotAChoice:
            return translatable("{param}: '{value}' is not one of {choices}",
                                {{"param", param}, {"value", value}, {"choices", join(choices)}});
    }
    return literal(param);
}

}  // namespace

MessageArg::MessageArg(std::string arg_name, std::string text) : name(std::move(arg_name)), value(literal(std::move(text))) {}

std::vector<std::string> placeholders(std::string_view pattern) {
    std::vector<std::string> names;
    for (size_t at = 0; at < pattern.size(); ++at)
        if (const size_t length = placeholder_length(pattern, at)) {
            names.emplace_back(pattern.substr(at + 1, length - 2));
            at += length - 1;
        }
    return names;
}

std::string fill_placeholders(std::string_view pattern, const std::vector<std::pair<std::string, std::string>>& values) {
    std::string out;
    for (size_t at = 0; at < pattern.size(); ++at) {
        const size_t length = placeholder_length(pattern, at);
        const std::string_view name = length ? pattern.substr(at + 1, length - 2) : std::string_view();
        const auto found = std::find_if(values.begin(), values.end(), [&](const auto& value) { return value.first == name; });
        if (!length || found == values.end()) {
            out += pattern[at];
            continue;
        }
        out += found->second;
        at += length - 1;
    }
    return out;
}

std::string render(const Message& message, const Catalogue* catalogue) {
    if (message.literal) return message.pattern;
    std::vector<std::pair<std::string, std::string>> values;
    for (const MessageArg& arg : message.args) values.emplace_back(arg.name, render(arg.value, catalogue));
    const std::string* translated = catalogue ? catalogue->find(message.pattern) : nullptr;
    return fill_placeholders(translated ? *translated : message.pattern, values);
}

Refusal::Refusal(Message message) : std::invalid_argument(render(message)), message_(std::move(message)) {}

ValueError::ValueError(Kind kind, std::string param, std::string value, std::string low, std::string high,
                       std::vector<std::string> choices)
    : Refusal(value_error_message(kind, param, value, low, high, choices)),
      kind_(kind),
      param_(std::move(param)),
      value_(std::move(value)),
      low_(std::move(low)),
      high_(std::move(high)),
      choices_(std::move(choices)) {}

Message message_of(const std::exception& error) {
    if (const auto* refusal = dynamic_cast<const Refusal*>(&error)) return refusal->message();
    return literal(error.what());
}

}  // namespace gridlab
