#include "cli/progress.hpp"

#include "cli/options.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace approxcert::cli {

void add_progress_options(CLI::App* cmd, ProgressOptions& options) {
  cmd->add_flag("-q,--quiet", options.quiet, "no progress lines on stderr");
  cmd->add_option_function<double>(
         "--progress-interval",
         [&options](double s) {
           if (!std::isfinite(s) || s < 0 || s > 86400)
             throw CLI::ValidationError("--progress-interval", "must be between 0 and 86400 seconds");
           options.interval_seconds = s;
         },
         "seconds between progress lines (default 0.2 on a terminal, 10 otherwise)")
      ->type_name(kSeconds);
}

Progress::Progress(std::string command, const ProgressOptions& options)
    : command_(std::move(command)),
      enabled_(!options.quiet),
      terminal_(::isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {
  const double s = options.interval_seconds.value_or(terminal_ ? 0.2 : 10.0);
  interval_ = std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(s));
  if (enabled_) ticker_ = std::thread([this] { tick(); });
}

Progress::~Progress() { finish(); }

void Progress::status(const std::string& text) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  text_ = text;
  show_locked(std::chrono::steady_clock::now(), interval_);
}

void Progress::show_locked(std::chrono::steady_clock::time_point now, std::chrono::steady_clock::duration gap) {
  if (stop_ || text_.empty() || now - last_ < gap) return;
  last_ = now;
  char elapsed[32];
  std::snprintf(elapsed, sizeof elapsed, "%.1f s", std::chrono::duration<double>(now - start_).count());
  if (terminal_) {
    std::cerr << "\r" << command_ << ": " << text_ << "  " << elapsed << "\x1b[K"
              << std::flush;  // ESC[K: clear the rest
    live_line_ = true;
  } else {
    std::cerr << command_ << ": " << text_ << "  " << elapsed << "\n" << std::flush;
  }
}

// Re-shows the status while one long step runs (a check instance, a Coq export).
void Progress::tick() {
  const std::chrono::steady_clock::duration step = std::chrono::milliseconds(200);
  const auto gap = std::max(interval_, step);  // an unchanged status is not repeated faster than this
  std::unique_lock lock(mutex_);
  while (!stop_) {
    wake_.wait_for(lock, step);
    show_locked(std::chrono::steady_clock::now(), gap);
  }
}

void Progress::finish() {
  {
    std::lock_guard lock(mutex_);
    if (stop_) return;
    stop_ = true;
    if (live_line_) std::cerr << "\r\x1b[K" << std::flush;
    live_line_ = false;
  }
  wake_.notify_all();
  if (ticker_.joinable()) ticker_.join();
}

}  // namespace approxcert::cli
