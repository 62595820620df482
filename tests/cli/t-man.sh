#!/bin/sh
# man: the man page's BENCHMARKS entries are what the benchmarks'
# descriptors give (scripts/gen-man-benchmarks --check): an edited
# parameter's help, a benchmark with no entry or an entry of none fails;
# list --man escapes roff and the page renders without a troff warning.
. "${top_srcdir:-.}/tests/cli/lib.sh"

gen="$top_srcdir/scripts/gen-man-benchmarks"
page="$top_srcdir/man/boardbench.1"
# the binary as the script runs it (under TEST_RUNNER when cross-built)
printf '#!/bin/sh\nexec %s "%s" "$@"\n' "${TEST_RUNNER:-}" "$BOARDBENCH" > "$TMP/bb"
chmod +x "$TMP/bb"

sh "$gen" --check "$TMP/bb" "$page" > "$TMP/out" 2> "$TMP/err"
st=$?
ok $st "man/boardbench.1's BENCHMARKS entries are the descriptors' ($st)"
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/err" | head -20
for b in $(bb list | awk 'NR > 1 && /^[a-z]/ { print $1 }'); do
	grep -q "^\.\\\\\" {{ boardbench list --man $b: " "$page" || echo "$b" >> "$TMP/missing"
done
[ ! -s "$TMP/missing" ]; ok $? "every benchmark has its generated entry: $(cat "$TMP/missing" 2>/dev/null)"

# a parameter's help edited by hand in the page: out of date
sed '0,/^order of the system/s//order of the matrix/' "$page" > "$TMP/edited.1"
sh "$gen" --check "$TMP/bb" "$TMP/edited.1" > /dev/null 2> "$TMP/err"
[ $? -eq 1 ] && grep -q 'differs from the descriptors' "$TMP/err" &&
	grep -q '^-order of the matrix' "$TMP/err"
ok $? "a hand-edited parameter help: --check fails and shows it"
# and the script puts it back
cp "$TMP/edited.1" "$TMP/fixed.1"
sh "$gen" "$TMP/bb" "$TMP/fixed.1" && cmp -s "$TMP/fixed.1" "$page"
ok $? "without --check the entry is regenerated"
# a benchmark's entry gone, and an entry of no benchmark
awk '/^\.\\" \{\{ boardbench list --man fft:/ { skip = 1 } skip && /^\.\\" }}$/ { skip = 0; next } !skip' \
	"$page" > "$TMP/nofft.1"
sh "$gen" --check "$TMP/bb" "$TMP/nofft.1" > /dev/null 2> "$TMP/err"
[ $? -eq 1 ] && grep -q 'fft has no entry under BENCHMARKS' "$TMP/err"
ok $? "a benchmark without an entry fails"
sed 's/^\(\.\\" {{ boardbench list --man \)fft:/\1nosuch:/' "$page" > "$TMP/nosuch.1"
sh "$gen" --check "$TMP/bb" "$TMP/nosuch.1" > /dev/null 2> "$TMP/err"
[ $? -eq 1 ] && grep -q 'no benchmark nosuch' "$TMP/err"
ok $? "an entry of no benchmark fails"

# roff: minus signs escaped, breaks allowed after '|' and ','
bb list --man linpack > "$TMP/lp"
grep -q '^floating\\-point precisions to measure;$' "$TMP/lp" &&
	grep -q '^\.BR linpack\.precision " (list, default double,\\:single; double|\\:single):"$' "$TMP/lp"
ok $? "list --man: roff escapes and break points"
expect 2 "list --man of no benchmark" -- bb list --man nosuch

if command -v groff >/dev/null 2>&1; then
	groff -man -Tutf8 -ww "$page" > /dev/null 2> "$TMP/warn"
	[ ! -s "$TMP/warn" ]; ok $? "the page renders without a troff warning"
	sed 's/^/# /' "$TMP/warn" | head -5
else
	echo "ok $((n = n + 1)) # SKIP groff not installed"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
