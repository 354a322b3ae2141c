// Searches by request: the games' AIs behind one JSON protocol, so the web app's AI can think in a
// Web Worker (worker_main.cpp with web/worker_loop.js) or, as the fallback, in slices of the app's
// frames (app/ai_runner.h), and both give the same messages. The protocol is described in
// web/README.md; this file and the per-game files are its only C++ place.
//
// To the worker:   {"v":1,"type":"search","id":7,"game":"gomoku","params":{...},"moves":[...],"ai":{...}}
//                  {"v":1,"type":"train","id":8,"game":"minesweeper"|"puyo"|"gomoku","settings":{...},
//                   "model":"<base64>"}
//                  {"v":1,"type":"cancel","id":7}
// From the worker: {"v":1,"type":"progress","id":7,"report":{...}}   about every kProgressMs (a
//                                                                    training's every kTrainingProgressMs)
//                  {"v":1,"type":"result","id":7,"report":{...}}     the final report (a training's
//                                                                    also answers its cancel)
//                  {"v":1,"type":"error","id":7,"message":"..."}     (id null if it could not be read)
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/time_budget.h"

namespace gridlab::search {

constexpr int kProtocolVersion = 1;
constexpr double kProgressMs = 100.0;  // progress reports at about 10 a second
constexpr double kTrainingProgressMs = 250.0;  // a training's carry its model: 4 a second

// One AI decision in progress, built from a validated request and thought about in slices.
class Job {
public:
    virtual ~Job() = default;
    virtual void think(double ms) = 0;  // may throw std::exception: the search ends with an error
    virtual bool finished() const = 0;
    // What the overlays draw; once finished, the decision. The shape is the game's (see its header).
    virtual nlohmann::json report() const = 0;
    virtual double progress_ms() const { return kProgressMs; }
    // A job that runs until cancelled (a training) answers its cancel with its final report.
    virtual bool answers_cancel() const { return false; }
};

// A message to the worker, read and validated: every field is checked, a search's game replayed.
struct Request {
    std::string type;  // "search", "train" or "cancel"
    int64_t id = 0;
    std::unique_ptr<Job> job;  // for a search or a training
};
// Throws std::invalid_argument naming the field and what is wrong with it.
Request parse_request(const nlohmann::json& message);

// A search or a training in flight: thinks in slices and says what to send back.
class Session {
public:
    Session(std::string type, int64_t id, std::unique_ptr<Job> job) : type_(std::move(type)), id_(id), job_(std::move(job)) {}
    const std::string& type() const { return type_; }
    int64_t id() const { return id_; }
    bool done() const { return done_; }
    // The reply to a cancel: the final report of a job that answers cancels, else null.
    nlohmann::json cancel() const;
    // Thinks for about slice_ms, then returns the message due: the result (or an error) once the job
    // is finished, a progress report after the first slice, else null. Later reports are steps of
    // their own: a step that is due to report (progress_ms after the last) only reports.
    nlohmann::json step(double slice_ms);

private:
    nlohmann::json message(const char* type) const;
    nlohmann::json progress();

    std::string type_;
    int64_t id_;
    std::unique_ptr<Job> job_;
    bool done_ = false;
    bool reported_ = false;
    Stopwatch since_report_;
};

// The worker's side of the protocol, one search and one training at a time: the Web Worker runs it
// (worker_main.cpp), and so do the app's frames when there is no worker (app/ai_runner.h).
class Worker {
public:
    // A message from the page, as JSON text: starts a search or a training (replacing the one of its
    // type in flight) or cancels one. Returns the error message for a malformed request, a training's
    // final result for its cancel, else null.
    nlohmann::json receive(const std::string& text);
    // Thinks for about slice_ms on the next job in flight (they take turns); returns its message
    // due, or null.
    nlohmann::json step(double slice_ms);
    bool busy() const { return !sessions_.empty(); }

private:
    std::vector<std::unique_ptr<Session>> sessions_;
    size_t next_ = 0;  // the session the next step thinks for
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
double number_field(const nlohmann::json& object, const char* key, double lo, double hi, const std::string& where);
std::string choice_field(const nlohmann::json& object, const char* key, std::initializer_list<const char*> choices,
                         const std::string& where);
// A seed is a decimal string: JavaScript numbers cannot hold every 64-bit value.
uint64_t seed_field(const nlohmann::json& object, const char* key, const std::string& where);
std::string seed_text(uint64_t seed);

}  // namespace gridlab::search
