// The app's screens (src/app, built without SDL and GL) driven the way the page drives them: each line
// of the input is a screen's id, which switches to that screen, or a command with a JSON document:
//
//   gomoku
//   new {"size":"9","white":"human"}      new_game(params): the URL's or newGame()'s parameters
//   act {"move":[4,4]}                    act(action): window.gridlab.act()
//   restore {"params":{...},"moves":[40]} restore(saved): a saved game from the browser's storage
//
// The screens of one input share the Learn screen's models (a restored trained model lets the
// Minesweeper screen play ai=learned), as in the app. Properties, checked after every command:
// - state() and save() are JSON that dumps strictly (no invalid UTF-8) and never throw;
// - a refused command (new_game and act throw std::invalid_argument, restore any std::exception)
//   leaves state() and save() unchanged;
// - an accepted command's save(), as text, restores into the screen's twin (another screen of its
//   kind) to the same state() and the same save(), but for what a save does not keep on purpose:
//   whether the AI is playing (a restored game waits for the player), where the Puyo player is
//   steering the pair and which move of a finished Gomoku game is being reviewed;
// - after an accepted new_game, params() (the share link) start the same game again: the same state()
//   and save().
// Comparisons of two screens leave out the Learn screen's live.error, which depends on the clock.
//
// A `new` without a seed gets "seed":"1" (the screens would take one from the clock), and each screen
// starts with seed 1 (Learn with a tiny network on the small board), so every input replays the same
// games. No ImGui frame runs: the commands and state()/save()/restore() need none. AIs never think
// (update() is not called); their requests only queue in the frames' runner.
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

#include "app/gomoku_screen.h"
#include "app/learn_screen.h"
#include "app/minesweeper_screen.h"
#include "app/puyo_screen.h"
#include "fuzz.h"

using namespace gridlab;
using namespace gridlab::app;
using nlohmann::json;

