#include "search/search.h"

#include <stdexcept>

#include "core/text.h"

#include "search/games.h"

namespace gridlab::search {

namespace {

constexpr int64_t kMaxId = (int64_t{1} << 53) - 1;  // the largest whole number JavaScript holds exactly

std::string path(const std::string& where, const char* key) { return where.empty() ? key : where + "." + key; }

}  // namespace

const nlohmann::json& field(const nlohmann::json& object, const char* key, const std::string& where) {
    const auto found = object.find(key);
    if (found == object.end()) throw std::invalid_argument(path(where, key) + ": missing");
    return *found;
}

const nlohmann::json& object_field(const nlohmann::json& object, const char* key, const std::string& where) {
    const nlohmann::json& value = field(object, key, where);
    if (!value.is_object()) throw std::invalid_argument(path(where, key) + ": expected an object");
    return value;
}

const nlohmann::json& array_field(const nlohmann::json& object, const char* key, const std::string& where) {
    const nlohmann::json& value = field(object, key, where);
    if (!value.is_array()) throw std::invalid_argument(path(where, key) + ": expected an array");
    return value;
}

int64_t int_field(const nlohmann::json& object, const char* key, int64_t lo, int64_t hi, const std::string& where) {
    const nlohmann::json& value = field(object, key, where);
    const bool fits = value.is_number_unsigned() ? value.get<uint64_t>() <= static_cast<uint64_t>(hi)
                                                 : value.is_number_integer();
    const int64_t number = fits ? value.get<int64_t>() : 0;
    if (!fits || number < lo || number > hi)
        throw std::invalid_argument(path(where, key) + ": expected a whole number in " + std::to_string(lo) + ".." +
                                    std::to_string(hi));
    return number;
}

double number_field(const nlohmann::json& object, const char* key, double lo, double hi, const std::string& where) {
    const nlohmann::json& value = field(object, key, where);
    const double number = value.is_number() ? value.get<double>() : lo - 1;
    if (!(number >= lo && number <= hi))
        throw std::invalid_argument(path(where, key) + ": expected a number in " + format_number(lo) + ".." + format_number(hi));
    return number;
}

std::string choice_field(const nlohmann::json& object, const char* key, std::initializer_list<const char*> choices,
                         const std::string& where) {
    const nlohmann::json& value = field(object, key, where);
    std::string allowed;
    for (const char* choice : choices) {
        if (value.is_string() && value.get<std::string>() == choice) return choice;
        allowed += std::string(allowed.empty() ? "" : ", ") + choice;
    }
    throw std::invalid_argument(path(where, key) + ": expected one of " + allowed);
}

uint64_t seed_field(const nlohmann::json& object, const char* key, const std::string& where) {
    const nlohmann::json& value = field(object, key, where);
    const std::string text = value.is_string() ? value.get<std::string>() : "";
    uint64_t seed = 0;
    bool valid = !text.empty() && text.size() <= 20;
    for (char c : text) {
        const uint64_t digit = static_cast<uint64_t>(c - '0');
        if (c < '0' || c > '9' || seed > (UINT64_MAX - digit) / 10) {
            valid = false;
            break;
        }
        seed = seed * 10 + digit;
    }
    if (!valid) throw std::invalid_argument(path(where, key) + ": expected a seed as a decimal string");
    return seed;
}

std::string seed_text(uint64_t seed) { return std::to_string(seed); }

nlohmann::json error_message(int64_t id, const std::string& text) {
    return {{"v", kProtocolVersion}, {"type", "error"}, {"id", id ? nlohmann::json(id) : nlohmann::json(nullptr)},
            {"message", text}};
}

Request parse_request(const nlohmann::json& message) {
    if (!message.is_object()) throw std::invalid_argument("a request is a JSON object");
    if (field(message, "v", "") != kProtocolVersion)
        throw std::invalid_argument("v: expected " + std::to_string(kProtocolVersion));
    Request request;
    request.type = choice_field(message, "type", {"search", "train", "cancel"}, "");
    request.id = int_field(message, "id", 1, kMaxId, "");
    if (request.type == "cancel") return request;
    const std::string game = choice_field(message, "game", {"gomoku", "minesweeper", "puyo"}, "");
    if (request.type == "train")
        request.job = game == "gomoku"        ? gomoku_training_job(message)
                      : game == "minesweeper" ? minesweeper_training_job(message)
                                              : puyo_training_job(message);
    else
        request.job = game == "gomoku" ? gomoku_job(message) : game == "minesweeper" ? minesweeper_job(message) : puyo_job(message);
    return request;
}

nlohmann::json Session::message(const char* type) const {
    return {{"v", kProtocolVersion}, {"type", type}, {"id", id_}, {"report", job_->report()}};
}

nlohmann::json Session::cancel() const { return job_->answers_cancel() ? message("result") : nullptr; }

nlohmann::json Session::step(double slice_ms) {
    if (done_) return nullptr;
    // A report due is a step of its own: a training's carries its model (hundreds of kB, tens of ms
    // to write in a browser), which after a slice's thinking would make the slice run past its time.
    // The first follows the first slice, so that no report is of a job that has not thought.
    if (reported_ && since_report_.elapsed_ms() >= job_->progress_ms()) return progress();
    try {
        if (!job_->finished()) job_->think(slice_ms);
        if (job_->finished()) {
            done_ = true;
            return message("result");
        }
    } catch (const std::exception& error) {
        done_ = true;
        return error_message(id_, error.what());
    }
    return reported_ ? nullptr : progress();
}

nlohmann::json Session::progress() {
    reported_ = true;
    since_report_.restart();
    return message("progress");
}

nlohmann::json Worker::receive(const std::string& text) {
    int64_t id = 0;  // the request's own id for the error reply, when it has a usable one
    try {
        const nlohmann::json message = nlohmann::json::parse(text);
        if (message.is_object() && message.contains("id") && message["id"].is_number_integer() && message["id"] > 0 &&
            message["id"] <= kMaxId)
            id = message["id"].get<int64_t>();
        Request request = parse_request(message);
        nlohmann::json reply;
        std::erase_if(sessions_, [&](const std::unique_ptr<Session>& session) {
            if (request.type == "cancel" && session->id() == request.id) reply = session->cancel();
            return request.type == "cancel" ? session->id() == request.id : session->type() == request.type;
        });
        if (request.job) sessions_.push_back(std::make_unique<Session>(request.type, request.id, std::move(request.job)));
        return reply;
    } catch (const nlohmann::json::parse_error&) {
        return error_message(id, "a request is a JSON object");
    } catch (const std::exception& error) {
        return error_message(id, error.what());
    }
}

nlohmann::json Worker::step(double slice_ms) {
    if (sessions_.empty()) return nullptr;
    if (next_ >= sessions_.size()) next_ = 0;
    const auto session = sessions_.begin() + static_cast<std::ptrdiff_t>(next_);
    nlohmann::json message = (*session)->step(slice_ms);
    if ((*session)->done()) sessions_.erase(session);
    else ++next_;
    return message;
}

}  // namespace gridlab::search
