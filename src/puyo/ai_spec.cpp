#include "puyo/ai_spec.h"

#include <stdexcept>

#include "core/text.h"
#include "learn/model_file.h"
#include "puyo/learner.h"

namespace gridlab::puyo {

AiSpec parse_ai_spec(std::string_view text) {
    const AiSpecText written = split_ai_spec(text);
    AiSpec spec;
    spec.name = written.name;
    if (spec.name != "random" && spec.name != "greedy" && spec.name != "beam" && spec.name != "learned")
        throw std::invalid_argument("unknown AI '" + spec.name + "' (expected random, greedy, beam or learned)");
    for (const auto& [key, value] : written.options) {
        if (spec.name == "beam" && key == "width")
            spec.beam.width = parse_int(value, 1, 10'000, "width");
        else if (spec.name == "beam" && key == "depth")
            spec.beam.depth = parse_int(value, 1, 64, "depth");
        else if (spec.name == "beam" && key == "ms")
            spec.beam.max_ms = parse_int(value, 1, 3'600'000, "ms");
        else if (spec.name == "beam" && key == "nodes")
            spec.beam.max_nodes = parse_int(value, 1, 1'000'000'000, "nodes");
        else if (spec.name == "learned" && key == "model" && !value.empty())
            spec.model = value;
        else if (spec.name == "learned" && key == "lookahead")
            spec.lookahead = parse_int(value, 0, 1, "lookahead") == 1;
        else
            throw std::invalid_argument("unknown AI option '" + key + "' for " + spec.name + " (expected " +
                                        (spec.name == "beam"      ? "width, depth, ms or nodes)"
                                         : spec.name == "learned" ? "model or lookahead)"
                                                                  : "none)"));
    }
    if (spec.name == "learned" && spec.model.empty()) throw std::invalid_argument("learned needs a model: learned:model=FILE");
    return spec;
}

std::unique_ptr<Ai> make_ai(const AiSpec& spec, uint64_t seed, RuleSet rules) {
    if (spec.name != "learned") return make_ai(spec.name, seed, spec.beam);
    auto ai = std::make_unique<LearnedAi>(learn::load_model(read_file_bytes(spec.model, "model file"), "puyo"), spec.lookahead);
    if (ai->rules() != rules) throw std::invalid_argument("the model '" + spec.model + "' was trained on other rules");
    return ai;
}

}  // namespace gridlab::puyo
