#!/bin/sh
# Hostile text in files from someone else: tags, case names and reasons
# with backticks, $(...), quotes, @macros, newlines, system("..."), ESC
# sequences and C1 controls.  compare --plot runs nothing of it (no file
# is created by it) and still draws the text as labels; show, show --list
# and compare print control characters as visible escapes, never raw.
. "${top_srcdir:-.}/tests/cli/lib.sh"

data="$top_srcdir/tests/data"
esc=$(printf '\033')
csi=$(printf '\302\233')		# U+009B, the C1 CSI, in UTF-8

# The payload, JSON-escaped: every gnuplot and shell trap at once.
cat > "$TMP/hostile.sed" <<'EOF2'
s/"tag": "O0"/"tag": "O0`touch P1`$(touch P2)\\"'@m\\nsystem(\\"touch P3\\")\\u001b[31m\\u0007\\u009b2J"/
s/"tag": "O2"/"tag": "O2@mac`touch P4`\\u001b[2J"/
s/"case": "add"/"case": "add`touch P5`\\nline2\\u001b[1m"/
/"case": "ok"/,/"reason"/{
s/"status": "OK"/"status": "FAILED"/
s/"reason": ""/"reason": "why\\u001b[2Jcleared\\nsecond line"/
}
EOF2
sed -f "$TMP/hostile.sed" "$data/cmp-O0.json" > "$TMP/h0.json"
sed -f "$TMP/hostile.sed" "$data/cmp-O2.json" > "$TMP/h2.json"
grep -q 'touch P1' "$TMP/h0.json" && grep -q 'touch P5' "$TMP/h2.json" &&
	grep -q 'cleared' "$TMP/h0.json"
ok $? "the hostile files are made"

cd "$TMP" || exit 99

# ---- compare --plot: nothing is run -----------------------------------
if command -v gnuplot >/dev/null 2>&1; then
	expect 0 "compare --plot with hostile tags and case names" -- \
		bb compare h0.json h2.json --plot h.svg
	test -s h.svg; ok $? "the chart is drawn"
	ls P? >/dev/null 2>&1; ok $(( ! $? )) "no file was created by gnuplot: $(ls P? 2>/dev/null | tr '\n' ' ')"
	grep -q 'O2@mac`touch P4`' h.svg; ok $? "a tag is a label, as it is written"
	cat h.svg h-2.svg | grep -q 'add`touch P5` line2'; ok $? "a case name too (its newline a space; its group's chart)"
	grep -qF "ratio to O0\`touch P1\`\$(touch P2)\"'@m system(\"touch P3\")" h.svg
	ok $? "the title keeps the baseline's tag, quotes and all"
else
	for i in 1 2 3 4 5 6; do
		echo "ok $((n = n + 1)) # SKIP gnuplot not installed"
	done
fi

# ---- text output: escapes, not control characters ----------------------
# raw TEXT-FILE DESCRIPTION: no ESC and no C1 CSI byte in the file
raw() {
	grep -q "$esc\|$csi" "$1"; ok $(( ! $? )) "$2: no raw ESC or CSI"
}
expect 0 "compare the hostile files" -- bb compare h0.json h2.json
raw out "compare"
# the header wraps to the width: join its continuation lines first
awk '/^   / { sub(/^   /, " "); printf "%s", $0; next } { printf "\n%s", $0 }' \
	out > out.joined
grep -qF '== A O0`touch P1`$(touch P2)"'"'"'@m\nsystem("touch P3")\x1b[31m\x07\xc2\x9b2J: file h0.json' out.joined
ok $? "compare shows the tag with its newline, BEL, ESC and CSI escaped"
grep -q '^null  *add`touch P5`\\nline2\\x1b\[1m ' out
ok $? "and the case name on one line"

expect 0 "import them" -- bb import --db h.db h0.json h2.json
expect 0 "show the run (a FAILED row)" -- bb show --db h.db 1
raw out "show"
grep -q '^null  *ok  *FAILED  *why\\x1b\[2Jcleared\\nsecond line$' out
ok $? "show prints the reason escaped, on one line"
grep -q 'add`touch P5`\\nline2\\x1b\[1m' out; ok $? "and the case name"
# the header wraps to the width: join its continuation lines first
awk '/^   / { sub(/^   /, " "); printf "%s", $0; next } { printf "\n%s", $0 }' \
	out > out.joined
grep -q '^== build: .*O0`touch P1`.*\\x1b\[31m\\x07' out.joined
ok $? "and the tag in the header"
expect 0 "show --list" -- bb show --db h.db --list
raw out "show --list"
test "$(wc -l < out)" -eq 3; ok $? "one line per run, and the header"
expect 0 "show --format json" -- bb show --db h.db 1 --format json
grep -q 'why\\u001[bB]\[2Jcleared\\nsecond line' out; ok $? "JSON keeps its own escapes"
done_testing
