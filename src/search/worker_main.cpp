// The Web Worker's C++ entry: web/worker_loop.js hands it the page's messages and calls it in slices.
// Replies are JSON text ("" when there is nothing to send), valid until the next call.
#include <emscripten.h>

#include "search/search.h"

namespace {

gridlab::search::Worker g_worker;
std::string g_reply;

const char* reply(const nlohmann::json& message) {
    g_reply = message.is_null() ? "" : message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return g_reply.c_str();
}

}  // namespace

extern "C" {
EMSCRIPTEN_KEEPALIVE const char* gridlab_worker_receive(const char* text) { return reply(g_worker.receive(text)); }
EMSCRIPTEN_KEEPALIVE const char* gridlab_worker_step(double slice_ms) { return reply(g_worker.step(slice_ms)); }
EMSCRIPTEN_KEEPALIVE int gridlab_worker_busy() { return g_worker.busy(); }
}
