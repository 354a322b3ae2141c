// Threads kept for a vector of environments: each call splits [0, count) into one contiguous share
// per thread (the caller's thread takes the first) and returns when every share is done. Kept from
// call to call, since a vector step can take less time than starting a thread.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace gridlab::python {

class WorkerPool {
public:
    explicit WorkerPool(int threads);  // threads >= 1; 1 runs everything on the caller's thread
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    int threads() const { return static_cast<int>(workers_.size()) + 1; }
    // Calls work(share, begin, end) for each share of [0, count); rethrows the first exception a
    // share threw, after all are done.
    void run(int count, const std::function<void(int share, int begin, int end)>& work);

private:
    void serve(int share);
    void run_share(int share);

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable started_, finished_;
    const std::function<void(int, int, int)>* work_ = nullptr;
    int count_ = 0;
    unsigned generation_ = 0;  // one per run(): a worker runs each generation's share once
    int pending_ = 0;          // shares of this generation not yet done
    bool stopping_ = false;
    std::exception_ptr error_;
};

}  // namespace gridlab::python
