# SDL2 for the web build, compiled from Debian's source package (scripts/setup.sh unpacks it into
# .deps/src) as part of this build, as Emscripten's own SDL2 port does (which downloads, so it is not
# used): SDL's include/SDL_config.h picks SDL_config_emscripten.h, the configuration SDL ships for
# Emscripten, so SDL's own CMake configure (some 150 checks, each an emcc link: ten minutes of one
# core) is not needed. Threads off (no -pthread in the page), so SDL uses its generic thread stubs.
# Every file of a listed folder is compiled: the drivers this configuration leaves out compile to
# nothing, and what the app does not call is dropped at link time.
gridlab_deps_source(SDL2_DIR "libsdl2-2*")

set(sdl2_folders . atomic audio audio/disk audio/dummy audio/emscripten cpuinfo dynapi events file
  filesystem/emscripten haptic haptic/dummy hidapi joystick joystick/emscripten joystick/virtual libm
  loadso/dlopen locale locale/emscripten main/dummy misc misc/emscripten power power/emscripten render
  render/opengles2 render/software sensor sensor/dummy stdlib thread thread/generic timer timer/unix
  video video/dummy video/emscripten video/yuv2rgb)
set(sdl2_sources "")
foreach(folder IN LISTS sdl2_folders)
  file(GLOB folder_sources "${SDL2_DIR}/src/${folder}/*.c")
  list(APPEND sdl2_sources ${folder_sources})
endforeach()

add_library(sdl2_wasm STATIC ${sdl2_sources})
# -I, not -isystem, so that SDL2's SDL.h wins over Emscripten's built-in SDL 1 headers.
target_include_directories(sdl2_wasm BEFORE PUBLIC "${SDL2_DIR}/include")
target_compile_definitions(sdl2_wasm PUBLIC SDL_STATIC_LIB)
# SDL's own flags for its sources (its khronos headers after the system's); its warnings are not
# ours to fix.
target_compile_options(sdl2_wasm PRIVATE -fno-strict-aliasing -idirafter "${SDL2_DIR}/src/video/khronos" -w)
