# lib-src.sh - for tests that configure boardbench out of tree (sweep,
# cross builds).  Sourced after lib.sh.  The tree under test may be
# configured in place, which configure refuses for builds elsewhere, so
# they build from a clean copy made by `make distdir`.

# clean_src DIR: the distributed source files in DIR, ready to configure.
clean_src() {
	(unset MAKEFLAGS MFLAGS MAKELEVEL
	 make -C "$top_builddir" distdir distdir="$1") >"$TMP/distdir.log" 2>&1
}
