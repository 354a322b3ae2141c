#include "app/host.h"

#include <SDL.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "app/i18n.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace gridlab::app {

#ifdef __EMSCRIPTEN__

// localStorage can be missing or refuse (private browsing, quota): then nothing is saved, silently.
EM_JS(char*, js_load_saved, (const char* key), {
    try {
        const value = window.localStorage.getItem(UTF8ToString(key));
        if (value === null) return 0;
        const size = lengthBytesUTF8(value) + 1;
        const pointer = _malloc(size);
        stringToUTF8(value, pointer, size);
        return pointer;
    } catch (error) {
        return 0;
    }
});
EM_JS(void, js_store_saved, (const char* key, const char* value), {
    try { window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value)); } catch (error) {}
});
EM_JS(void, js_forget_saved, (const char* key), {
    try { window.localStorage.removeItem(UTF8ToString(key)); } catch (error) {}
});
EM_JS(void, js_show_query, (const char* query), {
    const text = UTF8ToString(query);
    try { history.replaceState(null, "", location.pathname + (text ? "?" + text : "")); } catch (error) {}
});
EM_JS(char*, js_link, (const char* query), {
    const link = location.origin + location.pathname + '?' + UTF8ToString(query);
    const size = lengthBytesUTF8(link) + 1;
    const pointer = _malloc(size);
    stringToUTF8(link, pointer, size);
    return pointer;
});
EM_JS(bool, js_copy_text, (const char* text), { return window.gridlab.copyText(UTF8ToString(text)); });

EM_JS(void, js_download, (const char* name, const char* bytes, int size), {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([HEAPU8.slice(bytes, bytes + size)], {type: 'application/octet-stream'}));
    link.download = UTF8ToString(name);
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
});
EM_JS(void, js_pick_file, (), { window.gridlab.pickFile(); });
EM_JS(void, js_code_page, (const char* command, const char* args), {
    window.gridlab.codePage(UTF8ToString(command), JSON.parse(UTF8ToString(args)));
});
EM_JS(void, js_load_language, (const char* code), { window.gridlab.loadLanguage(UTF8ToString(code)); });

std::optional<std::string> load_saved(const std::string& key) {
    char* value = js_load_saved(key.c_str());
    if (!value) return std::nullopt;
    std::string text(value);
    std::free(value);
    return text;
}
void store_saved(const std::string& key, const std::string& value) { js_store_saved(key.c_str(), value.c_str()); }
void forget_saved(const std::string& key) { js_forget_saved(key.c_str()); }
void show_query_in_address(const std::string& query) { js_show_query(query.c_str()); }
SharedLink copy_link(const std::string& query) {
    char* link = js_link(query.c_str());
    SharedLink shared{link};
    std::free(link);
    shared.copied = copy_text(shared.link);
    return shared;
}
bool copy_text(const std::string& text) { return js_copy_text(text.c_str()); }
Message download_file(const std::string& name, const std::string& bytes) {
    js_download(name.c_str(), bytes.data(), static_cast<int>(bytes.size()));
    return translatable("your downloads, as {file}", {{"file", name}});
}
bool pick_file() {
    js_pick_file();
    return true;
}
void load_language(const std::string& code) { js_load_language(code.c_str()); }
bool code_page(const std::string& command, const nlohmann::json& args) {
    js_code_page(command.c_str(), args.dump().c_str());
    return true;
}

#else

namespace {
std::filesystem::path data_folder() {
    const char* data_home = std::getenv("XDG_DATA_HOME");
    const char* home = std::getenv("HOME");
    std::filesystem::path dir = data_home && *data_home ? std::filesystem::path(data_home)
                                : home                   ? std::filesystem::path(home) / ".local/share"
                                                         : std::filesystem::temp_directory_path();
    return dir / "gridlab";
}
std::filesystem::path saved_path(const std::string& key) { return data_folder() / (key + ".json"); }
}  // namespace

std::optional<std::string> load_saved(const std::string& key) {
    std::ifstream in(saved_path(key));
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}
void store_saved(const std::string& key, const std::string& value) {
    const std::filesystem::path path = saved_path(key);
    std::error_code ignored;
    std::filesystem::create_directories(path.parent_path(), ignored);
    std::ofstream(path) << value;
}
void forget_saved(const std::string& key) {
    std::error_code ignored;
    std::filesystem::remove(saved_path(key), ignored);
}
void show_query_in_address(const std::string&) {}
SharedLink copy_link(const std::string& query) {
    const std::string link = "gridlab_app '?" + query + "'";
    return {link, copy_text(link)};
}
bool copy_text(const std::string& text) { return SDL_SetClipboardText(text.c_str()) == 0; }
Message download_file(const std::string& name, const std::string& bytes) {
    const std::filesystem::path path = data_folder() / name;
    std::error_code ignored;
    std::filesystem::create_directories(path.parent_path(), ignored);
    std::ofstream(path, std::ios::binary) << bytes;
    return literal(path.string());
}
bool pick_file() { return false; }
bool code_page(const std::string&, const nlohmann::json&) { return false; }  // no Python in the desktop app

void load_language(const std::string& code) {
    std::string catalogue, font;
    if (code != "en") {
        char* base = SDL_GetBasePath();
        const std::filesystem::path folder = std::filesystem::path(base ? base : "") / "lang";
        SDL_free(base);
        auto read = [](const std::filesystem::path& path) {
            std::ifstream in(path, std::ios::binary);
            if (!in) throw Refusal(translatable("{file} is missing", {{"file", path.string()}}));
            return std::string(std::istreambuf_iterator<char>(in), {});
        };
        catalogue = read(folder / (code + ".json"));
        font = read(folder / (code + ".otf"));
    }
    set_language(code, catalogue, std::move(font));
    store_saved("gridlab.lang", code);
}

#endif

}  // namespace gridlab::app
