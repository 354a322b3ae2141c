// Where the app's AIs think: in a Web Worker by default on the web (web/ai_client.js runs it), else
// (natively, where workers are unavailable, or with ?ai_thread=frames) in slices of the app's frames.
// Both run the same search protocol (search/search.h) and give the same messages, so a screen does
// not know which one runs its search: it starts one, polls it each frame, and cancels it. One game
// search and one training run at a time, side by side: a training goes on while other screens search.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/message.h"
#include "search/search.h"

namespace gridlab::app {

class AiRunner {
public:
    explicit AiRunner(bool use_worker) : use_worker_(use_worker) {}
    const char* where() const { return use_worker_ ? "worker" : "frames"; }  // for state()

    // Starts a search for `request` (a game's request, search/games.h), replacing the search in
    // flight. Returns its id.
    int64_t start(nlohmann::json request);
    // Starts a training run (search/games.h), replacing the one in flight. Returns its id.
    int64_t train(nlohmann::json request);
    bool running(int64_t id) const { return id != 0 && (id == search_.id || id == training_.id); }
    // True while the app's frames do the thinking (no worker, a job in flight): they must keep coming.
    bool thinks_in_frames() const { return !use_worker_ && (search_.id != 0 || training_.id != 0); }
    // The search or training `id`, if it is still in flight. A training still answers with its
    // final result (its model), which poll returns.
    void cancel(int64_t id);
    void cancel_search();  // the game search in flight (leaving a screen): never the training
    // Per frame: without a worker, thinks for up to slice_ms. Returns the messages of the job `id`
    // that came since the last call (progress, then a result or an error, which end it).
    std::vector<nlohmann::json> poll(int64_t id, double slice_ms);
    // A message from web/ai_client.js: a worker's reply, or {"type":"restarted"|"unavailable","reason","detail"}.
    void receive(const std::string& text);
    // What the user should be told (a worker restarted or given up), once; nullopt when nothing.
    std::optional<Message> take_notice();

private:
    struct Job {
        int64_t id = 0;
        nlohmann::json request;  // for the frames if the worker gives up; null once cancelled
    };
    int64_t begin(Job& job, const char* type, nlohmann::json request);
    void send(const nlohmann::json& message);

    bool use_worker_;
    int64_t next_id_ = 1;
    Job search_, training_;
    search::Worker frames_;   // the jobs in flight, when there is no worker
    std::vector<nlohmann::json> inbox_;
    std::optional<Message> notice_;
};

// The app's one runner: the page's worker if it offers one, else frames.
AiRunner& ai_runner();

}  // namespace gridlab::app
