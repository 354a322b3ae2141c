#include "python/worker_pool.h"

namespace gridlab::python {

WorkerPool::WorkerPool(int threads) {
    for (int share = 1; share < threads; ++share) workers_.emplace_back([this, share] { serve(share); });
}

WorkerPool::~WorkerPool() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    started_.notify_all();
    for (std::thread& worker : workers_) worker.join();
}

void WorkerPool::run(int count, const std::function<void(int, int, int)>& work) {
    if (workers_.empty()) {
        work(0, 0, count);
        return;
    }
    {
        const std::lock_guard lock(mutex_);
        work_ = &work;
        count_ = count;
        pending_ = threads();
        error_ = nullptr;
        ++generation_;
    }
    started_.notify_all();
    run_share(0);
    std::unique_lock lock(mutex_);
    finished_.wait(lock, [&] { return pending_ == 0; });
    work_ = nullptr;
    if (error_) std::rethrow_exception(error_);
}

void WorkerPool::serve(int share) {
    unsigned seen = 0;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            started_.wait(lock, [&] { return stopping_ || generation_ != seen; });
            if (stopping_) return;
            seen = generation_;
        }
        run_share(share);
    }
}

void WorkerPool::run_share(int share) {
    const int begin = static_cast<int>(static_cast<long long>(count_) * share / threads());
    const int end = static_cast<int>(static_cast<long long>(count_) * (share + 1) / threads());
    std::exception_ptr error;
    try {
        if (begin < end) (*work_)(share, begin, end);
    } catch (...) {
        error = std::current_exception();
    }
    const std::lock_guard lock(mutex_);
    if (error && !error_) error_ = error;
    if (--pending_ == 0) finished_.notify_one();
}

}  // namespace gridlab::python
