#pragma once
// Fixture for ctest layers.rejects_upward_include: no include with "../".
#include "../scalar/rational.hpp"
