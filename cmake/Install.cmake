# `make install` / `cmake --install build --prefix PREFIX`: the command, the library with its
# headers, a CMake package (find_package(approxcert)), a pkg-config file, man pages (help2man),
# bash completion and the Coq library. Included by the top-level CMakeLists.txt.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(APPROXCERT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/approxcert)
set(APPROXCERT_DATA_DIR ${CMAKE_INSTALL_DATADIR}/approxcert)

install(TARGETS approxcert RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS approxcert_core EXPORT approxcertTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/approxcert
        FILES_MATCHING PATTERN "*.hpp" PATTERN "cli" EXCLUDE
        PATTERN "onnx_importer.hpp" EXCLUDE)  # internal to the ONNX importer (needs the ONNX protobuf headers)
install(FILES ${PROJECT_BINARY_DIR}/generated/approxcert_version.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/approxcert)

install(EXPORT approxcertTargets NAMESPACE approxcert:: DESTINATION ${APPROXCERT_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/approxcertConfig.cmake.in
  ${PROJECT_BINARY_DIR}/approxcertConfig.cmake INSTALL_DESTINATION ${APPROXCERT_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/approxcertConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/approxcertConfig.cmake ${PROJECT_BINARY_DIR}/approxcertConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/approxcertDependencies.cmake
        DESTINATION ${APPROXCERT_CMAKE_DIR})

# pkg-config: the static library and what it links against.
set(APPROXCERT_PC_LIBS_PRIVATE "")
foreach(lib ${ARB_LIBRARY} ${FLINT_LIBRARY} ${MPFI_LIBRARY})
  get_filename_component(name ${lib} NAME_WE)
  string(REGEX REPLACE "^lib" "" name ${name})
  string(APPEND APPROXCERT_PC_LIBS_PRIVATE "-l${name} ")
endforeach()
# The network readers: the ONNX importer and its protobuf messages (libonnx-dev, libprotobuf-dev).
string(APPEND APPROXCERT_PC_LIBS_PRIVATE "-lonnx -lonnx_proto -lprotobuf -lfmt -ltbb -lcrypto -lpthread")
set(APPROXCERT_PC_CFLAGS_EXTRA "")
set(pc_include_dirs ${ARB_INCLUDE_DIR} ${FLINT_INCLUDE_DIR} ${MPFI_INCLUDE_DIR})
list(REMOVE_DUPLICATES pc_include_dirs)
foreach(dir ${pc_include_dirs})
  if(NOT dir STREQUAL "/usr/include")  # the compiler's own default
    string(APPEND APPROXCERT_PC_CFLAGS_EXTRA " -I${dir}")
  endif()
endforeach()
configure_file(${PROJECT_SOURCE_DIR}/packaging/approxcert.pc.in ${PROJECT_BINARY_DIR}/approxcert.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/approxcert.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The README's example networks and claims files, for a tour away from the source tree.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/examples/ DESTINATION ${APPROXCERT_DATA_DIR}/examples)
# The JSON Schemas of the file formats, for editors (docs/schemas/README.md).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/schemas/ DESTINATION ${APPROXCERT_DATA_DIR}/schemas FILES_MATCHING PATTERN "*.json")

# Bash completion, generated from the command's option definitions (cmake/Completion.cmake).
set(APPROXCERT_COMPLETION ${PROJECT_BINARY_DIR}/completion/approxcert)
add_custom_command(OUTPUT ${APPROXCERT_COMPLETION}
  COMMAND ${CMAKE_COMMAND} -DAPPROXCERT=$<TARGET_FILE:approxcert> -DOUT=${APPROXCERT_COMPLETION}
          -P ${PROJECT_SOURCE_DIR}/cmake/Completion.cmake
  DEPENDS approxcert ${PROJECT_SOURCE_DIR}/cmake/Completion.cmake
  COMMENT "bash completion")
add_custom_target(approxcert_completion ALL DEPENDS ${APPROXCERT_COMPLETION})
install(FILES ${APPROXCERT_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)

# The Coq library: the sources, and the compiled files when the proofs.build test has made them.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/proofs/ DESTINATION ${APPROXCERT_DATA_DIR}/coq
        FILES_MATCHING PATTERN "*.v" PATTERN "_CoqProject" PATTERN "examples" EXCLUDE)
install(DIRECTORY ${APPROXCERT_COQ_DIR}/ DESTINATION ${APPROXCERT_DATA_DIR}/coq OPTIONAL
        FILES_MATCHING PATTERN "*.vo" PATTERN "*.glob")

# Man pages from --help (help2man); built with the command, installed when help2man exists.
find_program(HELP2MAN help2man)
if(HELP2MAN)
  set(man_dir ${PROJECT_BINARY_DIR}/man)
  add_custom_command(OUTPUT ${man_dir}/approxcert.1
    COMMAND ${CMAKE_COMMAND} -DAPPROXCERT=$<TARGET_FILE:approxcert> -DHELP2MAN=${HELP2MAN} -DOUT=${man_dir}
            -DVERSION=${PROJECT_VERSION} -P ${PROJECT_SOURCE_DIR}/cmake/Man.cmake
    DEPENDS approxcert ${PROJECT_SOURCE_DIR}/cmake/Man.cmake
    COMMENT "man pages (help2man)")
  add_custom_target(approxcert_man ALL DEPENDS ${man_dir}/approxcert.1)
  install(DIRECTORY ${man_dir}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 OPTIONAL FILES_MATCHING PATTERN "*.1")
else()
  message(WARNING "help2man not found: no man pages (install help2man, see the Makefile's PACKAGES)")
endif()
