#pragma once
// Progress reports on stderr, shared by the long-running commands (supnorm, check, regress, coq,
// verify). On a terminal: one live line rewritten in place (at most every 0.2 s). Otherwise (a log
// file, a CI job): plain newline-terminated lines, at most one per interval (default 10 s), so a
// log never holds carriage returns. A ticker thread re-shows the current status with the elapsed
// time while one long step runs. `--quiet` silences it; stdout is never touched.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <CLI/CLI.hpp>

namespace approxcert::cli {

struct ProgressOptions {
  bool quiet = false;
  std::optional<double> interval_seconds;  // --progress-interval; default 0.2 (terminal) or 10
};

// Adds -q/--quiet and --progress-interval S to a subcommand.
void add_progress_options(CLI::App* cmd, ProgressOptions& options);

class Progress {
 public:
  // `command` prefixes every line ("check: ..."). Reads whether stderr is a terminal.
  Progress(std::string command, const ProgressOptions& options);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Sets the current status ("3/12 yun2020/s44-tight") and shows it once the interval since the
  // last line (or the start) has passed. Thread-safe.
  void status(const std::string& text);
  // Stops the ticker and clears the live line on a terminal; idempotent.
  void finish();
  bool enabled() const { return enabled_; }

 private:
  void show_locked(std::chrono::steady_clock::time_point now, std::chrono::steady_clock::duration gap);
  void tick();

  std::string command_, text_;
  bool enabled_, terminal_, live_line_ = false, stop_ = false;
  std::chrono::steady_clock::duration interval_;
  std::chrono::steady_clock::time_point start_, last_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread ticker_;
};

}  // namespace approxcert::cli
