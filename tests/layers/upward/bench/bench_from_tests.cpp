// Fixture for ctest layers.rejects_upward_include: benchmarks may not include files of tests/.
#include "../tests/supnorm/programs.hpp"
