#include <catch2/catch.hpp>
#include <cstring>
#include <limits>

#include "learn/model_file.h"

namespace learn = gridlab::learn;
using learn::ModelError;
using learn::Tensor;

namespace {

learn::Model small_model() {
    learn::Model model{"minesweeper", {}, {{"episodes", 1000}, {"rewards", "seed-004"}, {"learning_rate", 0.001}}};
    model.network.add(std::make_unique<learn::Conv2d>(2, 4))
        .add(std::make_unique<learn::ReLU>())
        .add(std::make_unique<learn::Conv2d>(4, 1, 5))
        .add(std::make_unique<learn::Sigmoid>());
    gridlab::Rng rng(11);
    model.network.init(rng);
    return model;
}

// A file with this header and these weight bytes, its size and checksum right: the format as
// model_file.h describes it, written independently of save_model.
std::string file_with(uint32_t version, const nlohmann::json& header, const std::string& weights) {
    const std::string text = header.dump();
    const auto put = [](std::string& bytes, uint64_t value, int count) {
        for (int i = 0; i < count; ++i) bytes.push_back(static_cast<char>(value >> (8 * i)));
    };
    std::string bytes = "GLNN";
    put(bytes, version, 4);
    put(bytes, 20 + text.size() + weights.size() + 8, 8);
    put(bytes, text.size(), 4);
    bytes += text + weights;
    put(bytes, learn::fnv1a64({reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()}), 8);
    return bytes;
}

nlohmann::json header_of(const learn::Model& model) {
    return {{"game", model.game}, {"architecture", model.network.architecture()}, {"settings", model.settings}};
}

}  // namespace

TEST_CASE("a saved model loads with the same architecture, weights, settings and outputs", "[learn][model]") {
    learn::Model model = small_model();
    const std::string bytes = learn::save_model(model);
    CHECK(bytes == file_with(1, header_of(model), learn::weight_bytes(model.network)));
    learn::Model loaded = learn::load_model(bytes, "minesweeper");
    CHECK(loaded.game == "minesweeper");
    CHECK(loaded.network.architecture() == model.network.architecture());
    CHECK(loaded.settings == model.settings);
    CHECK(learn::weight_hash(loaded.network) == learn::weight_hash(model.network));
    Tensor board({1, 2, 4, 7}, 0.25f);
    board.at(0, 1, 2, 3) = 1.0f;
    CHECK(loaded.network.forward(board).values == model.network.forward(board).values);
    CHECK(learn::save_model(loaded) == bytes);
    CHECK(learn::load_model(bytes, "").game == "minesweeper");  // "" accepts any game
}

TEST_CASE("a truncated model file is refused as truncated", "[learn][model]") {
    const std::string bytes = learn::save_model(small_model());
    CHECK_THROWS_MATCHES(learn::load_model("", "minesweeper"), ModelError,
                         Catch::Message("truncated: 0 bytes, shorter than any model file"));
    CHECK_THROWS_MATCHES(learn::load_model(bytes.substr(0, 3), "minesweeper"), ModelError,
                         Catch::Message("truncated: 3 bytes, shorter than any model file"));
    for (std::size_t size : {std::size_t{27}, std::size_t{28}, std::size_t{60}, bytes.size() - 100, bytes.size() - 1}) {
        INFO("cut at " << size);
        CHECK_THROWS_MATCHES(
            learn::load_model(bytes.substr(0, size), "minesweeper"), ModelError,
            Catch::Message(size < 28 ? "truncated: " + std::to_string(size) + " bytes, shorter than any model file"
                                     : "truncated: " + std::to_string(size) + " of " + std::to_string(bytes.size()) +
                                           " bytes"));
    }
    CHECK_THROWS_MATCHES(learn::load_model(bytes + "x", "minesweeper"), ModelError,
                         Catch::Message("trailing data: " + std::to_string(bytes.size() + 1) +
                                        " bytes, the file says " + std::to_string(bytes.size())));
}

TEST_CASE("a changed byte anywhere after the size fields fails the checksum", "[learn][model]") {
    const std::string bytes = learn::save_model(small_model());
    for (std::size_t at : {std::size_t{16}, std::size_t{30}, bytes.size() / 2, bytes.size() - 9, bytes.size() - 1}) {
        INFO("byte " << at);
        std::string corrupt = bytes;
        corrupt[at] = static_cast<char>(corrupt[at] ^ 0x01);
        CHECK_THROWS_MATCHES(learn::load_model(corrupt, "minesweeper"), ModelError,
                             Catch::Message("bad checksum: the file is corrupt"));
    }
}

