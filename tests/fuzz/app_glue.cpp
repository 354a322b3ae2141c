// The app's glue to the page (src/app/app.cpp, built without SDL and GL): the URL query, the saved
// games in the browser's storage (the envelope {"version","game","finished","save"} under
// "gridlab.<game>"), files dropped on the page, and window.gridlab's calls, with the App's UI built in
// ImGui frames (no window: ImGui's draw lists are made and never drawn). Each line of the input is a
// command:
//
//   store <key> <text>     localStorage["gridlab.<key>"] = text (before the page starts, or between
//                          reloads); <key> is a game's id or "palette"
//   start <query>          the page opens at ?<query>: a new App, start(), one frame
//   frame                  one frame of the App's UI (the start screen's cards read the saved games)
//   new <json>, act <json> window.gridlab.newGame(), .act()
//   reload                 the page is hidden (keep_now) and opened again at the address it shows
//   file                   the rest of the input, after this line, is a file dropped on the page
//
// Properties, checked after every command:
// - nothing throws out of the App (in the page, that stops the app for good: a corrupt save would
//   then stop it at every visit), and state() is JSON;
// - parse_query(to_query(p)) == p for the parameters of every query;
// - a refused newGame(), act() or file changes nothing on screen but the notice;
// - a reload shows the game it left (when it was not finished: a finished game gives way to a new
//   one), with the same state() but for what a save does not keep on purpose (whether the AI is
//   playing, the Puyo cursor, the Gomoku move under review) and the clock's (the Learn screen's
//   live.error) and the notice.
//
// A query without a seed gets "&seed=1" (the screens would take one from the clock), a `new` without
// one gets "seed":"1", so every input replays the same games.
#include <algorithm>
#include <cctype>
#include <memory>

#include "app/app.h"
#include "app/host.h"
#include "fuzz.h"
#include "screens/app_frame.h"

using namespace gridlab;
using namespace gridlab::app;
using nlohmann::json;

namespace {

constexpr int kMaxCommands = 24;  // a story of a few reloads; keeps a slow input (big networks) short
constexpr int kMaxStarts = 4;     // each makes an App, whose Learn screen makes a network
const char* const kKeys[] = {"minesweeper", "puyo", "gomoku", "learn", "palette"};

json state_of(const App& app) {
    const json state = json::parse(app.state_json(), nullptr, false);
    FUZZ_CHECK(!state.is_discarded());
    return state;
}

json without_notice(json state) {
    state.erase("notice");
    return state;
}

// state() without what a save does not keep on purpose, or the clock decides (see the top).
json saved_part(json state) {
    state.erase("notice");
    state.erase("cursor");
    state.erase("review");
    if (state.contains("ai") && state["ai"].is_object()) state["ai"].erase("playing");
    if (state.contains("live") && state["live"].is_object()) state["live"].erase("error");
    return state;
}

void check_same(const json& got, const json& expected, const char* what) {
    if (got == expected) return;
    const auto text = [](const json& doc) { return doc.dump(-1, ' ', false, json::error_handler_t::replace); };
    std::fprintf(stderr, "%s differs:\n  got      %s\n  expected %s\n", what, text(got).c_str(), text(expected).c_str());
    FUZZ_CHECK(got == expected);
}

// The query as the page gives it, with a seed if it names none (case and %-encoding as the App reads them).
std::string seeded(const std::string& query) {
    for (const auto& [key, value] : parse_query(query)) {
        std::string lower = key;
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower == "seed") return query;
    }
    return query + "&seed=1";
}

std::unique_ptr<App> open_page(const std::string& query) {
    const Params params = parse_query(query);
    check_same(json(parse_query(to_query(params))), json(params), "parse_query(to_query(params))");
    auto app = std::make_unique<App>();
    app->start(query);
    headless_frame(*app);
    return app;
}

// The page reloads: it saves what changed as it is hidden, then opens at the address it showed.
// A frame first, as the page draws one after every call: state()'s "view" is where the last frame drew the board.
std::unique_ptr<App> reload(std::unique_ptr<App> app) {
    headless_frame(*app);
    app->keep_now();
    const json before = state_of(*app);
    const std::string address = load_saved("address").value_or("");
    const bool in_game = before["screen"] == "game";  // else the start screen, whose "game" is null
    const json saved = in_game ? json::parse(load_saved("gridlab." + before["game"].get<std::string>()).value_or("null"), nullptr, false)
                               : json();
    const bool finished = saved.is_object() && saved.contains("finished") && saved["finished"] == true;
    app.reset();
    auto again = open_page("?" + address);
    if (in_game && !finished)
        check_same(saved_part(state_of(*again)), saved_part(before), "the state() after a reload");
    return again;
}

// A command that returns "" or why it was refused: refused, it changes nothing but the notice.
template <class Command>
void check_refusal_changes_nothing(const App& app, Command command) {
    const json before = without_notice(state_of(app));
    if (!command().empty()) check_same(without_notice(state_of(app)), before, "state() after a refused command");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view input = fuzz::as_text(data, size);
    for (const char* key : kKeys) forget_saved(std::string("gridlab.") + key);
    forget_saved("address");
    std::unique_ptr<App> app;
    int commands = 0, starts = 0;
    size_t at = 0;
    while (at < input.size() && commands++ < kMaxCommands) {
        const size_t end = std::min(input.find('\n', at), input.size());
        const std::string line(input.substr(at, end - at));
        at = end + 1;
        const size_t space = line.find(' ');
        const std::string verb = line.substr(0, space), rest = space == std::string::npos ? "" : line.substr(space + 1);
        if (verb == "store") {
            const size_t split = rest.find(' ');
            const std::string key = rest.substr(0, split);
            if (std::find(std::begin(kKeys), std::end(kKeys), key) != std::end(kKeys))
                store_saved("gridlab." + key, split == std::string::npos ? "" : rest.substr(split + 1));
        } else if (verb == "start" && starts++ < kMaxStarts) {
            app.reset();
            app = open_page(seeded(rest));
        } else if (!app) {
            continue;
        } else if (verb == "frame") {
            headless_frame(*app);
        } else if (verb == "reload" && starts++ < kMaxStarts) {
            app = reload(std::move(app));
        } else if (verb == "new") {
            json params = json::parse(rest, nullptr, false);
            if (params.is_object() && !params.contains("seed")) params["seed"] = "1";
            check_refusal_changes_nothing(*app, [&] { return app->new_game_json(params.is_discarded() ? rest : params.dump()); });
        } else if (verb == "act") {
            check_refusal_changes_nothing(*app, [&] { return app->act_json(rest); });
        } else if (line == "file") {
            const std::string_view file = at < input.size() ? input.substr(at) : std::string_view();
            check_refusal_changes_nothing(*app, [&] { return app->open_file(file); });
            headless_frame(*app);
            break;
        }
    }
    return 0;
}
