#pragma once
// Fixture for ctest layers.rejects_upward_include: supnorm may include net, domain and itself.
#include "net/program.hpp"
#include "supnorm/range.hpp"
#include "domain/domain.hpp"