TEST_CASE("a model file with a NaN or an infinite weight is refused, naming the weight", "[learn][model]") {
    const learn::Model model = small_model();
    std::string weights = learn::weight_bytes(model.network);
    const auto put_float = [&](size_t index, float value) {
        uint32_t bits = 0;
        std::memcpy(&bits, &value, 4);
        for (int i = 0; i < 4; ++i) weights[4 * index + i] = static_cast<char>(bits >> (8 * i));
    };
    put_float(5, std::numeric_limits<float>::quiet_NaN());
    CHECK_THROWS_MATCHES(learn::load_model(file_with(1, header_of(model), weights), "minesweeper"), ModelError,
                         Catch::Message("bad weights: weight 5 is not a finite number"));
    put_float(5, 0.5f);
    put_float(80, -std::numeric_limits<float>::infinity());
    CHECK_THROWS_MATCHES(learn::load_model(file_with(1, header_of(model), weights), "minesweeper"), ModelError,
                         Catch::Message("bad weights: weight 80 is not a finite number"));
    put_float(80, 0.5f);
    CHECK_NOTHROW(learn::load_model(file_with(1, header_of(model), weights), "minesweeper"));
}

TEST_CASE("a model file of another kind, version or game is refused by name", "[learn][model]") {
    const learn::Model model = small_model();
    const std::string weights = learn::weight_bytes(model.network);
    CHECK_THROWS_MATCHES(learn::load_model("{\"game\": \"minesweeper\"} and more text", "minesweeper"), ModelError,
                         Catch::Message("not a gridlab model file (no \"GLNN\" at the start)"));
    CHECK_THROWS_MATCHES(learn::load_model(file_with(2, header_of(model), weights), "minesweeper"), ModelError,
                         Catch::Message("unsupported format version 2 (this build reads 1)"));
    CHECK_THROWS_MATCHES(learn::load_model(learn::save_model(model), "puyo"), ModelError,
                         Catch::Message("model for game minesweeper, not puyo"));
}

TEST_CASE("a model file with a bad header or architecture is refused, naming the layer", "[learn][model]") {
    const learn::Model model = small_model();
    const std::string weights = learn::weight_bytes(model.network);
    const auto refused = [&](nlohmann::json header, const std::string& message) {
        CHECK_THROWS_MATCHES(learn::load_model(file_with(1, header, weights), "minesweeper"), ModelError,
                             Catch::Message(message));
    };
    nlohmann::json header = header_of(model);
    header.erase("settings");
    refused(header, "bad header: no \"settings\" object");
    refused(nlohmann::json::array(), "bad header: not a JSON object");

    header = header_of(model);
    header["architecture"][1] = {{"type", "pool"}};
    refused(header, "bad architecture: layer 1: unknown type \"pool\"");
    header = header_of(model);
    header["architecture"][2]["in"] = 3;
    refused(header, "bad architecture: layer 2: conv2d takes 3 inputs, the layer before gives 4");
    header = header_of(model);
    header["architecture"][2]["kernel"] = 4;
    refused(header, "bad architecture: layer 2: \"kernel\" must be odd, got 4");
    header = header_of(model);
    header["architecture"][2]["kernel"] = 3;  // fewer parameters than the file holds
    refused(header, "bad architecture: it has 113 parameters, the file holds 177 weights");
    header = header_of(model);
    header["architecture"][2]["out"] = 4000;  // would need more weights than the file holds: nothing allocated
    refused(header, "bad architecture: the layers have 404076 parameters, more than the 177 allowed");
}

TEST_CASE("a failed load leaves the model it would have replaced untouched", "[learn][model]") {
    learn::Model model = small_model();
    const uint64_t hash = learn::weight_hash(model.network);
    std::string bytes = learn::save_model(small_model());
    bytes[bytes.size() / 2] ^= 0x20;
    CHECK_THROWS_AS(model = learn::load_model(bytes, "minesweeper"), ModelError);
    CHECK(learn::weight_hash(model.network) == hash);
    CHECK(model.game == "minesweeper");
}