namespace {

constexpr int kMaxCommands = 24;  // enough for a game's story; keeps a slow input (big networks) short

std::unique_ptr<GameScreen> make_screen(const std::string& id, LearnedModels& models) {
    if (id == "minesweeper") return std::make_unique<MinesweeperScreen>(models);
    if (id == "puyo") return std::make_unique<PuyoScreen>(models);
    if (id == "gomoku") return std::make_unique<GomokuScreen>(models);
    return std::make_unique<LearnScreen>(models);
}

void start_afresh(GameScreen& screen) {
    Params start{{"seed", "1"}};
    // The Learn screen starts with a tiny network: network passes are most of its time under the sanitizers.
    if (screen.id() == std::string("learn")) start.insert({{"level", "small"}, {"width", "2"}, {"depth", "1"}});
    screen.new_game(start);
}

// Strict dumps: these throw on invalid UTF-8, which the page's JSON.parse would not get back intact.
std::string state_text(const GameScreen& screen) { return screen.state().dump(); }
std::string save_text(const GameScreen& screen) { return screen.save().dump(); }

// Aborts, showing both, unless `got` is `expected`.
void check_same(const std::string& got, const std::string& expected, const char* what) {
    if (got == expected) return;
    std::fprintf(stderr, "%s differs:\n  got      %s\n  expected %s\n", what, got.c_str(), expected.c_str());
    FUZZ_CHECK(got == expected);
}

// state() without what depends on the clock: the Learn screen's live.error compares the network with
// the exact solver, which thinks in 2 ms slices, once that has finished (null before).
json timeless(json state) {
    if (state.contains("live")) state["live"].erase("error");
    return state;
}

// state() without what a save does not keep on purpose (see the top) or the clock decides.
json saved_part(json state) {
    if (state.contains("ai")) state["ai"].erase("playing");
    state.erase("cursor");
    state.erase("review");
    return timeless(state);
}

// `screen`'s game, saved as text and restored into `other`, is the same game.
void check_restores(const GameScreen& screen, GameScreen& other) {
    const std::string saved = save_text(screen);
    try {
        other.restore(json::parse(saved));
    } catch (const std::exception& error) {
        std::fprintf(stderr, "a saved game was refused: %s\n%s\n", error.what(), saved.c_str());
        FUZZ_CHECK(!"a save() restores");
    }
    check_same(saved_part(other.state()).dump(), saved_part(screen.state()).dump(), "the restored game's state()");
    check_same(save_text(other), saved, "the restored game's save()");
}

// new_game(params()) on `other` starts the game `screen` just started.
void check_share_link(const GameScreen& screen, GameScreen& other) {
    try {
        other.new_game(screen.params());
    } catch (const std::invalid_argument& error) {
        std::fprintf(stderr, "params() were refused: %s\n", error.what());
        FUZZ_CHECK(!"params() start a game");
    }
    check_same(timeless(other.state()).dump(), timeless(screen.state()).dump(), "the state() of the game params() start");
    check_same(save_text(other), save_text(screen), "the save() of the game params() start");
}

enum class Verdict { Accepted, Refused, Skipped };

// Runs one command on `screen`; refusals must be of the kind the interface promises.
Verdict run(GameScreen& screen, const std::string& verb, const json& document) {
    try {
        if (verb == "act") {
            screen.act(document);
        } else if (verb == "new") {
            if (!document.is_object()) return Verdict::Skipped;
            Params params;
            for (const auto& [key, value] : document.items()) {
                if (!value.is_string()) return Verdict::Skipped;  // the URL and newGame() give text
                params[key] = value.get<std::string>();
            }
            params.emplace("seed", "1");
            screen.new_game(params);
        } else {
            try {
                screen.restore(document);
            } catch (const std::exception&) {
                return Verdict::Refused;
            }
        }
    } catch (const std::invalid_argument&) {
        return Verdict::Refused;
    }
    return Verdict::Accepted;
}

// The screens, each with a twin that takes the checks' restores. They are made once (a Learn screen is
// made with the default network, whose passes would be most of an input's time) and started afresh,
// with no learned model, in each input that names them.
class Screens {
public:
    void begin_input() {
        opened_.clear();
        shown = twin_of_shown = nullptr;
        models_.minesweeper.reset();
    }
    // Switches to the screen called `id`; false if there is none.
    bool open(const std::string& id) {
        if (id != "minesweeper" && id != "puyo" && id != "gomoku" && id != "learn") return false;
        auto& [screen, twin] = by_id_[id];
        if (!screen) {
            screen = make_screen(id, models_);
            twin = make_screen(id, models_);
        }
        if (opened_.insert(id).second) {
            start_afresh(*screen);
            start_afresh(*twin);
        }
        shown = screen.get();
        twin_of_shown = twin.get();
        return true;
    }
    GameScreen* shown = nullptr;
    GameScreen* twin_of_shown = nullptr;

private:
    LearnedModels models_;  // before the screens, which keep a reference to it
    std::map<std::string, std::pair<std::unique_ptr<GameScreen>, std::unique_ptr<GameScreen>>> by_id_;
    std::set<std::string> opened_;  // in this input
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static Screens screens;
    screens.begin_input();
    int commands = 0;
    for (const std::string& line : split_lines(fuzz::as_text(data, size))) {
        if (screens.open(line)) continue;
        const size_t space = line.find(' ');
        const std::string verb = line.substr(0, space);
        if (!screens.shown || space == std::string::npos || (verb != "new" && verb != "act" && verb != "restore"))
            continue;
        const json document = json::parse(line.substr(space + 1), nullptr, false);
        if (document.is_discarded()) continue;
        if (++commands > kMaxCommands) break;

        GameScreen& screen = *screens.shown;
        const std::string state_before = state_text(screen), save_before = save_text(screen);
        const Verdict verdict = run(screen, verb, document);
        if (verdict == Verdict::Skipped) continue;
        if (verdict == Verdict::Refused) {
            check_same(state_text(screen), state_before, "state() after a refused command");
            check_same(save_text(screen), save_before, "save() after a refused command");
            continue;
        }
        check_restores(screen, *screens.twin_of_shown);
        if (verb == "new") check_share_link(screen, *screens.twin_of_shown);
    }
    return 0;
}
