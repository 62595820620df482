#!/bin/sh
# configure --enable-static-binary (slow tier: it configures and links a
# whole build): each library's static link is tried at configure time; an
# optional library without a static archive is left out with a warning
# and named in the summary, and the static link then succeeds; asking for
# it by name (--with-mpg123=yes) stops configure, not the link.  Which
# library is missing is this machine's: libmpg123.a (Debian 12 ships none)
# is checked when it is missing here, the link in any case.
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/lib-src.sh"

[ -z "${TEST_RUNNER:-}" ] ||
	skip_all "a native static build; not in a cross build"
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || skip_all "no C compiler '$cc'"
# the static C library itself (libc6-dev): without it nothing links statically
printf 'int main(void) { return 0; }\n' > "$TMP/m.c"
"$cc" -static -o "$TMP/m" "$TMP/m.c" 2>/dev/null ||
	skip_all "no static C library here (libc.a)"

mkdir -p "$TMP/src" && clean_src "$TMP/src/bb"
st=$?
ok $st "a clean source tree (make distdir)"
[ $st -eq 0 ] || { sed 's/^/# /' "$TMP/distdir.log" | tail -20; done_testing; }

# is libmpg123.a there? (the compiler prints the bare name when it is not)
a=$("$cc" -print-file-name=libmpg123.a)
have_a=no
[ "$a" != libmpg123.a ] && [ -f "$a" ] && have_a=yes
pkg-config --exists libmpg123 2>/dev/null || have_a=none

mkdir "$TMP/b" && cd "$TMP/b" || exit 99
(unset MAKEFLAGS MFLAGS MAKELEVEL; "$TMP/src/bb/configure" --enable-static-binary) \
    >"$TMP/conf.out" 2>"$TMP/conf.err"
st=$?
ok $st "configure --enable-static-binary"
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/conf.err" | tail -5
grep -q '^    static binary:  yes' "$TMP/conf.out"; ok $? "the summary says static"
if [ "$have_a" = no ]; then
	grep -q "WARNING: --enable-static-binary: mpg123 cannot be linked statically" \
	    "$TMP/conf.err"
	ok $? "no libmpg123.a: a warning says mpg123 is left out"
	grep -q '^    static binary:  yes (left out, no static link:.* mpg123' "$TMP/conf.out"
	ok $? "and the summary names it"
	grep -q '^    libmpg123, libmp3lame: no,' "$TMP/conf.out"
	ok $? "and the build has no libmpg123"
else
	for i in 1 2 3; do
		n=$((n + 1)); echo "ok $n # SKIP libmpg123.a is installed here ($have_a)"
	done
fi
(unset MAKEFLAGS MFLAGS MAKELEVEL; make -j2 boardbench) >"$TMP/make.log" 2>&1
st=$?
ok $st "the static link succeeds"
[ $st -eq 0 ] || grep -m3 'cannot find\|error' "$TMP/make.log" | sed 's/^/# /'
if command -v readelf >/dev/null 2>&1 && [ -f boardbench ]; then
	! readelf -l boardbench | grep -q 'program interpreter'
	ok $? "the binary is static (no program interpreter)"
else
	n=$((n + 1)); echo "ok $n # SKIP no readelf"
fi

if [ "$have_a" = no ]; then
	mkdir "$TMP/b2" && cd "$TMP/b2" || exit 99
	(unset MAKEFLAGS MFLAGS MAKELEVEL
	 "$TMP/src/bb/configure" --enable-static-binary --with-mpg123=yes) \
	    >"$TMP/conf2.out" 2>"$TMP/conf2.err"
	st=$?
	[ $st -ne 0 ] && grep -q "error: --enable-static-binary: mpg123 cannot be linked statically" "$TMP/conf2.err"
	ok $? "--with-mpg123=yes without libmpg123.a: configure stops (exit $st)"
	[ ! -f Makefile ]; ok $? "before writing a Makefile"
else
	for i in 1 2; do
		n=$((n + 1)); echo "ok $n # SKIP libmpg123.a is installed here ($have_a)"
	done
fi
done_testing
