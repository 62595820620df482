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
osc=$(printf '\302\235')		# U+009D, the C1 OSC
nel=$(printf '\302\205')		# U+0085, the C1 NEL

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
	grep -q "$esc\|$csi\|$osc\|$nel" "$1"
	ok $(( ! $? )) "$2: no raw ESC, CSI, OSC or NEL"
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

# ---- issue 25: a unit, an unknown status and parameters from outside ----
for k in 0 2; do
	sed '0,/"unit": "[^"]*"/s//"unit": "\\u001b[2J\\u001b[31mR\\u009d"/' \
	    "$data/cmp-O$k.json" > "u$k.json"
done
expect 0 "compare files with an ESC, CSI and C1 OSC in a unit" -- \
	bb compare u0.json u2.json
raw out "compare's unit"
grep -qF '\x1b[2J\x1b[31mR\xc2\x9d' out; ok $? "... shown escaped"
sed '0,/"status": "OK"/s//"status": "\\u001b[2J\\u001b]8;;http:\/\/evil.example\/\\u0007X\\u009b"/' \
    "$data/cmp-O0.json" > st.json
expect 2 "import of an unknown status" -- bb import --db st.db st.json
raw err "import's message"
grep -qF "unknown status '\\x1b[2J\\x1b]8;;http://evil.example/\\x07X\\xc2\\x9b'" err
ok $? "... names it escaped"
expect 2 "compare of an unknown status" -- bb compare st.json u2.json
raw err "compare's message"
expect 2 "report of an unknown status" -- bb report st.json -o st.html
raw err "report's message"
sed '0,/"params": "[^"]*"/s//"params": "n=1\\u0085\\u009b2J\\u009dX"/' \
    "$data/cmp-O0.json" > par.json
expect 0 "import parameters with C1 controls" -- bb import --db par.db par.json
expect 0 "show them" -- bb show --db par.db
raw out "show's parameter line"
grep -qF '== linpack parameters: n=1\xc2\x85\xc2\x9b2J\xc2\x9dX' out
ok $? "... shown escaped"

# ---- issue 25: no cell a spreadsheet would run as a formula -------------
cat > "$TMP/formula.sed" <<'EOF2'
s/"tag": "O0"/"tag": "=cmd|' \/c calc'!A1"/
s/"tag": "O2"/"tag": "@SUM(1)"/
s/"case": "add"/"case": "+1+1"/
s/"reason": ""/"reason": "-2+3"/
EOF2
sed -f "$TMP/formula.sed" "$data/cmp-O0.json" > f0.json
sed -f "$TMP/formula.sed" "$data/cmp-O2.json" > f2.json
expect 0 "import files with formulas in tags, case names, reasons" -- \
	bb import --db f.db f0.json f2.json
# formulas TSV-FILE: fields that start with = + - @ and are not numbers
formulas() {
	awk -F '\t' '{ for (i = 1; i <= NF; i++)
		if ($i ~ /^[=+@-]/ && $i !~ /^[-+]?[0-9.]+([eE][-+]?[0-9]+)?$/)
			print $i }' "$1"
}
for c in "show --db f.db --all --format tsv" "export --db f.db --format tsv" \
    "compare f0.json f2.json --format tsv"; do
	bb $c > out 2>err
	[ -z "$(formulas out)" ] && grep -q "	'=cmd|' /c calc'!A1	" out &&
	    grep -q "	'+1+1	" out
	ok $? "$c: no formula, each one quoted: $(formulas out | head -3 | tr '\n' ' ')"
done
for c in "show --db f.db --all --format csv" "export --db f.db --format csv" \
    "compare f0.json f2.json --format csv"; do
	bb $c > out 2>err
	! grep -q ',[=+@]\|,-[^0-9]' out && grep -qF ",\"'=cmd|' /c calc'!A1\"," out &&
	    grep -qF ",\"'+1+1\"," out
	ok $? "$c: no formula, each one quoted"
done
grep -qF ",\"'@SUM(1)\"," out; ok $? "compare's column names too"
bb show --db f.db --all --format csv | grep -q ',-2+3\|"-2+3"'
[ $? -ne 0 ]; ok $? "and a reason"
bb show --db f.db --all --format tsv > out
v=$(col out value)
awk -F '\t' -v v="$v" 'NR > 1 && $v != "" && $v !~ /^[0-9.e+-]+$/ { bad = 1 }
    END { exit bad }' out
ok $? "numbers stay numbers"

done_testing
