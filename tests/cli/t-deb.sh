#!/bin/sh
# The Debian package (slow tier): `dpkg-buildpackage -us -uc -b` on a clean
# copy of the source (make distdir, which must carry debian/) builds a .deb
# that holds the binary, the man page, bash completion, the example matrix
# and the documents; its binary runs; lintian reports no error.  Skips
# (77) only without dpkg-buildpackage; debhelper and lintian are then
# required (.ci/run installs them).
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/lib-src.sh"

[ -z "${TEST_RUNNER:-}" ] ||
	skip_all "the package is built natively; not in a cross build"
command -v dpkg-buildpackage >/dev/null 2>&1 ||
	skip_all "dpkg-buildpackage not installed (Debian package dpkg-dev)"

mkdir -p "$TMP/src" && clean_src "$TMP/src/boardbench"
st=$?
ok $st "a clean source tree (make distdir)"
[ $st -eq 0 ] || { sed 's/^/# /' "$TMP/distdir.log" | tail -20; done_testing; }
[ -x "$TMP/src/boardbench/debian/rules" ]; ok $? "it carries debian/"

(cd "$TMP/src/boardbench" && unset MAKEFLAGS MFLAGS MAKELEVEL &&
	DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -us -uc -b) \
	>"$TMP/build.log" 2>&1
st=$?
ok $st "dpkg-buildpackage -us -uc -b"
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/build.log" | tail -30
deb=$(ls "$TMP"/src/boardbench_*.deb 2>/dev/null | head -1)
[ -n "$deb" ]; ok $? "a .deb ($(basename "${deb:-none}"))"
[ -n "$deb" ] || done_testing

dpkg-deb -c "$deb" > "$TMP/list"
for f in usr/bin/boardbench usr/share/man/man1/boardbench.1.gz \
    usr/share/bash-completion/completions/boardbench \
    usr/share/doc/boardbench/README.md.gz usr/share/doc/boardbench/copyright \
    usr/share/doc/boardbench/examples/pi-matrix; do
	grep -q " \./$f\$" "$TMP/list"; ok $? "the package holds /$f"
done
dpkg-deb -x "$deb" "$TMP/x"
"$TMP/x/usr/bin/boardbench" --version >"$TMP/out" 2>&1
ok $? "its boardbench runs: $(head -1 "$TMP/out")"

lintian --fail-on error "$deb" >"$TMP/lintian" 2>&1
st=$?
ok $st "lintian: no error"
sed 's/^/# /' "$TMP/lintian" | head -30
done_testing
