#pragma once
// Fixture for ctest layers.rejects_upward_include: supnorm may include net, target and itself.
#include "net/program.hpp"
#include "supnorm/range.hpp"
#include "target/domain.hpp"
