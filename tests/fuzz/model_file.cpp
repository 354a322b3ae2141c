// Model files (learn/model_file.h) from anywhere: a download, a drag and drop, a stranger's USB stick.
// Every input is either refused with a ModelError or loads as a model that saves back to bytes that
// load as the same model; a loaded network then either runs on a small board or refuses its shape.
//
// A mutation almost never keeps the checksum right, so inputs whose last byte is even have their size
// field and checksum repaired first (the way PNG fuzzers repair CRCs): that lets the fuzzer reach the
// header and the weights. The last byte is the checksum's own, so the choice costs the file nothing.
// Odd ones are loaded as they are, which covers the checks themselves.
#include "fuzz.h"
#include "learn/model_file.h"

using namespace gridlab;

namespace {

constexpr size_t kSizeOffset = 8, kChecksumSize = 8;

void put_u64(std::string& bytes, size_t offset, uint64_t value) {
    for (size_t i = 0; i < 8; ++i) bytes[offset + i] = static_cast<char>(value >> (8 * i) & 0xff);
}

std::string repaired(std::string bytes) {
    if (bytes.size() < kSizeOffset + 8 + kChecksumSize) return bytes;
    put_u64(bytes, kSizeOffset, bytes.size());
    const auto* begin = reinterpret_cast<const unsigned char*>(bytes.data());
    put_u64(bytes, bytes.size() - kChecksumSize, learn::fnv1a64({begin, bytes.size() - kChecksumSize}));
    return bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string bytes(fuzz::as_text(data, size));
    if (size > 0 && data[size - 1] % 2 == 0) bytes = repaired(std::move(bytes));
    learn::Model model;
    try {
        model = learn::load_model(bytes, "");
    } catch (const learn::ModelError&) {
        return 0;
    }
    const std::string saved = learn::save_model(model);
    learn::Model again = learn::load_model(saved, model.game);
    FUZZ_CHECK(again.game == model.game);
    FUZZ_CHECK(again.settings == model.settings);
    FUZZ_CHECK(again.network.architecture() == model.network.architecture());
    FUZZ_CHECK(learn::weight_hash(again.network) == learn::weight_hash(model.network));
    FUZZ_CHECK(learn::save_model(again) == saved);

    // Layers that do not fit together are the caller's to find: they must say so, not crash.
    const nlohmann::json first = model.network.architecture().front();
    if (first.value("type", "") != "conv2d") return 0;
    learn::Tensor board({1, first.value("in", 1), 3, 4});
    try {
        model.network.forward(board);
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
