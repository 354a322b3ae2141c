#include "python/env_bindings.h"

#include <cstring>
#include <pybind11/stl.h>

namespace gridlab::python {

namespace {

constexpr int kMaxVectorEnvs = 1 << 16;
constexpr int kMaxThreads = 256;
// Deals tried for one episode before the settings are judged to leave no game to play (a 1 x 2 board
// with one mine and a random start is won before any step, every time).
constexpr int kMaxDeals = 1000;
constexpr const char* kNoGameToPlay = "every deal of these settings is over before its first step: there is no game to play";

std::vector<py::ssize_t> with_batch(py::ssize_t batch, const std::vector<long>& shape) {
    std::vector<py::ssize_t> dims{batch};
    dims.insert(dims.end(), shape.begin(), shape.end());
    return dims;
}

std::vector<py::ssize_t> dims_of(const std::vector<long>& shape) { return {shape.begin(), shape.end()}; }

py::object info_value(const InfoValue& value) {
    return std::visit([](auto v) -> py::object { return py::cast(v); }, value);
}

int checked_threads(int threads) {
    if (threads < 1 || threads > kMaxThreads)
        throw py::value_error("threads must be in 1.." + std::to_string(kMaxThreads) + ", got " + std::to_string(threads));
    return threads;
}

// Runs `work` with the GIL released when it may take long (an AI opponent thinking).
template <typename F>
void run(bool slow, F&& work) {
    if (!slow) return work();
    py::gil_scoped_release release;
    work();
}

}  // namespace

// ---- One env -------------------------------------------------------------------------------------

PyEnv::PyEnv(const EnvSpec& spec) : spec_(spec), game_(spec.make()), planes_shape_(dims_of(spec.observation.planes.shape)) {}

py::tuple PyEnv::reset(py::handle seed) {
    const std::optional<uint64_t> given = seed.is_none() ? std::nullopt : std::optional(seed_from(seed));
    const std::unique_lock lock = lock_object(mutex_);
    if (!given && !started_) throw py::value_error("the first reset needs a seed");
    if (given) seeds_ = Rng(*given);
    uint64_t episode_seed = given ? *given : seeds_.next_u64();
    run(spec_.slow, [&] {
        game_->reset(episode_seed);
        for (int deal = 1; game_->env().episode_over(); ++deal) {
            if (deal == kMaxDeals) throw std::invalid_argument(kNoGameToPlay);
            game_->reset(episode_seed = seeds_.next_u64());
        }
    });
    started_ = true;
    episode_seed_ = episode_seed;
    return py::make_tuple(observation_locked(), info_locked());
}

py::tuple PyEnv::step(py::handle action) {
    const int chosen = action_from(action, spec_.action_count);
    const std::unique_lock lock = lock_object(mutex_);
    StepResult result;
    run(spec_.slow, [&] { result = game_->step(chosen); });
    return py::make_tuple(observation_locked(), result.reward, result.terminated, result.truncated, info_locked());
}

py::array_t<bool> PyEnv::action_masks() {
    const std::unique_lock lock = lock_object(mutex_);
    const std::span<const uint8_t> mask = game_->env().action_mask();
    py::array_t<bool> array(static_cast<py::ssize_t>(mask.size()));
    bool* out = array.mutable_data();
    for (size_t i = 0; i < mask.size(); ++i) out[i] = mask[i] != 0;
    return array;
}

py::object PyEnv::observation() {
    const std::unique_lock lock = lock_object(mutex_);
    return observation_locked();
}

std::string PyEnv::render() {
    const std::unique_lock lock = lock_object(mutex_);
    if (!started_) throw std::logic_error("call reset() before render()");
    return game_->render();
}

py::object PyEnv::observation_locked() const {
    const Observation seen = game_->env().observation();
    const ObservationSpec& spec = spec_.observation;
    py::array_t<int8_t> planes = array_copy<int8_t>(planes_shape_, seen.planes.data());
    if (spec.extras_name.empty()) return planes;
    py::dict observation;
    observation[py::str(spec.planes_name)] = std::move(planes);
    observation[py::str(spec.extras_name)] = array_copy<int8_t>(dims_of(spec.extras.shape), seen.extras.data());
    return observation;
}

py::dict PyEnv::info_locked() {
    fields_.clear();
    game_->info(fields_);
    if (info_keys_.empty())  // the same keys every step: made once
        for (const InfoField& field : fields_) info_keys_.emplace_back(field.key);
    py::dict info;
    for (size_t k = 0; k < fields_.size(); ++k) info[info_keys_[k]] = info_value(fields_[k].value);
    info["seed"] = episode_seed_;
    return info;
}

PyEnv& env_of(py::handle env) {
    if (py::isinstance<PyEnv>(env)) return env.cast<PyEnv&>();
    if (py::hasattr(env, "_core") && py::isinstance<PyEnv>(env.attr("_core"))) return env.attr("_core").cast<PyEnv&>();
    throw py::type_error("expected a gridlab environment, got " + std::string(py::str(py::type::of(env).attr("__name__"))));
}

// ---- N envs --------------------------------------------------------------------------------------

PyVecEnv::PyVecEnv(const EnvSpec& spec, int num_envs, bool copy, int threads)
    : spec_(spec), copy_(copy), pool_(checked_threads(threads)), scratch_(static_cast<size_t>(pool_.threads())) {
    if (num_envs < 1 || num_envs > kMaxVectorEnvs)
        throw py::value_error("num_envs must be in 1.." + std::to_string(kMaxVectorEnvs) + ", got " + std::to_string(num_envs));
    const py::ssize_t n = num_envs;
    for (int i = 0; i < num_envs; ++i) envs_.push_back(spec.make());
    streams_.resize(envs_.size());
    episode_seeds_.assign(envs_.size(), 0);
    needs_reset_.assign(envs_.size(), 0);
    planes_ = py::array_t<int8_t>(with_batch(n, spec.observation.planes.shape));
    if (!spec.observation.extras_name.empty()) extras_ = py::array_t<int8_t>(with_batch(n, spec.observation.extras.shape));
    rewards_ = py::array_t<double>(n);
    terminated_ = py::array_t<bool>(n);
    truncated_ = py::array_t<bool>(n);
    masks_ = py::array_t<bool>({n, static_cast<py::ssize_t>(spec.action_count)});
    seeds_column_ = py::array_t<uint64_t>(n);
    kept_ = {planes_.mutable_data(), spec.observation.extras_name.empty() ? nullptr : extras_.mutable_data(), rewards_.mutable_data(),
             terminated_.mutable_data(), truncated_.mutable_data(), masks_.mutable_data(), seeds_column_.mutable_data()};
}

void PyVecEnv::allocate_infos(const GameEnv& game) {
    std::vector<InfoField> fields;
    game.info(fields);
    const py::ssize_t n = num_envs();
    for (const InfoField& field : fields) {
        InfoColumn column{field.key, {}, nullptr};
        if (std::holds_alternative<bool>(field.value))
            column.values = py::array_t<bool>(n);
        else if (std::holds_alternative<int64_t>(field.value))
            column.values = py::array_t<int64_t>(n);
        else
            column.values = py::array_t<double>(n);
        column.data = column.values.mutable_data();
        infos_.push_back(std::move(column));
    }
}

void PyVecEnv::reset_env(int i) {
    for (int deal = 0; deal == 0 || envs_[i]->env().episode_over(); ++deal) {
        if (deal == kMaxDeals) throw std::invalid_argument(kNoGameToPlay);
        episode_seeds_[i] = streams_[i].next_u64();
        envs_[i]->reset(episode_seeds_[i]);
    }
    needs_reset_[i] = 0;
}

void PyVecEnv::write_env(int i, std::vector<InfoField>& fields) {
    const GameEnv& game = *envs_[i];
    const Observation seen = game.env().observation();
    std::copy(seen.planes.begin(), seen.planes.end(), kept_.planes + i * seen.planes.size());
    std::copy(seen.extras.begin(), seen.extras.end(), kept_.extras + i * seen.extras.size());
    const std::span<const uint8_t> mask = game.env().action_mask();
    std::copy(mask.begin(), mask.end(), kept_.masks + static_cast<size_t>(i) * mask.size());
    kept_.seeds[i] = episode_seeds_[i];
    fields.clear();
    game.info(fields);
    for (size_t k = 0; k < infos_.size(); ++k) {
        const InfoValue& value = fields[k].value;
        if (const bool* flag = std::get_if<bool>(&value))
            static_cast<bool*>(infos_[k].data)[i] = *flag;
        else if (const int64_t* number = std::get_if<int64_t>(&value))
            static_cast<int64_t*>(infos_[k].data)[i] = *number;
        else
            static_cast<double*>(infos_[k].data)[i] = std::get<double>(value);
    }
}

py::tuple PyVecEnv::reset(py::handle seed) {
    const std::optional<uint64_t> given = seed.is_none() ? std::nullopt : std::optional(seed_from(seed));
    const std::unique_lock lock = lock_object(mutex_);
    if (!given && !started_) throw py::value_error("the first reset needs a seed");
    if (given) {
        for (size_t i = 0; i < envs_.size(); ++i) streams_[i] = Rng::for_stream(*given, i);
        sampler_ = Rng::for_stream(*given, envs_.size());
    }
    {
        py::gil_scoped_release release;
        pool_.run(num_envs(), [&](int, int begin, int end) {
            for (int i = begin; i < end; ++i) reset_env(i);
        });
    }
    if (!started_) allocate_infos(*envs_[0]);
    started_ = true;
    std::fill_n(kept_.rewards, num_envs(), 0.0);
    std::fill_n(kept_.terminated, num_envs(), false);
    std::fill_n(kept_.truncated, num_envs(), false);
    {
        py::gil_scoped_release release;
        pool_.run(num_envs(), [&](int share, int begin, int end) {
            for (int i = begin; i < end; ++i) write_env(i, scratch_[share]);
        });
    }
    return py::make_tuple(observation(), info());
}

py::tuple PyVecEnv::step(py::handle actions) {
    const py::array given = py::array::ensure(actions);
    if (!given) throw py::type_error("actions must be an array of integers, one per env");
    const char kind = given.dtype().kind();
    if (kind != 'i' && kind != 'u')
        throw py::type_error("actions must be integers, got an array of " + std::string(py::str(given.dtype())));
    if (given.ndim() != 1 || given.shape(0) != num_envs())
        throw py::value_error("actions must have shape (" + std::to_string(num_envs()) + ",), got " +
                              std::string(py::str(py::object(given.attr("shape")))));
    const auto chosen = py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(given);
    const int64_t* action = chosen.data();

    const std::unique_lock lock = lock_object(mutex_);
    if (!started_) throw RefusedStep("call reset(seed) before step()");
    // Every action is checked before any env moves, so a refused batch changes nothing.
    const int count = spec_.action_count;
    for (int i = 0; i < num_envs(); ++i) {
        if (needs_reset_[i]) continue;
        if (action[i] < 0 || action[i] >= count)
            throw RefusedStep("env " + std::to_string(i) + ": action " + std::to_string(action[i]) + " is outside 0.." +
                              std::to_string(count - 1));
        if (!envs_[i]->env().action_mask()[static_cast<size_t>(action[i])])
            throw RefusedStep("env " + std::to_string(i) + ": action " + std::to_string(action[i]) + " is not allowed now");
    }
    double* reward = kept_.rewards;
    bool* terminated = kept_.terminated;
    bool* truncated = kept_.truncated;
    {
        py::gil_scoped_release release;
        pool_.run(num_envs(), [&](int share, int begin, int end) {
            for (int i = begin; i < end; ++i) {
                if (needs_reset_[i]) {
                    reset_env(i);
                    reward[i] = 0;
                    terminated[i] = truncated[i] = false;
                } else {
                    const StepResult result = envs_[i]->step(static_cast<int>(action[i]));
                    reward[i] = result.reward;
                    terminated[i] = result.terminated;
                    truncated[i] = result.truncated;
                    needs_reset_[i] = result.terminated || result.truncated;
                }
                write_env(i, scratch_[share]);
            }
        });
    }
    return py::make_tuple(observation(), returned(rewards_), returned(terminated_), returned(truncated_), info());
}

py::array_t<bool> PyVecEnv::action_masks() {
    const std::unique_lock lock = lock_object(mutex_);
    return py::array_t<bool>(masks_.request().shape, masks_.data());  // always a copy: a mask is kept to act on
}

py::array_t<int64_t> PyVecEnv::random_actions() {
    const std::unique_lock lock = lock_object(mutex_);
    py::array_t<int64_t> actions(num_envs());
    int64_t* out = actions.mutable_data();
    const int count = spec_.action_count;
    for (int i = 0; i < num_envs(); ++i) {
        const std::span<const uint8_t> mask = envs_[i]->env().action_mask();
        out[i] = 0;
        if (!started_ || needs_reset_[i]) continue;
        // Uniform draws until one is allowed (most actions are, in every game); the k-th allowed
        // action, k below their count, when draws keep missing.
        int action = static_cast<int>(sampler_.below(count));
        for (int draw = 0; draw < 8 && !mask[action]; ++draw) action = static_cast<int>(sampler_.below(count));
        if (!mask[action]) {
            int allowed = 0;
            for (const uint8_t flag : mask) allowed += flag;
            if (allowed == 0) continue;  // an ongoing episode always allows an action; never seen
            int k = static_cast<int>(sampler_.below(allowed));
            for (action = 0; !mask[action] || k-- > 0; ++action) {}
        }
        out[i] = action;
    }
    return actions;
}

py::object PyVecEnv::returned(const py::array& array) const {
    if (!copy_) return array;
    return py::array(array.dtype(), std::vector<py::ssize_t>(array.shape(), array.shape() + array.ndim()), array.data());
}

py::object PyVecEnv::observation() {
    const ObservationSpec& spec = spec_.observation;
    if (spec.extras_name.empty()) return returned(planes_);
    py::dict observation;
    observation[py::str(spec.planes_name)] = returned(planes_);
    observation[py::str(spec.extras_name)] = returned(extras_);
    return observation;
}

// Gymnasium's vector info: each key's values in an array, and "_key" saying which envs have one
// (here every env, every step).
py::dict PyVecEnv::info() {
    py::dict info;
    const auto add = [&](const std::string& key, const py::array& values) {
        info[py::str(key)] = returned(values);
        py::array_t<bool> present(num_envs());
        std::fill_n(present.mutable_data(), num_envs(), true);
        info[py::str("_" + key)] = std::move(present);
    };
    for (const InfoColumn& column : infos_) add(column.key, column.values);
    add("seed", seeds_column_);
    return info;
}

// ---- Bindings ------------------------------------------------------------------------------------

namespace {

py::dict array_spec_dict(const ArraySpec& spec) {
    py::dict dict;
    dict["shape"] = py::tuple(py::cast(spec.shape));
    dict["low"] = spec.low;
    dict["high"] = spec.high;
    return dict;
}

}  // namespace

void bind_envs(py::module_& m) {
    py::class_<EnvSpec>(m, "EnvSpec", "How to make environments of one configuration (gridlab.make's work)")
        .def_readonly("id", &EnvSpec::id)
        .def_readonly("action_count", &EnvSpec::action_count)
        .def_property_readonly("observation",
                               [](const EnvSpec& spec) -> py::object {
                                   const ObservationSpec& seen = spec.observation;
                                   if (seen.extras_name.empty()) return array_spec_dict(seen.planes);
                                   py::dict dict;
                                   dict[py::str(seen.planes_name)] = array_spec_dict(seen.planes);
                                   dict[py::str(seen.extras_name)] = array_spec_dict(seen.extras);
                                   return dict;
                               });

    m.def(
        "minesweeper_spec",
        [](std::string level, int rows, int cols, int mines, std::string first_click, std::string rewards,
           std::string observation, int max_steps) {
            return minesweeper_env_spec({level, rows, cols, mines, first_click, rewards, observation, max_steps});
        },
        py::arg("level"), py::arg("rows"), py::arg("cols"), py::arg("mines"), py::arg("first_click"), py::arg("rewards"),
        py::arg("observation"), py::arg("max_steps"));
    m.def(
        "puyo_spec", [](std::string rules, int colors, int pairs) { return puyo_env_spec({rules, colors, pairs}); },
        py::arg("rules"), py::arg("colors"), py::arg("pairs"));
    m.def(
        "gomoku_spec",
        [](int size, int win, std::string rule, std::string opponent, std::string play_as) {
            return gomoku_env_spec({size, win, rule, opponent, play_as});
        },
        py::arg("size"), py::arg("win"), py::arg("rule"), py::arg("opponent"), py::arg("play_as"));

    m.def(
        "stream_seed",
        [](py::handle seed, py::handle index) { return Rng::for_stream(seed_from(seed), seed_from(index)).next_u64(); },
        py::arg("seed"), py::arg("index"),
        "The seed of episode `index` of a seeded run: vector env `index`'s first episode, the command line's game `index`");

    py::class_<PyEnv>(m, "Env", "One environment of an EnvSpec (gridlab.envs wraps it)")
        .def(py::init<const EnvSpec&>())
        .def("reset", &PyEnv::reset, py::arg("seed"))
        .def("step", &PyEnv::step, py::arg("action"))
        .def("action_masks", &PyEnv::action_masks)
        .def("observation", &PyEnv::observation)
        .def("render", &PyEnv::render)
        .def_property_readonly("episode_seed", &PyEnv::episode_seed);

    py::class_<PyVecEnv>(m, "VecEnv", "N environments of an EnvSpec stepped in one call (gridlab.vector wraps it)")
        .def(py::init<const EnvSpec&, int, bool, int>(), py::arg("spec"), py::arg("num_envs"), py::arg("copy"),
             py::arg("threads"))
        .def_property_readonly("num_envs", &PyVecEnv::num_envs)
        .def("reset", &PyVecEnv::reset, py::arg("seed"))
        .def("step", &PyVecEnv::step, py::arg("actions"))
        .def("action_masks", &PyVecEnv::action_masks)
        .def("random_actions", &PyVecEnv::random_actions);
}

}  // namespace gridlab::python
