# The libraries approxcert_core links against (Debian 12 packages). Included by the build
# (cmake/Dependencies.cmake) and installed with the CMake package (approxcertConfig.cmake).
# FLINT, Arb and MPFI ship neither pkg-config files nor CMake configs: imported targets by hand.
find_package(PkgConfig REQUIRED)
pkg_check_modules(MPFR REQUIRED IMPORTED_TARGET mpfr)
pkg_check_modules(GMPXX REQUIRED IMPORTED_TARGET gmpxx gmp)
find_package(Threads REQUIRED)

if(NOT TARGET MPFI::mpfi)
find_path(MPFI_INCLUDE_DIR mpfi.h REQUIRED)
find_library(MPFI_LIBRARY mpfi REQUIRED)
add_library(MPFI::mpfi UNKNOWN IMPORTED)
set_target_properties(MPFI::mpfi PROPERTIES IMPORTED_LOCATION "${MPFI_LIBRARY}"
  INTERFACE_INCLUDE_DIRECTORIES "${MPFI_INCLUDE_DIR}")
target_link_libraries(MPFI::mpfi INTERFACE PkgConfig::MPFR)
endif()

if(NOT TARGET FLINT::flint)
find_path(FLINT_INCLUDE_DIR flint/flint.h REQUIRED)
find_library(FLINT_LIBRARY flint REQUIRED)
add_library(FLINT::flint UNKNOWN IMPORTED)
set_target_properties(FLINT::flint PROPERTIES IMPORTED_LOCATION "${FLINT_LIBRARY}"
  INTERFACE_INCLUDE_DIRECTORIES "${FLINT_INCLUDE_DIR}")
target_link_libraries(FLINT::flint INTERFACE PkgConfig::MPFR PkgConfig::GMPXX)
endif()

# Debian 12: Arb 2.23 is its own library (<arb.h>, libflint-arb.so); FLINT 3 would have merged it.
if(NOT TARGET ARB::arb)
find_path(ARB_INCLUDE_DIR arb.h PATH_SUFFIXES arb flint REQUIRED)
find_library(ARB_LIBRARY NAMES flint-arb arb REQUIRED)
add_library(ARB::arb UNKNOWN IMPORTED)
set_target_properties(ARB::arb PROPERTIES IMPORTED_LOCATION "${ARB_LIBRARY}"
  INTERFACE_INCLUDE_DIRECTORIES "${ARB_INCLUDE_DIR}")
target_link_libraries(ARB::arb INTERFACE FLINT::flint)
endif()

find_package(nlohmann_json 3 REQUIRED)
find_package(fmt REQUIRED)
find_package(TBB REQUIRED)
find_package(OpenSSL REQUIRED)

# ONNX import (lib/net/onnx_import.cpp): Debian's libonnx-dev ships a CMake config whose
# onnx_proto target carries ONNX_NAMESPACE=onnx and ONNX_ML=1 and links protobuf::libprotobuf.
# The static core links it privately, so consumers of the installed package need it too.
find_package(Protobuf REQUIRED)
find_package(ONNX REQUIRED)
