// Model files: a network with its game, architecture, weights and training settings, as bytes.
//
//   std::string bytes = save_model({"minesweeper", network, {{"episodes", 5000}}});
//   Model model = load_model(bytes, "minesweeper");   // or throws ModelError
//
// Format, version 1 (integers little-endian; README.md says why binary):
//   offset 0   4 bytes  magic "GLNN"
//          4   u32      format version (1)
//          8   u64      size of the whole file in bytes (tells a cut file from a corrupt one)
//         16   u32      H, the size of the header
//         20   H bytes  header, JSON: {"game": "minesweeper", "architecture": [layers...],
//                       "settings": {...}}, and for a network with heads on a shared trunk
//                       (Gomoku's policy and value) "heads": {"policy": [layers...], ...}
//     20 + H   4 bytes per weight: float32 bits of every parameter, in Network::parameters() order,
//                       the network's first, then each head's in the order of their names
//   size - 8   u64      FNV-1a 64 checksum of every byte before it
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/message.h"
#include "learn/nn.h"

namespace gridlab::learn {

constexpr uint32_t kModelFormatVersion = 1;

struct Model {
    std::string game;  // "minesweeper", "puyo", "gomoku"
    Network network;
    nlohmann::json settings = nlohmann::json::object();  // free-form: how it was trained
    // Networks fed by `network`'s output, by name; none for a single network (the file then has no
    // "heads", as before they existed).
    std::map<std::string, Network> heads = {};
};

// A file that cannot be loaded; what() names the problem ("truncated: 100 of 2088 bytes",
// "bad checksum", "unsupported format version 2 (this build reads 1)", "model for game puyo, not
// minesweeper", "bad architecture: layer 2: unknown type \"pool\"").
// A Refusal, so that the app words it in the user's language.
class ModelError : public Refusal {
public:
    using Refusal::Refusal;
};

std::string save_model(const Model& model);

// For resuming a trainer's run from its model file (the description its describe() wrote):
// Runs `validate` on settings read from the description: its std::invalid_argument becomes
// ModelError "the model's settings are out of range (...)".
template <typename Validate>
void validate_described(Validate&& validate) {
    try {
        validate();
    } catch (const std::invalid_argument& error) {
        throw ModelError(translatable("the model's settings are out of range ({reason})", {{"reason", error.what()}}));
    }
}
// A count the description keeps (games, moves, updates, ...): throws ModelError "the model's
// settings are out of range (games -1)" outside lo..hi, and nlohmann::json::exception when it is
// missing or not a whole number.
int64_t described_count(const nlohmann::json& settings, const char* key, int64_t lo = 0, int64_t hi = int64_t{1} << 50);

// Rebuilds the model from the file alone, or throws ModelError and allocates nothing the file does
// not justify. expected_game "" accepts any game.
Model load_model(std::string_view bytes, std::string_view expected_game);

}  // namespace gridlab::learn
