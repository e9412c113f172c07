#include "chain/for_all_parallel.hpp"

#include <algorithm>
#include <vector>

#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace approxcert::chain {

namespace {

constexpr std::uint64_t kMaxChunks = 256;  // enough for load balance; merging costs nothing
constexpr std::uint64_t kMinChunk = 16;    // points per chunk at least: each chunk sets up its own state

std::uint64_t chunk_size(std::uint64_t count, std::uint64_t min_chunk) {
  return std::max<std::uint64_t>({min_chunk, 1, (count + kMaxChunks - 1) / kMaxChunks});
}

}  // namespace

void parallel_chunks(std::uint64_t count, unsigned threads, std::uint64_t min_chunk,
                     const std::function<void(std::uint64_t begin, std::uint64_t end)>& work) {
  const std::uint64_t size = chunk_size(count, min_chunk), chunks = (count + size - 1) / size;
  auto run = [&](std::uint64_t c) { work(c * size, std::min(count, (c + 1) * size)); };
  // More threads than cores only adds a TBB warning (the outcome is the same for every count).
  threads = std::min(threads, static_cast<unsigned>(std::max(1, tbb::info::default_concurrency())));
  if (threads <= 1 || chunks <= 1) {
    for (std::uint64_t c = 0; c < chunks; ++c) run(c);
    return;
  }
  tbb::task_arena arena(static_cast<int>(threads));
  arena.execute([&] { tbb::parallel_for(std::uint64_t{0}, chunks, run); });
}

ForAll for_all_indices(Relation r, std::uint64_t count, unsigned threads,
                       const std::function<void(ForAll& fa, std::uint64_t begin, std::uint64_t end)>& feed) {
  const std::uint64_t size = chunk_size(count, kMinChunk), chunks = (count + size - 1) / size;
  std::vector<ForAll> parts(chunks, ForAll(r));
  parallel_chunks(count, threads, kMinChunk,
                  [&](std::uint64_t begin, std::uint64_t end) { feed(parts[begin / size], begin, end); });
  ForAll all(r);
  for (ForAll& part : parts) all.merge(std::move(part));
  return all;
}

}  // namespace approxcert::chain
