// What the app needs from where it runs: storage that survives a reload, the page's address, the
// clipboard. Browser: localStorage, history.replaceState, navigator.clipboard. Desktop: a file under
// $XDG_DATA_HOME (or ~/.local/share)/gridlab, nothing, SDL's clipboard.
#pragma once

#include <optional>
#include <string>

namespace gridlab::app {

std::optional<std::string> load_saved(const std::string& key);
void store_saved(const std::string& key, const std::string& value);
void forget_saved(const std::string& key);

// Shows `query` ("game=gomoku&seed=7") in the address bar without reloading, so a reload or a
// bookmark starts this game.
void show_query_in_address(const std::string& query);
// Copies the page's address with `query` to the clipboard; returns what was copied.
std::string copy_link(const std::string& query);

}  // namespace gridlab::app
