# Compiler flags shared by every target, per platform.

# "Optimised, assertions on": keep assert() alive in release builds; the engines check invariants
# that are cheap next to the work around them.
string(REPLACE "-DNDEBUG" "" CMAKE_CXX_FLAGS_RELEASE "${CMAKE_CXX_FLAGS_RELEASE}")
string(REPLACE "-DNDEBUG" "" CMAKE_C_FLAGS_RELEASE "${CMAKE_C_FLAGS_RELEASE}")

add_library(gridlab_warnings INTERFACE)
target_compile_options(gridlab_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wno-unused-parameter)

if(EMSCRIPTEN)
  # Catch2, CLI11 and the engines' error paths use C++ exceptions. Emscripten 3.1.6's JS-based
  # exceptions are the only kind its frozen cache supports; hot loops stay outside try blocks.
  add_compile_options(-fexceptions)
  add_link_options(-fexceptions -sALLOW_MEMORY_GROWTH=1)
  # Speed (docs/benchmarks.md): bulk memory turns struct and vector copies into single memory.copy
  # instructions instead of calls to libc's byte-copying loop (Chrome 75+, node 12.5+).
  add_compile_options(-mbulk-memory)
  add_link_options(-mbulk-memory)
  # Programs run under node (tests, the CLI): synchronous start-up, real files, exit codes.
  set(GRIDLAB_NODE_LINK_OPTIONS
      -sENVIRONMENT=node -sWASM_ASYNC_COMPILATION=0 -sEXIT_RUNTIME=1 -sNODERAWFS=1)
  # The toolchain's default emulator passes a flag node 20 rejects; plain node runs our programs.
  find_program(NODE_EXECUTABLE node REQUIRED)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${NODE_EXECUTABLE}" CACHE FILEPATH "Runs wasm programs" FORCE)
else()
  find_package(Threads REQUIRED)
endif()

# Links a program meant to run from the command line (natively, or under node for wasm).
function(gridlab_command_line_program target)
  if(EMSCRIPTEN)
    target_link_options(${target} PRIVATE ${GRIDLAB_NODE_LINK_OPTIONS})
  else()
    target_link_libraries(${target} PRIVATE Threads::Threads)
  endif()
endfunction()
