#include "io/file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#include "scalar/input_error.hpp"

namespace approxcert {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  throw InputError(path + ": cannot write: " + why);
}

// Removes the temporary file unless released (on every error path).
struct TempFile {
  std::string name;
  int fd = -1;
  bool keep = false;
  ~TempFile() {
    if (fd >= 0) ::close(fd);
    if (!keep && !name.empty()) ::unlink(name.c_str());
  }
};

// Creates `tmp` as a new hidden file "."<name><suffix>XXXXXX beside `path` (mkstemp), after
// refusing an empty name or a directory; `require_dir` also refuses a missing parent directory.
void create_beside(TempFile& tmp, const std::string& path, const char* suffix, bool require_dir) {
  namespace fs = std::filesystem;
  if (path.empty()) fail(path, "empty file name");
  std::error_code ec;
  if (fs::is_directory(path, ec)) fail(path, "it is a directory");
  const fs::path target(path);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (require_dir && !fs::is_directory(dir, ec)) fail(path, "no such directory: " + dir.string());
  std::string hidden(1, '.');  // appends: GCC 12 -Wrestrict misfires on "." + s
  tmp.name = (dir / hidden.append(target.filename().string()).append(suffix).append("XXXXXX")).string();
  tmp.fd = ::mkstemp(tmp.name.data());
  if (tmp.fd < 0) {
    const std::string why = std::strerror(errno);
    tmp.name.clear();
    fail(path, why);
  }
}

}  // namespace

void check_writable(const std::string& path) {
  TempFile probe;  // removed by its destructor
  create_beside(probe, path, ".probe.", /*require_dir=*/true);
}

void write_file_atomic(const std::string& path, std::string_view bytes) {
  TempFile tmp;
  create_beside(tmp, path, ".tmp.", /*require_dir=*/false);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(tmp.fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(path, std::strerror(errno));
    }
    done += static_cast<std::size_t>(n);
  }
  // mkstemp creates mode 0600; give the file the usual permissions (subject to the umask).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(tmp.fd, 0666 & ~mask) != 0) fail(path, std::strerror(errno));
  if (::fsync(tmp.fd) != 0) fail(path, std::strerror(errno));
  const int fd = tmp.fd;
  tmp.fd = -1;
  if (::close(fd) != 0) fail(path, std::strerror(errno));
  if (::rename(tmp.name.c_str(), path.c_str()) != 0) fail(path, std::strerror(errno));
  tmp.keep = true;
}

}  // namespace approxcert
