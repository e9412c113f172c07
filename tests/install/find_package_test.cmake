# ctest install.find_package: installs the build into a staging prefix, then configures, builds
# and runs a scratch project (tests/install/scratch) that finds it with find_package(approxcert),
# and checks its output against exp(1/3) = 1.3956124250860895286...; then the same program built
# with the flags of the installed pkg-config file. Both ways the user's code is compiled with
# -ffp-contract=off.
# Both programs also load NET (docs/examples/relu_2d.json) and certify sup |x0*x1 - net| over
# [0,1]^2, which is 4 exactly (at (0,1); by hand: the error is monotone in x1 and, on x1 = 1,
# maximal at x0 = 0), so both link the network readers (ONNX importer, protobuf) as a user's do.
#   cmake -DBUILD=<build dir> -DSCRATCH=<scratch source> -DNET=<network> -DWORK=<empty dir> -P find_package_test.cmake
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
          lib/pkgconfig/approxcert.pc share/bash-completion/completions/approxcert share/approxcert/coq/Enclosure.v
          share/approxcert/examples/relu_2d.json share/approxcert/schemas/approxcert-net-1.schema.json)
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
# The certified enclosure of the sup-norm must contain 4 and be within the requested 1e-4.
function(check_supnorm text where)
  if(NOT text MATCHES "sup in \\[([0-9/]+), ([0-9/]+)\\]")
    message(FATAL_ERROR "${where}: no sup-norm enclosure in: ${text}")
  endif()
  set(l ${CMAKE_MATCH_1})
  set(u ${CMAKE_MATCH_2})
  execute_process(COMMAND /usr/bin/python3 -c
    "from fractions import Fraction as F; l=F('${l}'); u=F('${u}'); import sys; sys.exit(0 if l <= 4 <= u <= 4*(1+F(1,10000)) else 1)"
    RESULT_VARIABLE bad)
  if(bad)
    message(FATAL_ERROR "${where}: [${l}, ${u}] does not enclose sup = 4 within 1e-4")
  endif()
endfunction()
run(${WORK}/consumer/consumer ${NET})
check_supnorm("${out}" "CMake consumer")
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
run(${WORK}/consumer_pc ${NET})
check_supnorm("${out}" "pkg-config consumer")
if(NOT out MATCHES "sum 1/2\nexp\\(1/3\\) in \\[1\\.395612425086089528")
  message(FATAL_ERROR "unexpected output of the pkg-config build: ${out}")
endif()
# The installed Coq library is compiled: an export's `From Approxcert Require Import Leaf` works
# with the one -Q flag docs/install.md gives (COQC: set when coqc exists; the build's library
# comes from the proofs.build fixture).
if(COQC)
  foreach(f Leaf.vo Enclosure.vo Splits.vo)
    if(NOT EXISTS ${stage}/share/approxcert/coq/${f})
      message(FATAL_ERROR "the installed Coq library is not compiled: no share/approxcert/coq/${f}")
    endif()
  endforeach()
  file(WRITE ${WORK}/UsesLeaf.v "From Approxcert Require Import Leaf Enclosure.\n")
  run(${COQC} -Q ${stage}/share/approxcert/coq Approxcert ${WORK}/UsesLeaf.v)
endif()
run(${stage}/bin/approxcert --version)
message(STATUS "installed package works: ${out}")
