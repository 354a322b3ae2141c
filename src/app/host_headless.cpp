// host.h where there is no page and no window (the tests, the fuzz targets): saved games, downloads,
// the clipboard and the address bar's query are kept in memory for the life of the program; there is
// no picker and there are no language files.
#include "app/host.h"

#include <map>

namespace gridlab::app {

namespace {
std::map<std::string, std::string>& files() {
    // saved games by key, downloads by "download/" + name, "clipboard", and the query shown as "address"
    static std::map<std::string, std::string> kept;
    return kept;
}
}  // namespace

std::optional<std::string> load_saved(const std::string& key) {
    const auto found = files().find(key);
    if (found == files().end()) return std::nullopt;
    return found->second;
}
void store_saved(const std::string& key, const std::string& value) { files()[key] = value; }
void forget_saved(const std::string& key) { files().erase(key); }
void show_query_in_address(const std::string& query) { files()["address"] = query; }
SharedLink copy_link(const std::string& query) { return {"?" + query, copy_text("?" + query)}; }
bool copy_text(const std::string& text) {
    files()["clipboard"] = text;
    return true;
}
Message download_file(const std::string& name, const std::string& bytes) {
    files()["download/" + name] = bytes;
    return literal("memory, as " + name);
}
bool pick_file() { return false; }
bool code_page(const std::string& command, const nlohmann::json& args) {
    files()["code_page"] = command + " " + args.dump();
    return true;
}
// No catalogues or fonts here: the screens keep the language they have (English unless a test sets one).
void load_language(const std::string&) {}

}  // namespace gridlab::app
