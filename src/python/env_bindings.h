// Gymnasium's face of any game's environment (game_envs.h): one env, and N envs stepped in one call.
// The pure-Python layer (python/gridlab/envs.py, vector.py) adds the spaces and the seeding policy.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/rng.h"
#include "python/bindings.h"
#include "python/worker_pool.h"

namespace gridlab::python {

// One environment. Observations, masks and infos are new Python objects the caller owns.
class PyEnv {
public:
    explicit PyEnv(const EnvSpec& spec);

    const EnvSpec& spec() const { return spec_; }
    // A new episode: with a seed, that seed's episode (as the C++ Env's reset(seed) and the command
    // line give it); with None, the next seed of the stream the last seed started. A deal that is
    // over before its first step (a Minesweeper random start that opens the whole board) is replaced
    // by the next of the stream: an episode always has a step to take. -> (obs, info)
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
    py::dict info_locked();

    EnvSpec spec_;
    std::unique_ptr<GameEnv> game_;
    std::vector<py::ssize_t> planes_shape_;
    std::vector<InfoField> fields_;  // kept from step to step: the hot path allocates only what it returns
    std::vector<py::str> info_keys_;
    std::mutex mutex_;
    bool started_ = false;
    uint64_t episode_seed_ = 0;
    Rng seeds_;  // the seeds of the episodes that follow a seeded reset
};

// The C++ env of a gridlab environment: a gridlab.envs env (its _core) or the bound Env itself.
// TypeError for anything else.
PyEnv& env_of(py::handle env);

// N environments of one spec, stepped in one call with the GIL released, into arrays kept from call
// to call. Gymnasium's next-step autoreset: the step after an episode ends resets that env (its action
// is ignored; reward 0, not terminated, not truncated). Env i's episodes take their seeds from stream
// i of the seed given to reset(), skipping deals that are over before their first step (as PyEnv).
class PyVecEnv {
public:
    // copy: return new arrays each call (else the kept arrays, which the next call overwrites).
    // threads: the envs are split between this many threads (the results are the same for any number).
    PyVecEnv(const EnvSpec& spec, int num_envs, bool copy, int threads);

    int num_envs() const { return static_cast<int>(envs_.size()); }
    py::tuple reset(py::handle seed);  // -> (obs, info)
    py::tuple step(py::handle actions);  // -> (obs, rewards, terminated, truncated, info)
    py::array_t<bool> action_masks();
    // One uniformly random allowed action per env (0 for an env whose next step resets it), drawn from
    // a generator seeded by reset()'s seed: exploration for agents that step many envs.
    py::array_t<int64_t> random_actions();

private:
    struct InfoColumn {
        std::string key;
        py::array values;  // bool, int64 or float64, one per env
        void* data = nullptr;
    };
    void allocate_infos(const GameEnv& game);
    void reset_env(int i);
    // The env's observation, mask and info into the kept arrays (`fields`: the thread's scratch).
    void write_env(int i, std::vector<InfoField>& fields);
    py::object returned(const py::array& array) const;
    py::object observation();
    py::dict info();

    EnvSpec spec_;
    std::vector<std::unique_ptr<GameEnv>> envs_;
    std::vector<Rng> streams_;
    Rng sampler_;  // random_actions()
    std::vector<uint64_t> episode_seeds_;
    std::vector<uint8_t> needs_reset_;
    bool started_ = false;
    bool copy_;
    std::mutex mutex_;
    py::array_t<int8_t> planes_, extras_;
    py::array_t<double> rewards_;
    py::array_t<bool> terminated_, truncated_, masks_;
    py::array_t<uint64_t> seeds_column_;
    struct {  // the kept arrays' memory, written with the GIL released
        int8_t *planes, *extras;
        double* rewards;
        bool *terminated, *truncated, *masks;
        uint64_t* seeds;
    } kept_{};
    std::vector<InfoColumn> infos_;
    WorkerPool pool_;
    std::vector<std::vector<InfoField>> scratch_;  // one per thread
};

}  // namespace gridlab::python
