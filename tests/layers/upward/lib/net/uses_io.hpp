#pragma once
// Fixture for ctest layers.rejects_upward_include: lib/net does not use lib/io in the layer graph
// (a sideways include, which the old linear order of layers let through).
#include "io/file.hpp"
