# The Debian package (CPack): everything `cmake --install` installs, under /usr. Build it in a
# configured and built tree with `cpack -G DEB` (or `cmake --build BUILD --target package`):
# BUILD/g16k_VERSION_ARCH.deb. Its contents follow the install rules of each folder, so a new
# install() rule (another library, its .pc or CMake files) lands in the package by itself.
#   /usr/bin/g16k, /usr/bin/g16k-plugin-check      the command and the plugin checker
#   /usr/lib/libg16k.so*                           the embedding API (include/g16k/g16k.h)
#   /usr/lib/g16k/libg16k_*.so                     the provider plugins (found relative to g16k)
#   /usr/include/g16k/                             plugin.h, g16k.h
#   /usr/lib/pkgconfig/, /usr/lib/cmake/g16k/      the plugin SDK (pkg-config, find_package)
#   /usr/share/g16k/conf/*.ini                     prover.ini examples
# The library folder is the configured CMAKE_INSTALL_LIBDIR ("lib" unless the build was
# configured with a /usr prefix, where GNUInstallDirs picks the multiarch folder); g16k finds its
# plugins relative to itself in either layout (core/plugin/loader.c). Depends: computed from
# the shared libraries the binaries link (dpkg-shlibdeps), e.g. libinih, libjson-c, libsodium,
# the OpenCL ICD loader. The CUDA plugin links the CUDA runtime statically and needs only the
# NVIDIA driver, which the package does not depend on (the plugin reports "no CUDA device").
set(G16K_PACKAGE_MAINTAINER "g16k developers" CACHE STRING "Maintainer field of the Debian package")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME g16k)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Groth16 prover for BLS12-381, compatible with snarkjs 0.7.6")
set(CPACK_PACKAGE_DESCRIPTION "g16k proves circom circuits with snarkjs 0.7.6 proving keys (.zkey)
and witnesses (.wtns) and writes snarkjs's JSON proofs. The MSMs and NTTs run in plugins chosen in
prover.ini: CPU (AVX-512 IFMA when present), OpenCL and CUDA. Includes the plugin SDK.")
set(CPACK_PACKAGE_CONTACT "${G16K_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_SOURCE_GENERATOR "")
include(CPack)
