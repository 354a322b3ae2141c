# Writes the site's service worker (assets/service-worker.js) with the list of the built site's
# files and a hash of their contents: every build that changes a file gets a new cache name and a
# new worker script, which browsers install as an update. Run after everything else wrote into the
# site folder:  cmake -DSITE_DIR=build/wasm/web -DTEMPLATE=assets/service-worker.js -P SiteManifest.cmake
# Files under lang/ (one language's catalogue and font each) and code/ (the Code lesson's Python
# runtime, engines and editor) are cached on first use, not precached: the site's first visit
# downloads what it did before.
cmake_minimum_required(VERSION 3.20)
foreach(var SITE_DIR TEMPLATE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "SiteManifest.cmake: -D${var}=... is required")
  endif()
endforeach()

set(worker_name "service-worker.js")
file(GLOB_RECURSE files RELATIVE "${SITE_DIR}" "${SITE_DIR}/*")
list(REMOVE_ITEM files "${worker_name}")
list(SORT files)
set(fingerprint "")
set(precache "")
set(on_demand "")
foreach(file IN LISTS files)
  file(SHA256 "${SITE_DIR}/${file}" file_hash)
  string(APPEND fingerprint "${file} ${file_hash}\n")
  if(file MATCHES "^(lang|code)/")
    list(APPEND on_demand "\"${file}\"")
  else()
    list(APPEND precache "\"${file}\"")
  endif()
endforeach()
string(SHA256 build_hash "${fingerprint}")
string(SUBSTRING "${build_hash}" 0 16 GRIDLAB_BUILD)
list(JOIN precache ", " GRIDLAB_PRECACHE)
list(JOIN on_demand ", " GRIDLAB_ON_DEMAND)
set(GRIDLAB_PRECACHE "[${GRIDLAB_PRECACHE}]")
set(GRIDLAB_ON_DEMAND "[${GRIDLAB_ON_DEMAND}]")
# configure_file rewrites the worker only when it changes, so an unchanged build stays one version.
configure_file("${TEMPLATE}" "${SITE_DIR}/${worker_name}" @ONLY)
