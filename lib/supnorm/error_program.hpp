#pragma once
// Moved to problem/error_program.hpp (the checker reads the error program too); this header keeps
// the include path of installed users' code working.
#include "problem/error_program.hpp"
