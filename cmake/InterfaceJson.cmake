# Reading the command line as data (`approxcert --interface-json`, lib/cli/interface_json.hpp) in
# CMake scripts: the completion and man-page generators and the man-page test include this file.

# Sets OUT to the JSON document the binary APPROXCERT prints.
function(approxcert_read_interface approxcert out)
  execute_process(COMMAND ${approxcert} --interface-json OUTPUT_VARIABLE doc RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "approxcert --interface-json failed (${rc})")
  endif()
  set(${out} "${doc}" PARENT_SCOPE)
endfunction()

# Sets OUT to the CMake list of the strings in the JSON array at the path given after DOC
# (empty when the array is empty).
function(json_string_list doc out)
  string(JSON n LENGTH "${doc}" ${ARGN})
  set(items "")
  if(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON item GET "${doc}" ${ARGN} ${i})
      list(APPEND items ${item})
    endforeach()
  endif()
  set(${out} "${items}" PARENT_SCOPE)
endfunction()
