// Messages kept apart from their words: a pattern in English ("{param}: {value} is outside
// {min}..{max}") and named values. The command line prints them in English; the app words them in
// the chosen language through a catalogue (core/catalogue.h), whose keys are these English patterns.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gridlab {

class Catalogue;
struct MessageArg;

struct Message {
    std::string pattern;          // English, with {name} placeholders; or, when literal, the text itself
    std::vector<MessageArg> args;
    bool literal = false;         // a value (a number, a parameter's name, an engine's own report): never translated
};

struct MessageArg {
    MessageArg(std::string arg_name, Message arg_value) : name(std::move(arg_name)), value(std::move(arg_value)) {}
    MessageArg(std::string arg_name, std::string text);
    MessageArg(std::string arg_name, const char* text) : MessageArg(std::move(arg_name), std::string(text)) {}
    MessageArg(std::string arg_name, long long number) : MessageArg(std::move(arg_name), std::to_string(number)) {}
    MessageArg(std::string arg_name, int number) : MessageArg(std::move(arg_name), std::to_string(number)) {}
    std::string name;
    Message value;
};

// Marks an English pattern as text for the catalogues: cmake/i18n.py finds every
// translatable("..."), tr("...") and trf("...") in the sources, and the catalogue test checks that
// each one is translated.
inline Message translatable(std::string pattern, std::vector<MessageArg> args = {}) {
    return {std::move(pattern), std::move(args), false};
}
inline Message literal(std::string text) { return {std::move(text), {}, true}; }

// Replaces each {name} of `pattern` with its value; other braces, and names without a value, stay.
std::string fill_placeholders(std::string_view pattern, const std::vector<std::pair<std::string, std::string>>& values);
// The placeholder names of a pattern, in order of appearance.
std::vector<std::string> placeholders(std::string_view pattern);
// The message in words: translated through `catalogue` (patterns it lacks stay English), or in English.
std::string render(const Message& message, const Catalogue* catalogue = nullptr);

// An error the user may see, as a message: what() is its English wording, message() its parts.
class Refusal : public std::invalid_argument {
public:
    explicit Refusal(Message message);
    const Message& message() const { return message_; }

private:
    Message message_;
};

// A refused value of a named parameter or option: which one, what was given, and why.
class ValueError : public Refusal {
public:
    enum class Kind { NotWholeNumber, NotNumber, OutOfRange, NotAChoice };
    ValueError(Kind kind, std::string param, std::string value, std::string low = {}, std::string high = {},
               std::vector<std::string> choices = {});
    Kind kind() const { return kind_; }
    const std::string& param() const { return param_; }
    const std::string& value() const { return value_; }
    const std::string& low() const { return low_; }    // OutOfRange
    const std::string& high() const { return high_; }
    const std::vector<std::string>& choices() const { return choices_; }  // NotAChoice

private:
    Kind kind_;
    std::string param_, value_, low_, high_;
    std::vector<std::string> choices_;
};

// The message of any exception: a Refusal's own, else its what() as a literal.
Message message_of(const std::exception& error);

}  // namespace gridlab
