# Generates the man pages with help2man from the command's --help: approxcert.1 and one page per
# command (approxcert-eval.1, ...). Run as a script:
#   cmake -DAPPROXCERT=<binary> -DHELP2MAN=<help2man> -DOUT=<dir> -DVERSION=<v> -P cmake/Man.cmake
# help2man runs a program with --help; each command gets a two-line wrapper that runs
# "approxcert COMMAND --help".
# The commands and their one-line descriptions (the NAME lines) come from the command itself.
include(${CMAKE_CURRENT_LIST_DIR}/InterfaceJson.cmake)
approxcert_read_interface(${APPROXCERT} doc)
string(JSON n LENGTH "${doc}" commands)
math(EXPR last "${n} - 1")
file(MAKE_DIRECTORY ${OUT})
set(wrappers ${OUT}/wrappers)
file(MAKE_DIRECTORY ${wrappers})
function(generate name program description)
  execute_process(COMMAND ${HELP2MAN} --no-info --no-discard-stderr "--version-string=${name} ${VERSION}"
                          --name=${description} --output=${OUT}/${name}.1 ${program}
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "help2man failed for ${name}: ${err}")
  endif()
endfunction()
generate(approxcert ${APPROXCERT} "certified approximation bounds for neural networks")
foreach(i RANGE ${last})
  string(JSON c GET "${doc}" commands ${i} name)
  string(JSON description GET "${doc}" commands ${i} description)
  set(w ${wrappers}/approxcert-${c})
  file(WRITE ${w} "#!/bin/sh\nexec \"${APPROXCERT}\" ${c} \"$@\"\n")
  file(CHMOD ${w} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  generate(approxcert-${c} ${w} "${description}")
endforeach()
file(REMOVE_RECURSE ${wrappers})
