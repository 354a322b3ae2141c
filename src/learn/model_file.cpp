// Model files (format in model_file.h): writing, and reading with a check at every step.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "learn/model_file.h"

namespace gridlab::learn {

namespace {

constexpr char kMagic[4] = {'G', 'L', 'N', 'N'};
constexpr std::size_t kHeaderOffset = 20;  // magic, version, size, header length
constexpr std::size_t kChecksumSize = 8;

void append_le(std::string& bytes, uint64_t value, int byte_count) {
    for (int i = 0; i < byte_count; ++i) bytes.push_back(static_cast<char>(value >> (8 * i)));
}

uint64_t read_le(std::string_view bytes, std::size_t offset, int byte_count) {
    uint64_t value = 0;
    for (int i = 0; i < byte_count; ++i) {
        const auto byte = static_cast<unsigned char>(bytes[offset + static_cast<std::size_t>(i)]);
        value |= static_cast<uint64_t>(byte) << (8 * i);
    }
    return value;
}

// A size or count for a message (a literal: digits are not translated).
std::string count(uint64_t value) { return std::to_string(value); }

uint64_t checksum(std::string_view bytes) {
    return fnv1a64({reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()});
}

// The header as JSON, or ModelError.
nlohmann::json read_header(std::string_view text) {
    nlohmann::json header = nlohmann::json::parse(text, nullptr, false);
    if (header.is_discarded() || !header.is_object()) throw ModelError(translatable("bad header: not a JSON object"));
    if (!header.contains("game") || !header["game"].is_string()) throw ModelError(translatable("bad header: no \"game\""));
    if (!header.contains("architecture") || !header["architecture"].is_array())
        throw ModelError(translatable("bad header: no \"architecture\" list"));
    if (!header.contains("settings") || !header["settings"].is_object())
        throw ModelError(translatable("bad header: no \"settings\" object"));
    if (header.contains("heads") && !header["heads"].is_object())
        throw ModelError(translatable("bad header: \"heads\" is not an object"));
    return header;
}

// A network of `architecture` with at most `max_parameters` weights, or ModelError naming `part`.
// The network an architecture describes; `head` names a head, "" the main network.
Network network_from(const nlohmann::json& architecture, uint64_t max_parameters, const std::string& head) {
    try {
        return Network::from_architecture(architecture, max_parameters);
    } catch (const std::invalid_argument& error) {
        if (head.empty()) throw ModelError(translatable("bad architecture: {reason}", {{"reason", message_of(error)}}));
        throw ModelError(translatable("bad architecture of head {head}: {reason}", {{"head", head}, {"reason", message_of(error)}}));
    }
}

}  // namespace

std::string save_model(const Model& model) {
    nlohmann::json header_json = {
        {"game", model.game}, {"architecture", model.network.architecture()}, {"settings", model.settings}};
    std::string weights = weight_bytes(model.network);
    for (const auto& [name, head] : model.heads) {
        header_json["heads"][name] = head.architecture();
        weights += weight_bytes(head);
    }
    const std::string header = header_json.dump();
    const std::size_t size = kHeaderOffset + header.size() + weights.size() + kChecksumSize;
    std::string bytes(kMagic, sizeof kMagic);
    append_le(bytes, kModelFormatVersion, 4);
    append_le(bytes, size, 8);
    append_le(bytes, header.size(), 4);
    bytes += header;
    bytes += weights;
    append_le(bytes, checksum(bytes), 8);
    return bytes;
}

Model load_model(std::string_view bytes, std::string_view expected_game) {
    if (bytes.size() >= sizeof kMagic && std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw ModelError(translatable("not a gridlab model file (no \"GLNN\" at the start)"));
    if (bytes.size() < kHeaderOffset + kChecksumSize)
        throw ModelError(translatable("truncated: {size} bytes, shorter than any model file", {{"size", count(bytes.size())}}));
    const auto version = read_le(bytes, 4, 4);
    if (version != kModelFormatVersion)
        throw ModelError(translatable("unsupported format version {version} (this build reads {supported})",
                                    {{"version", count(version)}, {"supported", count(kModelFormatVersion)}}));
    const uint64_t size = read_le(bytes, 8, 8);
    if (bytes.size() < size)
        throw ModelError(translatable("truncated: {size} of {expected} bytes", {{"size", count(bytes.size())}, {"expected", count(size)}}));
    if (bytes.size() > size)
        throw ModelError(translatable("trailing data: {size} bytes, the file says {expected}",
                                    {{"size", count(bytes.size())}, {"expected", count(size)}}));
    const std::string_view content = bytes.substr(0, bytes.size() - kChecksumSize);
    if (checksum(content) != read_le(bytes, content.size(), 8)) throw ModelError(translatable("bad checksum: the file is corrupt"));

    const uint64_t header_size = read_le(bytes, 16, 4);
    if (header_size > content.size() - kHeaderOffset)
        throw ModelError(translatable("bad header size {size}", {{"size", count(header_size)}}));
    const nlohmann::json header = read_header(content.substr(kHeaderOffset, header_size));
    Model model;
    model.game = header["game"].get<std::string>();
    if (!expected_game.empty() && model.game != expected_game)
        throw ModelError(translatable("model for game {game}, not {expected}", {{"game", model.game}, {"expected", std::string(expected_game)}}));

    const std::string_view weights = content.substr(kHeaderOffset + header_size);
    if (weights.size() % 4 != 0) throw ModelError(translatable("bad weights: {size} bytes", {{"size", count(weights.size())}}));
    const uint64_t weight_count = weights.size() / 4;
    model.network = network_from(header["architecture"], weight_count, "");
    uint64_t parameter_count = model.network.parameter_count();
    if (header.contains("heads"))
        for (const auto& [name, architecture] : header["heads"].items()) {
            Network head = network_from(architecture, weight_count - std::min(parameter_count, weight_count),
                                        name);
            parameter_count += head.parameter_count();
            model.heads.emplace(name, std::move(head));
        }
    if (parameter_count != weight_count)
        throw ModelError(translatable("bad architecture: it has {parameters} parameters, the file holds {weights} weights",
                                      {{"parameters", count(parameter_count)}, {"weights", count(weight_count)}}));
    std::size_t offset = 0;
    // A NaN or an infinity would make every score that flows through it meaningless (and a NaN makes
    // comparisons lie): such a file is refused like a corrupt one.
    const auto read_weights = [&](Network& network) {
        for (Parameter* parameter : network.parameters())
            for (float& value : parameter->value) {
                value = float_from_bits(static_cast<uint32_t>(read_le(weights, offset, 4)));
                if (!std::isfinite(value))
                    throw ModelError(translatable("bad weights: weight {index} is not a finite number", {{"index", count(offset / 4)}}));
                offset += 4;
            }
    };
    read_weights(model.network);
    for (auto& [name, head] : model.heads) read_weights(head);
    model.settings = header["settings"];
    return model;
}

int64_t described_count(const nlohmann::json& settings, const char* key, int64_t lo, int64_t hi) {
    const int64_t count = settings.at(key).get<int64_t>();
    if (count < lo || count > hi)
        throw ModelError(translatable("the model's settings are out of range ({reason})",
                                      {{"reason", std::string(key) + " " + std::to_string(count)}}));
    return count;
}

}  // namespace gridlab::learn
