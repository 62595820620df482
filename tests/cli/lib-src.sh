# lib-src.sh - for tests that configure boardbench out of tree (sweep,
# cross builds).  Sourced after lib.sh.  The tree under test may be
# configured in place, which configure refuses for builds elsewhere, so
# they build from a clean copy made by `make distdir`.

# clean_src DIR: the distributed source files in DIR, ready to configure.
clean_src() {
	(unset MAKEFLAGS MFLAGS MAKELEVEL
	 make -C "$top_builddir" distdir distdir="$1") >"$TMP/distdir.log" 2>&1
}

# cross_src DIR: for a cross build, the clean tree in DIR as one TAP
# line (the test ends there when it fails, with make's last lines), and
# `build`, the triplet of this machine for configure --build.
cross_src() {
	clean_src "$1"
	_st=$?
	ok $_st "a clean source tree (make distdir)"
	[ $_st -eq 0 ] || { sed 's/^/# /' "$TMP/distdir.log" | tail -20
		done_testing; }
	build=$(sh "$1/build-aux/config.guess")
}

# quickstart_ready: skip the test (77) unless it can run the README's
# Quick start here without installing anything: a native build on Debian
# with every package scripts/quickstart would install already there.
quickstart_ready() {
	[ -z "${TEST_RUNNER:-}" ] || skip_all "builds natively; not in a cross build"
	command -v dpkg-query >/dev/null 2>&1 || skip_all "no dpkg-query (not Debian)"
	for p in $(sed -n '/^pkgs="/,/"$/p' "$top_srcdir/scripts/quickstart" | tr -d '"' | sed 's/^pkgs=//'); do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
			skip_all "package $p is not installed (the quick start would install it)"
	done
}
