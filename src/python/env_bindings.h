// Gymnasium's face of any game's environment (game_envs.h): one env, and N envs stepped in one call.
// The pure-Python layer (python/gridlab/envs.py, vector.py) adds the spaces and the seeding policy.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/rng.h"
#include "python/bindings.h"

namespace gridlab::python {

// One environment. Observations, masks and infos are new Python objects the caller owns.
class PyEnv {
public:
    explicit PyEnv(const EnvSpec& spec);

    const EnvSpec& spec() const { return spec_; }
    // A new episode: with a seed, that seed's episode (as the C++ Env's reset(seed) and the command
    // line give it); with None, the next seed of the stream the last seed started. -> (obs, info)
    py::tuple reset(py::handle seed);
    // -> (obs, reward, terminated, truncated, info); RefusedStep (nothing changes) for an action the
    // mask forbids.
    py::tuple step(py::handle action);
    py::array_t<bool> action_masks();
    py::object observation();
    std::string render();
    std::optional<uint64_t> episode_seed() const { return started_ ? std::optional(episode_seed_) : std::nullopt; }

    // Runs f(game) under the env's lock, for the bindings that read a game's state.
    template <typename F>
    auto with_game(F&& f) {
        const std::unique_lock lock = lock_object(mutex_);
        if (!started_) throw std::logic_error("call reset() first");
        return f(static_cast<const GameEnv&>(*game_));
    }

private:
    py::object observation_locked() const;
    py::dict info_locked() const;

    EnvSpec spec_;
    std::unique_ptr<GameEnv> game_;
    std::mutex mutex_;
    bool started_ = false;
    uint64_t episode_seed_ = 0;
    Rng seeds_;  // the seeds of the episodes that follow a seeded reset
};

// N environments of one spec, stepped in one call with the GIL released, into arrays kept from call
// to call. Gymnasium's next-step autoreset: the step after an episode ends resets that env (its action
// is ignored; reward 0, not terminated, not truncated). Env i's episodes take their seeds from stream
// i of the seed given to reset().
class PyVecEnv {
public:
    // copy: return new arrays each call (else the kept arrays, which the next call overwrites).
    PyVecEnv(const EnvSpec& spec, int num_envs, bool copy);

    int num_envs() const { return static_cast<int>(envs_.size()); }
    py::tuple reset(py::handle seed);  // -> (obs, info)
    py::tuple step(py::handle actions);  // -> (obs, rewards, terminated, truncated, info)
    py::array_t<bool> action_masks();

private:
    struct InfoColumn {
        std::string key;
        py::array values;  // bool, int64 or float64, one per env
        void* data = nullptr;
    };
    void allocate_infos(const GameEnv& game);
    void reset_env(int i);
    void write_env(int i);  // the env's observation, mask and info into the kept arrays
    py::object returned(const py::array& array) const;
    py::object observation();
    py::dict info();

    EnvSpec spec_;
    std::vector<std::unique_ptr<GameEnv>> envs_;
    std::vector<Rng> streams_;
    std::vector<uint64_t> episode_seeds_;
    std::vector<uint8_t> needs_reset_;
    bool started_ = false;
    bool copy_;
    std::mutex mutex_;
    py::array_t<float> planes_, extras_;
    py::array_t<double> rewards_;
    py::array_t<bool> terminated_, truncated_, masks_;
    py::array_t<uint64_t> seeds_column_;
    std::vector<InfoColumn> infos_;
    std::vector<InfoField> scratch_;
};

}  // namespace gridlab::python
