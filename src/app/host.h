// What the app needs from where it runs: storage that survives a reload, the page's address, the
// clipboard, files. Browser: localStorage, history.replaceState, navigator.clipboard, a download and
// a file picker. Desktop: a file under $XDG_DATA_HOME (or ~/.local/share)/gridlab, nothing, SDL's
// clipboard, a file in that folder, and files dropped on the window (main.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/message.h"

namespace gridlab::app {

std::optional<std::string> load_saved(const std::string& key);
void store_saved(const std::string& key, const std::string& value);
void forget_saved(const std::string& key);

// Shows `query` ("game=gomoku&seed=7") in the address bar without reloading, so a reload or a
// bookmark starts this game.
void show_query_in_address(const std::string& query);
// The page's address with `query`, and whether it went to the clipboard. A page over plain http on
// a school's hostname (not a secure context) has no clipboard: the page then shows the link in a box
// to select and copy by hand.
struct SharedLink {
    std::string link;
    bool copied = false;
};
SharedLink copy_link(const std::string& query);
// Copies `text` to the clipboard where it can (else the page shows it to copy by hand): true if copied.
bool copy_text(const std::string& text);

// Offers `bytes` as a file called `name`: the browser downloads it; the desktop app writes it to its
// data folder. Returns where it went, for a message.
Message download_file(const std::string& name, const std::string& bytes);
// Opens the browser's file picker; the chosen file arrives through App::open_file. False where there
// is no picker (the desktop app, which takes files dropped on its window instead).
bool pick_file();

// A command to the page's side of the Code lesson (web/code/page.js: open, place, hide, run, stop,
// set_source, reset, download, load), with its arguments; its answers come back through
// App::code_message. False where there is no page (the desktop app: no Python there); the tests'
// host keeps the last command.
bool code_page(const std::string& command, const nlohmann::json& args);

// Fetches the language `code`'s catalogue and font (app/i18n.h request_language): natively read now
// from lang/ beside the program; in the browser fetched by the page, which hands them to the app
// (window.gridlab.setLanguage) when they came. The choice is remembered (localStorage "gridlab.lang").
void load_language(const std::string& code);

}  // namespace gridlab::app
