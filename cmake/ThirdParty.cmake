# Header-only libraries from Debian's packages (catch2, nlohmann-json3-dev, libcli11-dev).
# They are copied into the build tree rather than used from /usr/include: a WebAssembly build must
# never see /usr/include, whose glibc headers break Emscripten's sysroot.
set(GRIDLAB_SYSTEM_INCLUDE "/usr/include" CACHE PATH "Where Debian's header-only packages live")
set(GRIDLAB_THIRD_PARTY_INCLUDE "${CMAKE_BINARY_DIR}/third_party/include")

foreach(header_dir catch2 nlohmann CLI)
  if(NOT EXISTS "${GRIDLAB_SYSTEM_INCLUDE}/${header_dir}")
    message(FATAL_ERROR "${GRIDLAB_SYSTEM_INCLUDE}/${header_dir} is missing: run scripts/setup.sh")
  endif()
  file(COPY "${GRIDLAB_SYSTEM_INCLUDE}/${header_dir}" DESTINATION "${GRIDLAB_THIRD_PARTY_INCLUDE}")
endforeach()

add_library(gridlab_third_party INTERFACE)
target_include_directories(gridlab_third_party SYSTEM INTERFACE "${GRIDLAB_THIRD_PARTY_INCLUDE}")

