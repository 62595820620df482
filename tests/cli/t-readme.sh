#!/bin/sh
# The README's Quick start on a clean copy of the source (scripts/quickstart
# builds out of tree in build/), then its recipe for a second build flag
# set from the Building section, which must configure beside it.
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/lib-src.sh"

# the quick start must not install anything here
quickstart_ready

clean_src "$TMP/boardbench"
st=$?
ok $st "a clean source tree (make distdir)"
[ $st -eq 0 ] || { sed 's/^/# /' "$TMP/distdir.log" | tail -20; done_testing; }
src="$TMP/boardbench"

# the Quick start (its run cut to one benchmark, not stored)
(cd "$src" && unset MAKEFLAGS MFLAGS MAKELEVEL && ./scripts/quickstart null --no-save) \
	>"$TMP/qs.out" 2>"$TMP/qs.err"
st=$?
ok $st "scripts/quickstart builds and runs"
[ $st -eq 0 ] || tail -20 "$TMP/qs.err" | sed 's/^/# /'
[ -x "$src/build/boardbench" ] && [ ! -e "$src/config.status" ] && [ ! -e "$src/boardbench" ]
ok $? "out of tree: build/boardbench, the source tree left unconfigured"
grep -q '^null ' "$TMP/qs.out"; ok $? "the run's table is printed"

# the README's recipe for another build flag set, as written (the ARM
# -mcpu dropped where the compiler is not ARM's; configure only)
recipe=$(sed -n 's/^  `\(mkdir -p o3 && cd o3 && ..\/configure [^`]*\)`\.$/\1/p' "$top_srcdir/README.md")
[ -n "$recipe" ]; ok $? "the README has the recipe: $recipe"
case $(uname -m) in
arm*|aarch64) ;;
*) recipe=$(printf '%s' "$recipe" | sed 's/ -mcpu=[^" ]*//') ;;
esac
recipe=${recipe% && make}
(cd "$src" && unset MAKEFLAGS MFLAGS MAKELEVEL && sh -c "$recipe") >"$TMP/r.out" 2>"$TMP/r.err"
st=$?
ok $st "after the Quick start the recipe configures (${recipe})"
[ $st -eq 0 ] || tail -5 "$TMP/r.err" | sed 's/^/# /'
[ -f "$src/o3/Makefile" ] && grep -q -- "-O3" "$src/o3/config.log"
ok $? "in o3/, with its own flags"
! grep -q "already configured" "$TMP/r.err"; ok $? "no 'source directory already configured'"

done_testing
