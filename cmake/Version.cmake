# Writes OUT with the tool version and the git commit of SRC; leaves OUT untouched if unchanged.
execute_process(COMMAND git -C ${SRC} rev-parse HEAD OUTPUT_VARIABLE COMMIT
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR COMMIT STREQUAL "")
  set(COMMIT "unknown")
endif()
execute_process(COMMAND git -C ${SRC} status --porcelain --untracked-files=no OUTPUT_VARIABLE DIRTY
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT DIRTY STREQUAL "")
  set(COMMIT "${COMMIT}-dirty")
endif()
set(CONTENT "#pragma once\n#define APPROXCERT_VERSION \"${VERSION}\"\n#define APPROXCERT_COMMIT \"${COMMIT}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} OLD)
endif()
if(NOT "${OLD}" STREQUAL "${CONTENT}")
  file(WRITE ${OUT} "${CONTENT}")
endif()
