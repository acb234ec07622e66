# Facts of the Node package (bindings/node), read from its package.json and package-lock.json with
# CMake's own JSON parser: no npm at build time. Included by CMakeLists.txt here, and run as a
# script by the build and the tests:
#   cmake -DMODE=check-version -DVERSION=X.Y.Z -DFILES="a/package.json;a/package-lock.json" -P package.cmake
#       fails (naming each file and what it says) unless every file's version is VERSION
#       (a lock file: its own and its root package's)
#   cmake -DMODE=copy-modules -DSRC=bindings/node -DDEST=PKG/node_modules -P package.cmake
#       DEST becomes a copy of the runtime packages of SRC/package-lock.json (below) as npm ci
#       installed them in SRC/node_modules, without their test/ folders

# g16k_node_version_errors(VERSION OUT FILE...): OUT is the list of "FILE: says V" for every
# version in the files other than VERSION (empty when all agree).
function(g16k_node_version_errors version out)
  set(_errors)
  foreach(_f ${ARGN})
    file(READ ${_f} _json)
    string(JSON _v ERROR_VARIABLE _e GET "${_json}" version)
    if(_e OR NOT _v STREQUAL version)
      list(APPEND _errors "${_f}: version is '${_v}'")
    endif()
    if(_f MATCHES "package-lock\\.json$")
      string(JSON _v ERROR_VARIABLE _e GET "${_json}" packages "" version)
      if(_e OR NOT _v STREQUAL version)
        list(APPEND _errors "${_f}: packages[\"\"].version is '${_v}'")
      endif()
    endif()
  endforeach()
  set(${out} "${_errors}" PARENT_SCOPE)
endfunction()

# g16k_node_runtime_packages(DIR OUT): the top-level packages of DIR/package-lock.json that the
# package needs at run time (those not marked "dev": node-addon-api is only the addon's headers),
# as their folder names under node_modules ("circom_runtime", "@scope/name").
function(g16k_node_runtime_packages dir out)
  file(READ ${dir}/package-lock.json _lock)
  string(JSON _n LENGTH "${_lock}" packages)
  set(_list)
  if(_n GREATER 0)
    math(EXPR _last "${_n} - 1")
    foreach(_i RANGE ${_last})
      string(JSON _key MEMBER "${_lock}" packages ${_i})
      if(_key MATCHES "^node_modules/([^/@]+|@[^/]+/[^/]+)$")
        set(_name ${CMAKE_MATCH_1})
        string(JSON _dev ERROR_VARIABLE _e GET "${_lock}" packages "${_key}" dev)
        if(_e OR NOT _dev)
          list(APPEND _list ${_name})
        endif()
      endif()
    endforeach()
  endif()
  set(${out} "${_list}" PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND MODE STREQUAL "check-version")
  g16k_node_version_errors("${VERSION}" _errors ${FILES})
  if(_errors)
    list(JOIN _errors "\n  " _text)
    message(FATAL_ERROR "the Node package's version is not the library's ${VERSION}:\n  ${_text}")
  endif()
  message(STATUS "version ${VERSION} in: ${FILES}")
elseif(CMAKE_SCRIPT_MODE_FILE AND MODE STREQUAL "copy-modules")
  g16k_node_runtime_packages(${SRC} _pkgs)
  file(REMOVE_RECURSE ${DEST})
  foreach(_p ${_pkgs})
    get_filename_component(_parent ${DEST}/${_p} DIRECTORY)
    file(COPY ${SRC}/node_modules/${_p} DESTINATION ${_parent} PATTERN test EXCLUDE)
  endforeach()
elseif(CMAKE_SCRIPT_MODE_FILE)
  message(FATAL_ERROR "package.cmake: MODE must be check-version or copy-modules")
endif()
