#include "app/ai_runner.h"

#include <utility>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace gridlab::app {

namespace {

#ifdef __EMSCRIPTEN__
EM_JS(int, js_worker_enabled, (), { return window.gridlabAi && window.gridlabAi.enabled ? 1 : 0; });
EM_JS(void, js_post_to_worker, (const char* text), { window.gridlabAi.post(UTF8ToString(text)); });
#else
int js_worker_enabled() { return 0; }
void js_post_to_worker(const char*) {}
#endif

}  // namespace

void AiRunner::send(const nlohmann::json& message) {
    if (use_worker_) {
        js_post_to_worker(message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    } else if (nlohmann::json reply = frames_.receive(message.dump()); !reply.is_null()) {
        inbox_.push_back(reply);  // a refused request: its error is the search's answer
    }
}

int64_t AiRunner::start(nlohmann::json request) {
    cancel_all();
    active_ = next_id_++;
    request.update({{"v", search::kProtocolVersion}, {"type", "search"}, {"id", active_}});
    request_ = request;
    send(request);
    return active_;
}

void AiRunner::cancel(int64_t id) {
    if (running(id)) cancel_all();
}

void AiRunner::cancel_all() {
    if (active_) send({{"v", search::kProtocolVersion}, {"type", "cancel"}, {"id", active_}});
    active_ = 0;
    request_ = nullptr;
    inbox_.clear();
}

std::vector<nlohmann::json> AiRunner::poll(double slice_ms) {
    if (!use_worker_)
        if (nlohmann::json message = frames_.step(slice_ms); !message.is_null()) inbox_.push_back(message);
    std::vector<nlohmann::json> messages;
    for (nlohmann::json& message : inbox_) {
        if (!running(message["id"].get<int64_t>())) continue;
        if (message["type"] != "progress") active_ = 0;  // a result or an error ends the search
        messages.push_back(std::move(message));
    }
    inbox_.clear();
    return messages;
}

void AiRunner::receive(const std::string& text) {
    const nlohmann::json message = nlohmann::json::parse(text, nullptr, false);
    if (!message.is_object() || !message.contains("type")) return;  // ai_client.js sends only valid messages
    const std::string type = message["type"].is_string() ? message["type"].get<std::string>() : "";
    const std::string reason = message.value("reason", "");
    if (type == "restarted") {
        notice_ = "The AI's worker " + reason + ", so it was started again.";
    } else if (type == "unavailable") {
        notice_ = "The AI's worker " + reason + " again, so the AI thinks on the page from now on.";
        use_worker_ = false;
        if (active_) send(request_);
    } else if (message.contains("id") && message["id"].is_number_integer() && running(message["id"].get<int64_t>())) {
        // A progress report replaces one not yet polled: a paused screen does not pile them up.
        if (type == "progress" && !inbox_.empty() && inbox_.back()["type"] == "progress") inbox_.back() = message;
        else inbox_.push_back(message);
    }
}

std::string AiRunner::take_notice() { return std::exchange(notice_, std::string()); }

AiRunner& ai_runner() {
    static AiRunner runner(js_worker_enabled() != 0);
    return runner;
}

}  // namespace gridlab::app
