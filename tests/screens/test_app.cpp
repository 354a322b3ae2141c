// The App's glue to the page (app/app.h), without a window: the URL query, the saved games in the
// browser's storage (here host_headless.cpp's memory), a reload. Each case is a defect the app_glue
// fuzz target (tests/fuzz/app_glue.cpp) found; its reproducer is in tests/fuzz/corpus/app_glue/.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

#include "app/app.h"
#include "app/host.h"
#include "screens/app_frame.h"

using namespace gridlab::app;
using nlohmann::json;

namespace {

void forget_storage() {
    for (const char* key : {"minesweeper", "puyo", "gomoku", "learn", "palette"}) forget_saved(std::string("gridlab.") + key);
    forget_saved("address");
}

json state_of(const App& app) { return json::parse(app.state_json()); }

// A page opened at `query`, with its first frame drawn.
std::unique_ptr<App> open_page(const std::string& query) {
    auto app = std::make_unique<App>();
    app->start(query);
    headless_frame(*app);
    return app;
}

// The page reloaded: opened again at the address it shows.
std::unique_ptr<App> reload(std::unique_ptr<App> app) {
    app->keep_now();
    app.reset();
    // Appended rather than `"?" + string`, which g++ 12 wrongly warns of (-Wrestrict, its bug 105329).
    std::string query = "?";
    query += load_saved("address").value_or("");
    return open_page(query);
}

}  // namespace

TEST_CASE("A saved game whose \"finished\" is not true or false does not stop the start screen", "[screens]") {
    // Reproducer: corpus/app_glue/start-screen-finished-not-boolean. The card read "finished" with
    // json::value(), which threw out of the frame: in the page, the app stopped at every visit.
    forget_storage();
    store_saved("gridlab.gomoku", R"({"version":1,"game":"gomoku","finished":1,"save":{}})");
    auto page = open_page("");
    REQUIRE_NOTHROW(headless_frame(*page));
    const json cards = state_of(*page)["cards"];
    const auto gomoku = std::find_if(cards.begin(), cards.end(), [](const json& card) { return card["game"] == "gomoku"; });
    REQUIRE(gomoku != cards.end());
    CHECK((*gomoku)["saved"] == "playing");  // a game in progress, as far as the card can tell
    // Opened, the save is found corrupt, dropped, and said so; a new game starts in its place.
    auto opened = open_page("?game=gomoku");
    const json state = state_of(*opened);
    CHECK(state["game"] == "gomoku");
    CHECK(state["notice"].get<std::string>().rfind("The saved game could not be restored", 0) == 0);
    CHECK(json::parse(load_saved("gridlab.gomoku").value())["finished"] == false);
    forget_storage();
}

TEST_CASE("A link's colour-blind palette is kept over a reload, as its language is", "[screens]") {
    // Reproducer: corpus/app_glue/links. The palette was the link's for that page only, and the
    // address a game shows has its parameters only, so a reload (or the service worker's reload onto
    // a new build) went back to the standard colours.
    forget_storage();
    auto page = open_page("?game=puyo&seed=3&palette=colorblind");
    CHECK(state_of(*page)["palette"] == "colorblind");
    page = reload(std::move(page));
    CHECK(state_of(*page)["game"] == "puyo");
    CHECK(state_of(*page)["palette"] == "colorblind");
    // A link without a palette, or with one that is no palette, keeps the one remembered.
    CHECK(state_of(*open_page("?game=gomoku&seed=1"))["palette"] == "colorblind");
    CHECK(state_of(*open_page("?game=gomoku&seed=1&palette=purple"))["palette"] == "colorblind");
    CHECK(state_of(*open_page("?game=gomoku&seed=1&palette=standard"))["palette"] == "standard");
    CHECK(state_of(*open_page("?game=gomoku&seed=1"))["palette"] == "standard");
    forget_storage();
}

TEST_CASE("A link with a stray byte keeps its game over a reload", "[screens]") {
    // Reproducer: corpus/app_glue/link-stray-byte-reload. A save writes invalid UTF-8 replaced (the
    // JSON dump's U+FFFD), so the saved parameters of "Whi%80te=human" no longer matched the link's
    // and every reload started a new game. The link's text is now read with the same replacement.
    forget_storage();
    auto page = open_page("?game=gomoku&size=9&Whi%80te=human&seed=7");
    page->act_json(R"({"move":[4,4]})");
    page = reload(std::move(page));
    CHECK(state_of(*page)["moves"] == json::array({"e5"}));
    CHECK(parse_query("?Whi%80te=%C3%A9%FF").at("Whi\xEF\xBF\xBDte") == "\xC3\xA9\xEF\xBF\xBD");
    forget_storage();
}
