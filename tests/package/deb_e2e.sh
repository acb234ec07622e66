#!/usr/bin/env bash
# The Debian package from a user's seat: cpack builds it from the build tree, dpkg-deb checks
# its fields and file list and unpacks it into a temporary folder (no root needed), and from
# there the unpacked g16k, with nothing but its own files (no G16K_PLUGIN_DIR, no build tree),
# loads the unpacked plugins, proves the fixture bit-exactly for r = s = 0 and with random
# blinding, and snarkjs accepts that proof. The SDK's pkg-config file works from the unpacked
# tree too.
# usage: deb_e2e.sh BUILD_DIR FIXTURE_DIR CC [SNARKJS]   (exit 77: no dpkg-deb, or no snarkjs)
set -u
BUILD=$1 FIX=$2 CC=$3 SNARKJS=${4:-}
command -v dpkg-deb >/dev/null || { echo "SKIP: dpkg-deb not found (not a Debian system)"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$T/pkg" >"$T/cpack.log" 2>&1 \
  || fail "cpack: $(tail -20 "$T/cpack.log")"
debs=("$T"/pkg/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "cpack made ${#debs[@]} packages: ${debs[*]}"
deb=${debs[0]}
version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$BUILD/CPackConfig.cmake")
[ "$(dpkg-deb -f "$deb" Package)" = g16k ] || fail "Package: $(dpkg-deb -f "$deb" Package)"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version $(dpkg-deb -f "$deb" Version), want $version"
[ "$(dpkg-deb -f "$deb" Architecture)" = "$(dpkg --print-architecture)" ] || fail "Architecture"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libinih libjson-c libsodium; do
  echo "$depends" | grep -q "$lib" || fail "Depends lacks $lib: $depends"
done
echo "ok: $(basename "$deb"): Depends: $depends"

# One path a line (a link's own name, not its target).
dpkg-deb -c "$deb" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\.\//) { print substr($i, 2); break } }' >"$T/files"
want="/usr/bin/g16k /usr/bin/g16k-plugin-check /usr/include/g16k/plugin.h /usr/include/g16k/g16k.h
      /usr/share/g16k/conf/cpu.ini"
for f in $want; do grep -qx "$f" "$T/files" || fail "$f not in the package"; done
for f in g16k-plugin.pc g16k-config.cmake g16k-config-version.cmake g16k-plugin.map libg16k.so; do
  grep -q "/$f$" "$T/files" || fail "$f not in the package"
done
# Every installable plugin of the build, and none of the test-only ones (same folder).
for so in "$BUILD"/lib/g16k/libg16k_*.so; do
  name=$(basename "$so")
  case $name in
    libg16k_cpu_emul.so) grep -q "/$name$" "$T/files" && fail "test plugin $name in the package" ;;
    *) grep -q "/g16k/$name$" "$T/files" || fail "plugin $name not in the package" ;;
  esac
done
echo "ok: $(wc -l <"$T/files") paths, plugins: $(grep -o 'libg16k_[a-z_]*\.so$' "$T/files" | grep -v '^libg16k\.so' | sort -u | tr '\n' ' ')"

dpkg-deb -x "$deb" "$T/root" || fail "dpkg-deb -x"
U=$T/root/usr
G16K=$U/bin/g16k
CONF=$U/share/g16k/conf/cpu.ini
unset G16K_PLUGIN_DIR G16K_CONFIG
"$G16K" --version >"$T/version" 2>&1 || fail "g16k --version: $(cat "$T/version")"
grep -q "$version" "$T/version" || fail "g16k --version says $(cat "$T/version")"
"$G16K" plugins --config "$CONF" >"$T/plugins" 2>&1 || fail "g16k plugins: $(cat "$T/plugins")"
grep -q "$T/root/usr/lib/.*g16k/libg16k_cpu.so" "$T/plugins" \
  || { cat "$T/plugins"; fail "the unpacked g16k did not load the unpacked CPU plugin"; }
echo "ok: the unpacked g16k loads $(grep -o "$T/root[^ ]*libg16k_cpu.so" "$T/plugins" | head -1 | sed "s|$T/root||") from the package"

prove() { # prove OUT [args]
  local out=$1; shift
  "$G16K" prove --config "$CONF" --zkey "$FIX/circuit_final.zkey" --witness "$FIX/witness.wtns" \
     --proof "$T/$out.proof.json" --public "$T/$out.public.json" "$@"
}
prove r0 --insecure-rs 0,0 2>"$T/err" || fail "prove r=s=0: $(cat "$T/err")"
cmp -s "$T/r0.proof.json" "$FIX/ref_proof_r0_s0.json" || fail "the packaged g16k's proof differs from ref_proof_r0_s0.json"
prove rnd 2>"$T/err" || fail "prove: $(cat "$T/err")"
"$G16K" verify --vk "$FIX/verification_key.json" --public "$T/rnd.public.json" --proof "$T/rnd.proof.json" \
  >/dev/null || fail "the packaged g16k verify rejected its own proof"
echo "ok: the packaged g16k proves $(basename "$FIX") bit-exactly and verifies its random-blinding proof"

# The SDK from the unpacked tree: the relocatable .pc points into it.
pcdir=$(dirname "$(find "$T/root" -name g16k-plugin.pc | head -1)")
cflags=$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags g16k-plugin) || fail "pkg-config g16k-plugin"
inc=$(echo "$cflags" | sed -n 's/.*-I\([^ ]*\).*/\1/p')
[ "$(realpath "$inc")" = "$(realpath "$T/root/usr/include")" ] || fail "pkg-config --cflags points elsewhere: $cflags"
printf '#include <g16k/plugin.h>\n#include <g16k/g16k.h>\nint main(void) { return G16K_ABI_MAJOR == 1 ? 0 : 1; }\n' >"$T/sdk.c"
"$CC" -std=c11 -Wall -Werror $cflags -o "$T/sdk" "$T/sdk.c" && "$T/sdk" || fail "compiling against the packaged headers"
echo "ok: the packaged headers and pkg-config file work from the unpacked tree"

if [ -z "$SNARKJS" ]; then
  echo "SKIP: snarkjs not installed (npm ci in tools/snarkjs)"
  exit 77
fi
"$SNARKJS" groth16 verify "$FIX/verification_key.json" "$T/rnd.public.json" "$T/rnd.proof.json" >"$T/sj.log" 2>&1 \
  && grep -q "OK!" "$T/sj.log" || fail "snarkjs rejected the packaged g16k's proof: $(cat "$T/sj.log")"
echo "ok: snarkjs accepts the proof of the packaged g16k"
