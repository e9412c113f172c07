# ctest install.find_package: installs the build into a staging prefix, then configures, builds
# and runs a scratch project (tests/install/scratch) that finds it with find_package(approxcert),
# and checks its output against exp(1/3) = 1.3956124250860895286...; then the same program built
# with the flags of the installed pkg-config file. Both ways the user's code is compiled with
# -ffp-contract=off.
#   cmake -DBUILD=<build dir> -DSCRATCH=<scratch source> -DWORK=<empty dir> -P find_package_test.cmake
file(REMOVE_RECURSE ${WORK})
set(stage ${WORK}/stage)
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD} --prefix ${stage})
foreach(f bin/approxcert lib/libapproxcert_core.a include/approxcert/scalar/rational.hpp
          include/approxcert/approxcert_version.hpp lib/cmake/approxcert/approxcertConfig.cmake
          lib/pkgconfig/approxcert.pc share/bash-completion/completions/approxcert share/approxcert/coq/Enclosure.v)
  if(NOT EXISTS ${stage}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
run(${CMAKE_COMMAND} -S ${SCRATCH} -B ${WORK}/consumer -DCMAKE_PREFIX_PATH=${stage} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK}/consumer)
# The inlined outward-rounded arithmetic must reach users without contraction (CMakeLists.txt).
file(READ ${WORK}/consumer/CMakeFiles/consumer.dir/flags.make consumer_flags)
if(NOT consumer_flags MATCHES "-ffp-contract=off")
  message(FATAL_ERROR "the installed CMake package does not give its users -ffp-contract=off: ${consumer_flags}")
endif()
run(${WORK}/consumer/consumer)
if(NOT out MATCHES "sum 1/2\n")
  message(FATAL_ERROR "unexpected output: ${out}")
endif()
# exp(1/3) = 1.39561242508608952862... (closed form; the enclosure must contain it and be tight)
if(NOT out MATCHES "exp\\(1/3\\) in \\[1\\.395612425086089528[0-6][0-9]*, 1\\.395612425086089528[6-9][0-9]*\\]")
  message(FATAL_ERROR "unexpected enclosure: ${out}")
endif()
# The pkg-config file: the same program compiled and linked with its flags only.
find_program(PKG_CONFIG pkg-config REQUIRED)
set(ENV{PKG_CONFIG_PATH} ${stage}/lib/pkgconfig)
run(${PKG_CONFIG} --cflags --libs --static approxcert)
string(STRIP "${out}" flags)
if(NOT flags MATCHES "-ffp-contract=off")
  message(FATAL_ERROR "the pkg-config flags lack -ffp-contract=off: ${flags}")
endif()
separate_arguments(flags UNIX_COMMAND "${flags}")
run(c++ -O1 ${SCRATCH}/consumer.cpp -o ${WORK}/consumer_pc ${flags})
run(${WORK}/consumer_pc)
if(NOT out MATCHES "sum 1/2\nexp\\(1/3\\) in \\[1\\.395612425086089528")
  message(FATAL_ERROR "unexpected output of the pkg-config build: ${out}")
endif()
run(${stage}/bin/approxcert --version)
message(STATUS "installed package works: ${out}")
