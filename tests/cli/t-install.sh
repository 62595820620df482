#!/bin/sh
# make install and make uninstall of this build under a prefix of its own
# and a DESTDIR: the binary, the man page, bash completion, the example
# sweep matrix and the documents, where a distribution expects them; the
# installed manual renders without a warning (moved here from t-readme.sh,
# which is in the slow tier).
. "${top_srcdir:-.}/tests/cli/lib.sh"

d="$TMP/dest"
p=/opt/bb-test
# mk TARGET: make TARGET in this build, installing under DESTDIR/p
mk() {
	(unset MAKEFLAGS MFLAGS MAKELEVEL
	 make -C "$top_builddir" "$1" prefix="$p" DESTDIR="$d") \
	    >"$TMP/make.log" 2>&1
}

mk install; st=$?
ok $st "make install prefix=$p DESTDIR=..."
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/make.log" | tail -20
for f in bin/boardbench share/man/man1/boardbench.1 \
    share/bash-completion/completions/boardbench \
    share/doc/boardbench/README.md share/doc/boardbench/DESIGN.md \
    share/doc/boardbench/guide.md \
    share/doc/boardbench/examples/pi-matrix \
    share/doc/boardbench/examples/inventory.example; do
	[ -f "$d$p/$f" ]; ok $? "installed: $f"
done
[ -x "$d$p/bin/boardbench" ]; ok $? "the binary is executable"
$TEST_RUNNER "$d$p/bin/boardbench" --version >"$TMP/out" 2>&1
ok $? "the installed binary runs"
find "$d" -path "$d$p" -prune -o -type f -print > "$TMP/outside"
[ ! -s "$TMP/outside" ]; ok $? "nothing outside DESTDIR/PREFIX"
# the manual renders without a warning (a line that starts with '.' is a
# request to troff, and its text is lost)
if command -v groff >/dev/null 2>&1; then
	groff -man -ww -z "$d$p/share/man/man1/boardbench.1" 2>"$TMP/groff.err"
	[ ! -s "$TMP/groff.err" ]
	ok $? "the installed manual renders without warnings$(head -c 200 \
	    "$TMP/groff.err" | tr '\n' ' ' | sed 's/^./: &/')"
else
	n=$((n + 1)); echo "ok $n # SKIP no groff to render the manual"
fi
mk uninstall; ok $? "make uninstall"
find "$d" -type f > "$TMP/left"
[ ! -s "$TMP/left" ]; ok $? "uninstall leaves no file behind"
done_testing
