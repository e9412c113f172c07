#pragma once
// Fixture for ctest layers.rejects_upward_include: lib/net may not include the supnorm layer.
#include "scalar/rational.hpp"
#include "supnorm/supnorm.hpp"
