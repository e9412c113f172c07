#pragma once
// The one scratch folder of the tests, the benchmarks and the fuzz targets: a fresh empty folder
// under the system temp folder, unique to the process and to each ScratchDir made in it (ctest runs
// test cases in parallel processes), and removed with everything in it when the object dies. It
// lives in reference/ because the benchmarks and fuzz targets may not include tests/.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace approxcert::test {

class ScratchDir {
 public:
  // `tag` names the test in the folder's name: approxcert-<tag>-<pid>-<n>.
  explicit ScratchDir(const std::string& tag) {
    static std::atomic<int> made{0};
    dir_ = std::filesystem::temp_directory_path() /
           ("approxcert-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(made++));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  ~ScratchDir() {
    std::error_code ignored;  // a destructor must not throw; a leftover folder is only litter
    std::filesystem::remove_all(dir_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& dir() const { return dir_; }
  // The path of `name` (which may hold subfolders) inside the folder.
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // Writes `text` to `name`, making its subfolders; returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    std::filesystem::create_directories((dir_ / name).parent_path());
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return path(name);
  }

 private:
  std::filesystem::path dir_;
};

}  // namespace approxcert::test
