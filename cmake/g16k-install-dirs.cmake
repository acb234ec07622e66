# Install locations shared by libg16k's package (core/) and the plugin SDK (plugins/):
#   G16K_CMAKE_INSTALL_DIR     the CMake package folder (find_package(g16k))
#   G16K_PC_INSTALL_DIR        the pkg-config folder
#   G16K_PC_PREFIX_FROM_PCDIR  the prefix relative to it, so that a .pc written as
#                              prefix=${pcfiledir}/@G16K_PC_PREFIX_FROM_PCDIR@ works from any
#                              `cmake --install --prefix X`
set(G16K_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/g16k)
set(G16K_PC_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  message(FATAL_ERROR "g16k: an absolute CMAKE_INSTALL_LIBDIR is not supported by the .pc files")
endif()
file(RELATIVE_PATH G16K_PC_PREFIX_FROM_PCDIR /prefix/${G16K_PC_INSTALL_DIR} /prefix)
string(REGEX REPLACE "/$" "" G16K_PC_PREFIX_FROM_PCDIR "${G16K_PC_PREFIX_FROM_PCDIR}")
