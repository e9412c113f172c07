# ctest install.man_pages: generates the man pages with help2man (cmake/Man.cmake) into a fresh
# folder and checks that every command has one, with its example and its exit statuses.
#   cmake -DAPPROXCERT=<binary> -DHELP2MAN=<help2man> -DSOURCE=<repo> -DWORK=<dir> -P man_test.cmake
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} -DAPPROXCERT=${APPROXCERT} -DHELP2MAN=${HELP2MAN} -DOUT=${WORK}
                        -DVERSION=0 -P ${SOURCE}/cmake/Man.cmake RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "man page generation failed: ${err}")
endif()
# Every command the binary has (approxcert --interface-json), not a list kept by hand.
include(${SOURCE}/cmake/InterfaceJson.cmake)
approxcert_read_interface(${APPROXCERT} doc)
string(JSON n LENGTH "${doc}" commands)
if(n LESS 9)
  message(FATAL_ERROR "approxcert --interface-json lists ${n} commands: ${doc}")
endif()
math(EXPR last "${n} - 1")
set(pages approxcert)
foreach(i RANGE ${last})
  string(JSON c GET "${doc}" commands ${i} name)
  list(APPEND pages approxcert-${c})
endforeach()
foreach(page ${pages})
  if(NOT EXISTS ${WORK}/${page}.1)
    message(FATAL_ERROR "missing man page ${page}.1")
  endif()
  file(READ ${WORK}/${page}.1 text)
  if(NOT text MATCHES "\\.TH")
    message(FATAL_ERROR "${page}.1 is not a man page")
  endif()
  # The NAME line has a summary, not just the page's name again ("approxcert-eval \- approxcert eval").
  if(NOT text MATCHES "\\.SH NAME\n${page} \\\\- [A-Za-z][^\n]+ [^\n]+ [^\n]+\n"
     OR text MATCHES "\\.SH NAME\n${page} \\\\- approxcert [a-z]+\n")
    message(FATAL_ERROR "${page}.1 has no summary on its NAME line")
  endif()
  if(NOT page STREQUAL "approxcert-verify" AND NOT text MATCHES "[Ee]xit status")
    message(FATAL_ERROR "${page}.1 does not state the exit statuses")
  endif()
endforeach()
