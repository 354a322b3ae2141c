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

# Sets `var` to the folder a Debian source package was unpacked to in .deps/src by scripts/setup.sh
# (`pattern`, e.g. imgui-1*): Dear ImGui for every build, SDL2 for the web build.
function(gridlab_deps_source var pattern)
  file(GLOB dirs LIST_DIRECTORIES true "${GRIDLAB_DEPS_DIR}/src/${pattern}")
  list(FILTER dirs EXCLUDE REGEX "\\.(tar|dsc|xz|gz)")
  if(NOT dirs)
    message(FATAL_ERROR "${pattern} not found in ${GRIDLAB_DEPS_DIR}/src: run scripts/setup.sh")
  endif()
  list(GET dirs 0 dir)
  set(${var} "${dir}" PARENT_SCOPE)
endfunction()
