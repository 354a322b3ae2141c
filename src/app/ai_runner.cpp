#include "app/ai_runner.h"

#include <algorithm>
#include <utility>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace gridlab::app {

namespace {
// What happened to the worker (web/ai_client.js): {"reason": "crashed", "detail": its error} or
// {"reason": "stopped"}.
Message worker_trouble(const nlohmann::json& message) {
    if (message.value("reason", "") == "crashed")
        return translatable("crashed ({error})", {{"error", message.value("detail", "an error")}});
    return translatable("stopped answering");
}
}  // namespace

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

int64_t AiRunner::begin(Job& job, const char* type, nlohmann::json request) {
    cancel(job.id);
    job.id = next_id_++;
    request.update({{"v", search::kProtocolVersion}, {"type", type}, {"id", job.id}});
    job.request = request;
    send(request);
    return job.id;
}

int64_t AiRunner::start(nlohmann::json request) { return begin(search_, "search", std::move(request)); }

int64_t AiRunner::train(nlohmann::json request) { return begin(training_, "train", std::move(request)); }

void AiRunner::cancel(int64_t id) {
    Job& job = id == search_.id ? search_ : training_;
    if (!running(id) || job.request.is_null()) return;
    job.request = nullptr;
    if (&job == &search_) job.id = 0;  // a training's final result is still to come
    send({{"v", search::kProtocolVersion}, {"type", "cancel"}, {"id", id}});
}

void AiRunner::cancel_search() { cancel(search_.id); }

std::vector<nlohmann::json> AiRunner::poll(int64_t id, double slice_ms) {
    if (!use_worker_)
        if (nlohmann::json message = frames_.step(slice_ms); !message.is_null()) inbox_.push_back(message);
    std::vector<nlohmann::json> messages;
    std::erase_if(inbox_, [&](nlohmann::json& message) {
        const nlohmann::json& of = message["id"];
        if (!of.is_number_integer() || !running(of.get<int64_t>())) return true;  // a job cancelled or replaced since
        if (message["id"] != id) return false;
        if (message["type"] != "progress") (id == search_.id ? search_ : training_) = {};  // a result or an error ends it
        messages.push_back(std::move(message));
        return true;
    });
    return messages;
}

void AiRunner::receive(const std::string& text) {
    const nlohmann::json message = nlohmann::json::parse(text, nullptr, false);
    if (!message.is_object() || !message.contains("type")) return;  // ai_client.js sends only valid messages
    const std::string type = message["type"].is_string() ? message["type"].get<std::string>() : "";
    if (type == "restarted") {
        notice_ = translatable("The AI's worker {reason}, so it was started again.", {{"reason", worker_trouble(message)}});
    } else if (type == "unavailable") {
        notice_ = translatable("The AI's worker {reason} again, so the AI thinks on the page from now on.",
                               {{"reason", worker_trouble(message)}});
        use_worker_ = false;
        for (const Job* job : {&search_, &training_})
            if (!job->request.is_null()) send(job->request);
    } else if (message.contains("id") && message["id"].is_number_integer() && running(message["id"].get<int64_t>())) {
        // A progress report replaces its job's one not yet polled: a paused screen does not pile them up.
        const auto queued = std::find_if(inbox_.begin(), inbox_.end(), [&](const nlohmann::json& other) {
            return other["id"] == message["id"] && other["type"] == "progress";
        });
        if (type == "progress" && queued != inbox_.end()) *queued = message;
        else inbox_.push_back(message);
    }
}

std::optional<Message> AiRunner::take_notice() { return std::exchange(notice_, std::nullopt); }

AiRunner& ai_runner() {
    static AiRunner runner(js_worker_enabled() != 0);
    return runner;
}

}  // namespace gridlab::app
