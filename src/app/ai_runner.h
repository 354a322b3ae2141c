// Where the app's AIs think: in a Web Worker by default on the web (web/ai_client.js runs it), else
// (natively, where workers are unavailable, or with ?ai_thread=frames) in slices of the app's frames.
// Both run the same search protocol (search/search.h) and give the same messages, so a screen does
// not know which one runs its search: it starts one, polls it each frame, and cancels it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "search/search.h"

namespace gridlab::app {

class AiRunner {
public:
    explicit AiRunner(bool use_worker) : use_worker_(use_worker) {}
    const char* where() const { return use_worker_ ? "worker" : "frames"; }  // for state()

    // Starts a search for `request` (a game's request, search/games.h), replacing any in flight.
    // Returns its id.
    int64_t start(nlohmann::json request);
    bool running(int64_t id) const { return id != 0 && id == active_; }
    void cancel(int64_t id);  // the search `id`, if it is still in flight
    void cancel_all();
    // Per frame: without a worker, thinks for up to slice_ms. Returns the messages of the search in
    // flight that came since the last call (progress, then a result or an error, which end it).
    std::vector<nlohmann::json> poll(double slice_ms);
    // A message from web/ai_client.js: a worker's reply, or {"type":"restarted"|"unavailable","reason"}.
    void receive(const std::string& text);
    // What the user should be told (a worker restarted or given up), once; "" when nothing.
    std::string take_notice();

private:
    void send(const nlohmann::json& message);

    bool use_worker_;
    int64_t next_id_ = 1, active_ = 0;
    nlohmann::json request_;  // the search in flight, for the frames if the worker gives up
    search::Worker frames_;   // the search in flight, when there is no worker
    std::vector<nlohmann::json> inbox_;
    std::string notice_;
};

// The app's one runner: the page's worker if it offers one, else frames.
AiRunner& ai_runner();

}  // namespace gridlab::app
