# Finds what approxcert builds on: the library's dependencies, then the command's and the tests'.
include(${CMAKE_CURRENT_LIST_DIR}/approxcertDependencies.cmake)
find_package(doctest REQUIRED)
find_package(CLI11 REQUIRED)
