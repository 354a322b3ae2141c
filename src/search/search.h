// Searches by request: the games' AIs behind one JSON protocol, so the web app's AI can think in a
// Web Worker (worker_main.cpp with web/worker_loop.js) or, as the fallback, in slices of the app's
// frames (app/ai_runner.h), and both give the same messages. The protocol is described in
// web/README.md; this file and the per-game files are its only C++ place.
//
// To the worker:   {"v":1,"type":"search","id":7,"game":"gomoku","params":{...},"moves":[...],"ai":{...}}
//                  {"v":1,"type":"cancel","id":7}
// From the worker: {"v":1,"type":"progress","id":7,"report":{...}}   about every kProgressMs
//                  {"v":1,"type":"result","id":7,"report":{...}}     the final report
//                  {"v":1,"type":"error","id":7,"message":"..."}     (id null if it could not be read)
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "core/time_budget.h"

namespace gridlab::search {

constexpr int kProtocolVersion = 1;
constexpr double kProgressMs = 100.0;  // progress reports at about 10 a second

// One AI decision in progress, built from a validated request and thought about in slices.
class Job {
public:
    virtual ~Job() = default;
    virtual void think(double ms) = 0;  // may throw std::exception: the search ends with an error
    virtual bool finished() const = 0;
    // What the overlays draw; once finished, the decision. The shape is the game's (see its header).
    virtual nlohmann::json report() const = 0;
};

// A message to the worker, read and validated: every field is checked, a search's game replayed.
struct Request {
    std::string type;  // "search" or "cancel"
    int64_t id = 0;
    std::unique_ptr<Job> job;  // for a search
};
// Throws std::invalid_argument naming the field and what is wrong with it.
Request parse_request(const nlohmann::json& message);

// A search in flight: thinks in slices and says what to send back.
class Session {
public:
    Session(int64_t id, std::unique_ptr<Job> job) : id_(id), job_(std::move(job)) {}
    int64_t id() const { return id_; }
    bool done() const { return done_; }
    // Thinks for about slice_ms, then returns the message due: the result (or an error) once the
    // job is finished, a progress report if kProgressMs have passed since the last, else null.
    nlohmann::json step(double slice_ms);

private:
    int64_t id_;
    std::unique_ptr<Job> job_;
    bool done_ = false;
    bool reported_ = false;
    Stopwatch since_report_;
};

// The worker's side of the protocol, one search at a time: the Web Worker runs it (worker_main.cpp),
// and so do the app's frames when there is no worker (app/ai_runner.h).
class Worker {
public:
    // A message from the page, as JSON text: starts a search (replacing any in flight) or cancels
    // one. Returns the error message for a malformed request, else null.
    nlohmann::json receive(const std::string& text);
    // Thinks for about slice_ms when a search is in flight; returns the message due, or null.
    nlohmann::json step(double slice_ms);
    bool busy() const { return session_ != nullptr; }

private:
    std::unique_ptr<Session> session_;
};

// {"v":1,"type":"error","id":id,"message":text}; id 0 is sent as null (the request had none).
nlohmann::json error_message(int64_t id, const std::string& text);

// Readers for the request's fields, shared by the games' files: each throws std::invalid_argument
// "WHERE: expected ..." when the field is missing or out of range.
const nlohmann::json& field(const nlohmann::json& object, const char* key, const std::string& where);
// The field as an object or as an array.
const nlohmann::json& object_field(const nlohmann::json& object, const char* key, const std::string& where);
const nlohmann::json& array_field(const nlohmann::json& object, const char* key, const std::string& where);
int64_t int_field(const nlohmann::json& object, const char* key, int64_t lo, int64_t hi, const std::string& where);
std::string choice_field(const nlohmann::json& object, const char* key, std::initializer_list<const char*> choices,
                         const std::string& where);
// A seed is a decimal string: JavaScript numbers cannot hold every 64-bit value.
uint64_t seed_field(const nlohmann::json& object, const char* key, const std::string& where);
std::string seed_text(uint64_t seed);

}  // namespace gridlab::search
