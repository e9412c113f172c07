#pragma once
// A "for all" claim over the indices 0 .. count-1, fed on several threads with the same outcome as
// one ForAll fed in index order: the indices are cut into consecutive chunks that do not depend on
// the thread count, each chunk feeds its own ForAll, and the chunks are merged in index order
// (ForAll::merge), so the counts, the verdict and the decisive point are deterministic.
#include <cstdint>
#include <functional>

#include "chain/step.hpp"

namespace approxcert::chain {

// feed(fa, begin, end) adds the points of the indices [begin, end) to fa, in index order; it is
// called concurrently for disjoint ranges (it must only read shared data, or synchronise). An
// exception thrown by feed propagates (the first one). threads = 1 runs on the calling thread.
ForAll for_all_indices(Relation r, std::uint64_t count, unsigned threads,
                       const std::function<void(ForAll& fa, std::uint64_t begin, std::uint64_t end)>& feed);

// Runs work(begin, end) over consecutive chunks of [0, count) on `threads` threads (TBB), for
// per-index computations whose results go to index-addressed storage (hence deterministic).
void parallel_chunks(std::uint64_t count, unsigned threads, std::uint64_t min_chunk,
                     const std::function<void(std::uint64_t begin, std::uint64_t end)>& work);

}  // namespace approxcert::chain
