#!/bin/sh
# compare: golden output on fixture runs (exported by boardbench itself),
# ratios, direction and noise marks; --baseline; --fail-on-regression
# exits 3; bad input exits 2 with one line; --plot through gnuplot.
. "${top_srcdir:-.}/tests/cli/lib.sh"

data="$top_srcdir/tests/data"
db="$TMP/c.db"
# the text view fits 80 columns when COLUMNS is unset and stdout is a file
unset COLUMNS

# lines continued by the wrap (indented) joined to the "==" or "-" line
# they continue, for the greps below
unwrap() {
	awk '/^ / && joining { sub(/^ +/, " "); line = line $0; next }
		{ if (NR > 1) print line; line = $0; joining = /^(==|- )/ }
		END { if (NR > 0) print line }' "$1"
}

# no line of FILE wider than W (default 80)
fits() { # FILE [W]
	awk -v w="${2:-80}" 'length($0) > w { print "# " length($0) ": " $0; bad = 1 }
		END { exit bad }' "$1"
}

# golden: diff against the .exp file, the difference as TAP comments
golden() { # EXP OUT DESCRIPTION
	diff -u "$1" "$2" > "$TMP/diff"
	st=$?
	ok $st "$3"
	[ $st -eq 0 ] || sed 's/^/# /' "$TMP/diff" | head -40
}

expect 0 "import the fixture runs" -- bb import --db "$db" \
	"$data/cmp-O0.json" "$data/cmp-O2.json" "$data/cmp-O2b.json" \
	"$data/cmp-null.json" "$data/cmp-lp50.json"

# show: a run with flagged rows says in one line what to do; the jitter
# at start is said as such, above 20 % only as "machine busy at start"
expect 0 "show a run with noisy rows" -- bb show --db "$db" O2
unwrap "$TMP/out" > "$TMP/u"
grep -q '^== what to do: a figure to quote wants a quiet machine (--wait-idle, --cool-down); to compare builds under load, pair them (--against)$' "$TMP/u"
ok $? "a flagged run: one line of what to do"
for p in 183.0 4.5; do
	sed -e "0,/\"system\": {/s//\"system\": {\"noise_floor\": {\"pct\": $p, \"cpus\": []}, /" \
		-e 's/"uuid": "d/"uuid": "e/' "$data/cmp-O2.json" > "$TMP/j.json"
	rm -f "$TMP/j.db"
	bb import --db "$TMP/j.db" "$TMP/j.json" > /dev/null 2>&1
	bb show --db "$TMP/j.db" last > "$TMP/j$p"
done
grep -q '^== machine busy at start: ' "$TMP/j183.0" && ! grep -q '183' "$TMP/j183.0" &&
	grep -q '^== jitter at start: +-4\.5 %' "$TMP/j4.5"
ok $? "jitter at start: +-4.5 %; 183 % only as 'machine busy at start'"

# by tag, from the store
expect 0 "compare three tags" -- bb compare --db "$db" O0 O2 O2b
golden "$data/cmp-tags.exp" "$TMP/out" "text output matches cmp-tags.exp"
# the ratios of both -O2 runs to -O0, and their intervals' lower ends
bb compare --db "$db" --format tsv O0 O2 O2b > "$TMP/tsv"
awk -F'\t' '$1 == "linpack" && $7 != "A" && $14 > 1.5 && $15 == "" &&
	$20 == "not-comparable" { n++ } END { exit n != 8 }' "$TMP/tsv"
ok $? "-O2 ahead of -O0 in every linpack case; one run a side: no interval, no verdict"
fits "$TMP/out"; ok $? "three columns: no line over 80 columns"
unwrap "$TMP/out" > "$TMP/u"
grep -q '^== A O0: run 1 |.*(baseline)$' "$TMP/u"; ok $? "the first is the baseline"
grep -q '^  cflags  *-O0  *-O2  *-O2$' "$TMP/out"; ok $? "build differences listed above the table"
# three flag sets: one line per case, a compact cell per column (issue 42)
grep -q '^  double-rolled  *543\.0 MFLOPS N  *4\.343 n/c N  *6\.860 n/c$' "$TMP/out" &&
	[ "$(grep -c '^  [a-z-]*  .*MFLOPS.* n/c.* n/c' "$TMP/out")" -eq 4 ]
ok $? "three flag sets: each case on one line with three compact cells"
expect 0 "--intervals" -- bb compare --db "$db" --intervals O0 O2 O2b
sed -n '/^95 % intervals of the ratios above:$/,/^$/p' "$TMP/out" > "$TMP/iv"
grep -q '^BENCH CASE  *B O2  *C O2b$' "$TMP/iv" &&
	[ "$(grep -c '^  [a-z-]*  *none n/c  *none n/c$' "$TMP/iv")" -eq 6 ]
ok $? "--intervals: a second table, the intervals of B and C (none: 1 run/side)"
fits "$TMP/out"; ok $? "--intervals: no line over 80 columns"
# per-MHz rows SKIPPED for want of a clock fold into one line, as in run;
# a case in code placements gets its placements' range under it
row='{"id": 90, "seq": 90, "bench": "linpack", "group": "cpu", "case": "double-rolled/mflops-per-mhz", "params": "n=100,precision=double,single,unroll=rolled,unrolled", "unit": "flop/s/MHz", "better": 1, "status": "SKIPPED", "reason": "the CPU clock is unknown", "median": null, "mean": null, "stddev": null, "cv": null, "min": null, "max": null, "n": 0, "iters": 0, "cycles": null, "instructions": null, "flags": ["noclock"], "copies": 1, "copy": 0, "seconds": 0, "extra": {}}'
for f in O0 O2 O2b; do
	sed -e "s|\"results\": \[|\"results\": [$row, |" \
		-e 's/"uuid": "\(.\)/"uuid": "f\1/' "$data/cmp-$f.json" > "$TMP/nc-$f.json"
done
sed -i '0,/"phase:dgefa": /s//"variant:0": 5.0e8, "variant:1": 5.4e8, "variant:slowest": 5.0e8, "variant:fastest": 5.4e8, "phase:dgefa": /' "$TMP/nc-O0.json"
expect 0 "compare runs with a per-MHz row SKIPPED" -- bb compare "$TMP/nc-O0.json" "$TMP/nc-O2.json" "$TMP/nc-O2b.json"
grep -q '^== 1 row per MHz or per cycle SKIPPED in every column (--verbose lists them):' "$TMP/out" &&
	! grep -q 'mflops-per-mhz\|SKIPPED  *SKIPPED' "$TMP/out"
ok $? "per-MHz rows SKIPPED everywhere: one line, not a row each"
grep -A1 '^  double-rolled  ' "$TMP/out" | grep -q '^    placements: A 500\.0-540\.0 MFLOPS$'
ok $? "a case in code placements: their range under it"
expect 0 "--verbose lists them" -- bb compare -v "$TMP/nc-O0.json" "$TMP/nc-O2.json" "$TMP/nc-O2b.json"
grep -q '^  double-rolled/mflops-per-mhz  *SKIPPED  *SKIPPED  *SKIPPED$' "$TMP/out"
ok $? "--verbose: the SKIPPED per-MHz row in the table"

expect 0 "two runs of one build" -- bb compare --db "$db" O2 O2b
grep -q '^linpack  *single-unrolled  .* 1\.036 n/c 1 run/side\( [A-Z]*\)\{0,1\}$' "$TMP/out"
ok $? "one run a side: the ratio, no interval, no verdict (n/c 1 run/side)"
unwrap "$TMP/out" > "$TMP/u"
! grep -q 'drift up to\|noise floor' "$TMP/u"
ok $? "no drift figure widens an unpaired single-run comparison"
grep -q '^== 6 cases with no verdict (n/c: .*one run a side.*): pair the builds (run --against) for a verdict under load, or pool runs (--pool)$' "$TMP/u" &&
	! grep -q 'cases compared' "$TMP/u"
ok $? "how many cells have no verdict, why, and what to do"

# runs of different profiles: said plainly above the table (issue 27)
sed 's/"profile": "quick"/"profile": "standard"/' "$data/cmp-O2.json" \
	> "$TMP/std.json"
expect 0 "a quick run against a standard one" -- bb compare \
	"$data/cmp-O0.json" "$TMP/std.json"
unwrap "$TMP/out" > "$TMP/u"
grep -q '^== warning: the runs were measured with different profiles (A quick, B standard): .*compare runs of one profile$' "$TMP/u"
ok $? "the profiles differ: a warning naming each"
expect 0 "two runs of one profile" -- bb compare "$data/cmp-O0.json" \
	"$data/cmp-O2.json"
! grep -q 'different profiles' "$TMP/out"; ok $? "one profile: no warning"

# the same runs as files, CSV
expect 0 "compare three files, csv" -- bb compare --format csv \
	"$data/cmp-O2.json" "$data/cmp-O2b.json" "$data/cmp-O0.json"
golden "$data/cmp-files.csv.exp" "$TMP/out" "csv output matches cmp-files.csv.exp"
csv_counts "$TMP/out" | sort -u > "$TMP/counts"
[ "$(cat "$TMP/counts")" = 21 ]; ok $? "every csv line has 21 fields"
expect 0 "tsv" -- bb compare --format tsv "$data/cmp-O0.json" "$data/cmp-O2.json"
[ "$(csv_counts "$TMP/out" "	" | sort -u)" = 21 ]; ok $? "every tsv line has 21 fields"
head -1 "$TMP/out" | grep -q '	speedup	ci_low	ci_high	unit_of_test	units	p_value	'
ok $? "tsv: the interval's columns"
[ "$(wc -l < "$TMP/out")" -eq 13 ]; ok $? "tsv: a header and one line per case and column"

expect 0 "json" -- bb compare --format json --db "$db" O0 O2
grep -q '"kind": "compare"' "$TMP/out" && grep -q '"regressions": 0' "$TMP/out"
ok $? "json: a compare document without regressions"
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (len(d["columns"]) == 2 and len(d["cases"]) == 6 and d["cases"][0]["cells"][1]["speedup"] > 1))' "$TMP/out"
	ok $? "json parses: 2 columns, 6 cases, O2 ahead"
else
	echo "ok $((n = n + 1)) # SKIP python3 not installed"
fi

# --baseline
expect 0 "--baseline names one of the inputs" -- bb compare --db "$db" --baseline O2 O0 O2
unwrap "$TMP/out" > "$TMP/u"
grep -q '^== B O2: .*(baseline)$' "$TMP/u" && grep -q 'ratios to B' "$TMP/u"
ok $? "the baseline is column B"
awk '$1 == "linpack" && $3 + 0 > 0.1 && $3 + 0 < 0.5 { n++ } END { exit n != 4 }' "$TMP/out"
ok $? "ratios turn over: -O0 below 1 against -O2"
expect 0 "--baseline not among the inputs is added first" -- bb compare --db "$db" --baseline O0 O2 O2b
unwrap "$TMP/out" > "$TMP/u"
grep -q '^== A O0: .*(baseline)$' "$TMP/u"; ok $? "and is the baseline"

# regressions
expect 3 "-O0 against -O2 with --fail-on-regression 10: exit 3" -- \
	bb compare --db "$db" --baseline O2 O0 --fail-on-regression 10
grep -q 'regression' "$TMP/err" && [ "$(wc -l < "$TMP/err")" -eq 1 ]
ok $? "one line on stderr: $(cat "$TMP/err")"
grep -q '^linpack .* ! n/c 1 run/side\( [A-Z]*\)\{0,1\}$' "$TMP/out"; ok $? "regressions are marked ! (one run a side: by the ratio itself)"
expect 0 "the same with --fail-on-regression 90: none that large" -- \
	bb compare --db "$db" --baseline O2 O0 --fail-on-regression 90
expect 0 "-O2 against -O0 with --fail-on-regression 5: no regression" -- \
	bb compare --db "$db" O0 O2 --fail-on-regression 5

# the gate: a case counts once, derived rows <case>/<name> follow it;
# missing or SKIPPED where the baseline is OK counts unless --allow-missing
gb="$data/cmp-gate-base.json" gn="$data/cmp-gate-new.json"
expect 3 "--fail-on-regression 5% (a percent sign) is accepted" -- \
	bb compare --fail-on-regression 5% "$gb" "$gn"
grep -q '^boardbench: 6 regressions against' "$TMP/err"
ok $? "slower once (not 3 times with its 2 derived rows) + 4 missing + 1 SKIPPED = 6: $(cat "$TMP/err")"
grep -q '^null  *add/per-x .* ! n/c 1 run/side\( [A-Z]*\)\{0,1\}$' "$TMP/out"; ok $? "a derived row carries its case's mark"
unwrap "$TMP/out" > "$TMP/u"
grep -q '^- missing in B .*linpack double-rolled.*null ok$' "$TMP/u"
ok $? "the missing and SKIPPED cases are listed"
expect 3 "--allow-missing: the slower case alone is still a regression" -- \
	bb compare --fail-on-regression 5 --allow-missing "$gb" "$gn"
grep -q '^boardbench: 1 regression against' "$TMP/err"; ok $? "one: $(cat "$TMP/err")"
expect 3 "a benchmark missing from the new build: exit 3" -- \
	bb compare --fail-on-regression 1000 "$data/cmp-O2.json" "$data/cmp-null.json"
expect 0 "and exit 0 with --allow-missing" -- \
	bb compare --fail-on-regression 1000 --allow-missing "$data/cmp-O2.json" "$data/cmp-null.json"
unwrap "$TMP/out" > "$TMP/u"
grep -q '^- missing in B (OK in the baseline; absent, SKIPPED or INTERRUPTED): linpack double-rolled' "$TMP/u"
ok $? "but still reported"
expect 2 "a bare percent sign is refused" -- bb compare --fail-on-regression % "$gb" "$gn"

# --pool takes complete runs only and names the ones left out
sed -e 's/"tag": "O2b"/"tag": "O2"/' -e 's/"status": "complete"/"status": "interrupted"/' \
	"$data/cmp-O2b.json" > "$TMP/intr.json"
expect 0 "an interrupted run of O2" -- bb import --db "$TMP/p.db" \
	"$data/cmp-O0.json" "$data/cmp-O2.json" "$TMP/intr.json"
expect 0 "--pool with a complete and an interrupted run" -- bb compare --db "$TMP/p.db" --pool O0 O2
grep -q '^== B O2: run 2 |' "$TMP/out" &&
	grep -q '^== B O2: pooled complete runs only; left out run 3 (interrupted)$' "$TMP/out"
ok $? "only the complete run is pooled, the other is named"

# 80 columns with long crypto names, 2 and 4 columns; the build
# differences: the fields that matter first, in full, wrapped; a few
# others shortened; the rest with --verbose.  cmp-crypto.json: four
# made-up builds on one Pi 4 (written by a script, imported and exported
# by boardbench), a long sanitizer CFLAGS, a SKIPPED case with a long reason
k="$TMP/k.db"
expect 0 "import four builds with crypto rows" -- bb import --db "$k" "$data/cmp-crypto.json"
expect 0 "compare four builds" -- bb compare --db "$k" gcc-O2 clang-asan armhf-O3-a72 armel-O2-soft
golden "$data/cmp-crypto.exp" "$TMP/out" "text output matches cmp-crypto.exp"
fits "$TMP/out"; ok $? "four columns: no line over 80 columns"
grep -A1 '^hash$' "$TMP/out" |
	grep -q '^  sha256/openssl/8192  *449\.4 MB/s  *0\.522 n/c N  '
ok $? "under its benchmark a case on one line: MB/s, the compact ratio (one run a side), N for noisy"
grep -q '^== flags: N noisy$' "$TMP/out"; ok $? "the flag letters spelt out under the table"
grep -q '^  chacha20-poly1305/openssl/decrypt/16384$' "$TMP/out"
ok $? "a name longer than the case column on a line of its own"
sed -n '/^build differences/,/^system differences/p' "$TMP/out" |
	sed -n 's/^  \([a-z_.][a-z_.]*\) .*/\1/p' | tr '\n' ' ' > "$TMP/keys"
[ "$(cat "$TMP/keys")" = "cc_version cflags float_abi fpu neon arch configure_args host cc " ]
ok $? "the fields that matter first, then three others: $(cat "$TMP/keys")"
grep -q '^  (9 more differences: --verbose)$' "$TMP/out"; ok $? "the rest counted"
grep -q '^ *B  -O1 -g -fsanitize=address,undefined$' "$TMP/out" &&
	grep -q '^ \{22\}-fsanitize-address-use-after-scope$' "$TMP/out"
ok $? "a long CFLAGS wrapped under its value, not cut"
grep -q "^ *B  '--host=aarch64-unknown-linux-gnu' 'CC=clang' 'CFLAGS=-...\$" "$TMP/out"
ok $? "another long value shortened with an ellipsis"
expect 0 "--verbose" -- bb compare --db "$k" --verbose gcc-O2 clang-asan armhf-O3-a72 armel-O2-soft
fits "$TMP/out"; ok $? "--verbose: no line over 80 columns"
! grep -q 'more difference' "$TMP/out" && grep -q '^  macros.__SOFTFP__ ' "$TMP/out" &&
	grep -q '^  tool_version  ' "$TMP/out"
ok $? "--verbose: every differing field, no count line"
grep -q "^ *B  '--host=aarch64-unknown-linux-gnu' 'CC=clang'$" "$TMP/out" &&
	grep -q "^ \{29\}-fsanitize-address-use-after-scope'$" "$TMP/out"
ok $? "--verbose: a long value in full, wrapped"
expect 0 "-v is --verbose" -- bb compare --db "$k" -v gcc-O2 clang-asan
grep -q '^  tool_version ' "$TMP/out"; ok $? "-v: every field"
expect 0 "compare two builds" -- bb compare --db "$k" gcc-O2 clang-asan
fits "$TMP/out"; ok $? "two columns: no line over 80 columns"
grep -q '^cipher  aes-128-cbc/openssl/encrypt/16384   1103\.1 MB/s   0\.323 n/c' "$TMP/out" &&
	grep -A1 '^cipher chacha20-poly1305/openssl/decrypt/16384$' "$TMP/out" |
	grep -q '^  *805\.3 MB/s  *0\.285 n/c'
ok $? "two columns: a name beside its cells, a longer one on a line of its own"
expect 0 "four builds at COLUMNS=40" -- env COLUMNS=40 "$BOARDBENCH" compare --db "$k" gcc-O2 clang-asan armhf-O3-a72 armel-O2-soft
fits "$TMP/out" 40; ok $? "COLUMNS=40: no line over 40 columns"
[ "$(grep -c '^(block [1-3] of 3: columns A, [BCD])$' "$TMP/out")" -eq 3 ] &&
	[ "$(grep -c '^ *1103.1 MB/s  ' "$TMP/out")" -eq 3 ] &&
	! grep -q 'do not fit' "$TMP/out"
ok $? "COLUMNS=40: three blocks of columns, each with the baseline, never a column under another"
expect 0 "four builds at COLUMNS=160" -- env COLUMNS=160 "$BOARDBENCH" compare --db "$k" gcc-O2 clang-asan armhf-O3-a72 armel-O2-soft
grep -q '^cipher  chacha20-poly1305/openssl/decrypt/16384  .*0\.0[0-9]* n/c 1 run/side$' "$TMP/out" &&
	[ "$(awk 'length($0) > 80' "$TMP/out" | wc -l)" -gt 0 ]
ok $? "COLUMNS=160: a wider terminal is used"

# one machine line per column when the machines differ
sed 's/"board": "unknown"/"board": "Raspberry Pi 4 Model B Rev 1.4"/' \
	"$data/cmp-O0.json" > "$TMP/pi.json"
expect 0 "runs from two machines" -- bb compare "$TMP/pi.json" "$data/cmp-O2.json"
grep -q '^== machine A: Raspberry Pi 4 Model B Rev 1.4 | ' "$TMP/out" &&
	grep -q '^== machine B: unknown | ' "$TMP/out"
ok $? "the header names each column's machine"
sed 's/^/# /' "$TMP/out" | head -6

# report --pool pools as compare --pool does: a sweep's report gives the
# sweep's own numbers (issue 42); two runs of each tag
pdb="$TMP/pool.db"
sed 's/"uuid": "\(.\)/"uuid": "a\1/' "$data/cmp-O0.json" > "$TMP/O0b.json"
sed 's/"tag": "O2b"/"tag": "O2"/' "$data/cmp-O2b.json" > "$TMP/O2c.json"
expect 0 "import two runs of each tag" -- bb import --db "$pdb" \
	"$data/cmp-O0.json" "$TMP/O0b.json" "$data/cmp-O2.json" "$TMP/O2c.json"
bb compare --db "$pdb" --pool --format tsv O0 O2 |
	awk -F'\t' '$7 == "B" { printf "%.3f [%.3f, %.3f]\n", $14, $15, $16 }' > "$TMP/pool-cmp"
# the HTML cell: "5.458 <small>[0.299, 99.707]</small>"
html_ratios() {
	sed -n '/id="comparison"/,/<\/table>/p' "$1" |
		sed -n 's/.*<td class="n [a-z]*">\([0-9.]*\) <small>\(\[[0-9., ]*\]\)<\/small>.*/\1 \2/p'
}
expect 0 "report --pool of the two tags" -- bb report --db "$pdb" --pool -o "$TMP/pool.html" O0 O2
html_ratios "$TMP/pool.html" > "$TMP/pool-rep"
[ "$(wc -l < "$TMP/pool-cmp")" -eq 6 ] && cmp -s "$TMP/pool-cmp" "$TMP/pool-rep"
ok $? "report --pool: the ratios and intervals of compare --pool, case by case"
diff "$TMP/pool-cmp" "$TMP/pool-rep" | sed 's/^/# /'
grep -q 'O2: runs 3,4 pooled' "$TMP/pool.html"; ok $? "the report names the runs it pooled"
expect 0 "report without --pool" -- bb report --db "$pdb" -o "$TMP/last.html" O0 O2
! grep -q 'runs [0-9,]* pooled' "$TMP/last.html" && [ "$(html_ratios "$TMP/last.html" | wc -l)" -eq 0 ]
ok $? "without --pool: the latest run of each tag, no interval"

# bad input
expect 2 "unknown tag" -- bb compare --db "$db" O0 nosuchtag
expect 2 "unknown run id" -- bb compare --db "$db" 1 99
expect 2 "no case in common" -- bb compare "$data/cmp-null.json" "$data/cmp-lp50.json"
grep -q "no case in common" "$TMP/err"; ok $? "says so"
echo '{"schema": 1, "rows": []}' > "$TMP/other.json"
expect 2 "a JSON file that is not a boardbench export" -- bb compare "$data/cmp-O0.json" "$TMP/other.json"
echo 'hello' > "$TMP/notjson.json"
expect 2 "a file that is not JSON" -- bb compare "$data/cmp-O0.json" "$TMP/notjson.json"
expect 2 "a missing file" -- bb compare "$data/cmp-O0.json" "$TMP/missing.json"
expect 2 "only one input" -- bb compare --db "$db" O0
expect 2 "one file of one run" -- bb compare "$data/cmp-O0.json"
grep -q "only one run" "$TMP/err"; ok $? "says the file holds only one run"
expect 0 "export two runs into one file" -- bb export --db "$db" O0 O2
cp "$TMP/out" "$TMP/two.json"
expect 0 "one file of two runs is enough" -- bb compare "$TMP/two.json"
grep -q '^== A O0: ' "$TMP/out" && grep -q '^== B O2: ' "$TMP/out"
ok $? "each run of the file is a column"
expect 2 "bad --fail-on-regression" -- bb compare --db "$db" O0 O2 --fail-on-regression lots
expect 2 "bad --alpha" -- bb compare --db "$db" O0 O2 --alpha 1.5
expect 2 "bad --format" -- bb compare --db "$db" O0 O2 --format xml
expect 2 "missing store" -- bb compare --db "$TMP/none.db" O0 O2
[ ! -e "$TMP/none.db" ]; ok $? "compare does not create a store"

# --plot
if command -v gnuplot >/dev/null 2>&1; then
	expect 0 "--plot draws an SVG" -- bb compare --db "$db" O0 O2 O2b --plot "$TMP/c.svg"
	grep -q '<svg' "$TMP/c.svg" && grep -q 'linpack double-rolled' "$TMP/c.svg"
	ok $? "the SVG names the cases"
	ls "$TMP"/c.svg.tmp* >/dev/null 2>&1; ok $(( ! $? )) "no temporary file left"
	expect 0 "--plot x.png" -- bb compare --db "$db" O0 O2 --plot "$TMP/c.png"
	[ "$(head -c 4 "$TMP/c.png" | tail -c 3)" = PNG ]; ok $? "a .png file is a PNG"
	expect 0 "--plot x.PDF" -- bb compare --db "$db" O0 O2 --plot "$TMP/c.PDF"
	[ "$(head -c 5 "$TMP/c.PDF")" = %PDF- ]; ok $? "a .PDF file is a PDF"
else
	for i in 1 2 3 4 5 6 7; do echo "ok $((n = n + 1)) # SKIP gnuplot not installed"; done
fi
expect 2 "--plot with an unknown extension" -- bb compare --db "$db" O0 O2 --plot "$TMP/c.jpg"
[ ! -e "$TMP/c.jpg" ] && ! grep -q . "$TMP/out"; ok $? "refused before anything is printed or written"
BOARDBENCH_GNUPLOT="$TMP/no-gnuplot" expect 2 "--plot without gnuplot: exit 2" -- \
	bb compare --db "$db" O0 O2 --plot "$TMP/d.svg"
grep -q '^BENCH' "$TMP/out"; ok $? "the table is still printed"
[ ! -e "$TMP/d.svg" ] && ! ls "$TMP"/d.svg.tmp* >/dev/null 2>&1
ok $? "and no file is left"
# gnuplot's own messages stay its own: a warning of a chart drawn is not
# shown, a failure is one line naming what it said, exit 1 (not 2: no bad
# input); nothing is left (issue 25)
cat > "$TMP/warn-gnuplot" <<'EOF'
#!/bin/sh
cat >/dev/null
echo "warning: some gnuplot warning" >&2
echo "<svg/>"
EOF
printf '#!/bin/sh\ncat >/dev/null\necho "warning: first" >&2\necho "line 7: undefined thing" >&2\nexit 1\n' \
	> "$TMP/bad-gnuplot"
chmod +x "$TMP/warn-gnuplot" "$TMP/bad-gnuplot"
BOARDBENCH_GNUPLOT="$TMP/warn-gnuplot" expect 0 "--plot with a gnuplot that warns" -- \
	bb compare --db "$db" O0 O2 --plot "$TMP/w.svg"
! grep -q "some gnuplot warning" "$TMP/err" && [ -s "$TMP/w.svg" ]
ok $? "... its warning is not shown, the chart is written"
BOARDBENCH_GNUPLOT="$TMP/bad-gnuplot" expect 1 "--plot with a gnuplot that fails: exit 1" -- \
	bb compare --db "$db" O0 O2 --plot "$TMP/f.svg"
[ "$(wc -l < "$TMP/err")" -eq 1 ] &&
	grep -q "gnuplot failed to draw '.*f.svg': line 7: undefined thing$" "$TMP/err"
ok $? "... one line with what it said: $(head -c 120 "$TMP/err")"
[ ! -e "$TMP/f.svg" ] && ! ls "$TMP"/f.svg.tmp* >/dev/null 2>&1
ok $? "... and no file is left"
# the chart's legend names only the marks drawn (issue 42): O0 against
# O2 is one run a side, no cell within the noise, so no "~ hatched"
printf '#!/bin/sh\ncat > "%s/plot.gp"\necho "<svg/>"\n' "$TMP" > "$TMP/cap-gnuplot"
chmod +x "$TMP/cap-gnuplot"
BOARDBENCH_GNUPLOT="$TMP/cap-gnuplot" expect 0 "--plot: the script gnuplot reads" -- \
	bb compare --db "$db" O0 O2 --plot "$TMP/g.svg"
bb compare --db "$db" --format tsv O0 O2 > "$TMP/g.tsv"
noise=$(awk -F'\t' '$20 == "noise"' "$TMP/g.tsv" | wc -l)
[ "$noise" -eq 0 ] && grep -q "95 % interval" "$TMP/plot.gp" &&
	! grep -q "within the noise" "$TMP/plot.gp"
ok $? "... no cell within the noise ($noise): no '~ hatched' in its legend"
# SIGINT while gnuplot draws: no half-written chart, no temporary file
printf '#!/bin/sh\necho $$ > "%s/gp.pid"\nexec sleep 30\n' "$TMP" > "$TMP/slow-gnuplot"
chmod +x "$TMP/slow-gnuplot"
BOARDBENCH_GNUPLOT="$TMP/slow-gnuplot" $TEST_RUNNER "$BOARDBENCH" compare \
	--db "$db" O0 O2 --plot "$TMP/e.svg" >/dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 200 ] && ! ls "$TMP"/e.svg.tmp* >/dev/null 2>&1; do
	sleep 0.05
	i=$((i + 1))
done
ls "$TMP"/e.svg.tmp* >/dev/null 2>&1; ok $? "the chart goes to a temporary file first"
kill -INT $pid
wait $pid
st=$?
[ $st -eq 130 ]; ok $? "SIGINT ends compare (status $st)"
[ ! -e "$TMP/e.svg" ] && ! ls "$TMP"/e.svg.tmp* >/dev/null 2>&1
ok $? "and removes the temporary file"
sleep 0.2
gp=$(cat "$TMP/gp.pid" 2>/dev/null)
# gone, or a zombie that nobody has reaped yet
[ -n "$gp" ] && { ! kill -0 "$gp" 2>/dev/null ||
	[ "$(ps -o stat= -p "$gp" | cut -c1)" = Z ]; }
ok $? "and stops gnuplot"
# --plot pages, slots, noise and --log: the script gnuplot reads is kept
if command -v gnuplot >/dev/null 2>&1; then
	printf '#!/bin/sh\ntee -a "%s/gp.script" | gnuplot\n' "$TMP" > "$TMP/tee-gnuplot"
	chmod +x "$TMP/tee-gnuplot"
	: > "$TMP/gp.script"
	BOARDBENCH_GNUPLOT="$TMP/tee-gnuplot" expect 0 "--plot, a SKIPPED case" -- \
		bb compare "$gb" "$gn" --plot "$TMP/g.svg"
	grep -q '"null add"' "$TMP/gp.script" &&
		! grep -q '"null ok"\|"linpack' "$TMP/gp.script"
	ok $? "no slot for a SKIPPED or absent case"
	! grep -q 'logscale' "$TMP/gp.script"; ok $? "linear axis by default"
	# two runs a side, pooled (one run a side has no interval): X the
	# runs O2 and O2b, Y copies of the same two under other uuids, so
	# every ratio is 1 within an interval
	for t in X Y; do
		for f in O2 O2b; do
			sed -e "s/\"tag\": \"$f\"/\"tag\": \"$t\"/" \
				-e "s/\"uuid\": \"[0-9a-f]/\"uuid\": \"$( [ $t = X ] && echo 0 || echo 1)/" \
				"$data/cmp-$f.json" > "$TMP/$t$f.json"
		done
	done
	bb import --db "$TMP/xy.db" "$TMP"/XO2.json "$TMP"/XO2b.json \
		"$TMP"/YO2.json "$TMP"/YO2b.json > /dev/null 2>&1
	: > "$TMP/gp.script"
	BOARDBENCH_GNUPLOT="$TMP/tee-gnuplot" expect 0 "--plot --log" -- \
		bb compare --db "$TMP/xy.db" --pool X Y --plot "$TMP/l.svg" --log
	grep -q '^set logscale y' "$TMP/gp.script"; ok $? "--log: a log ratio axis"
	# pooled runs equal on both sides: linpack single-unrolled is within
	# its interval, in the hatched column, and the chart has the hatch
	# pattern; every ratio has its interval, drawn as an error bar
	grep -q '^[0-9]* "linpack single-unrolled" NaN 1 1 0\.[0-9]* 1\.[0-9]*$' "$TMP/gp.script" &&
		grep -q 'fs pattern' "$TMP/gp.script" && grep -q 'gpPat' "$TMP/l.svg"
	ok $? "a bar within the noise is hatched"
	grep -q 'using ([$]1[-+]0\.0000):5:6:7 with yerrorbars' "$TMP/gp.script"
	ok $? "the interval is an error bar"
	# the labels, turned by 30 degrees, are shown whole (issue 27: the
	# first one was cut on the left): "linpack double-rolled", 21
	# characters, reaches about 0.6 x 21 cells left of its bar
	lm=$(sed -n 's/^set lmargin \([0-9]*\)$/\1/p' "$TMP/gp.script" | head -1)
	bm=$(sed -n 's/^set bmargin \([0-9]*\)$/\1/p' "$TMP/gp.script" | head -1)
	[ -n "$lm" ] && [ "$lm" -ge 15 ] && [ -n "$bm" ] && [ "$bm" -ge 10 ]
	ok $? "the left and bottom margins hold the labels ($lm, $bm)"
	: > "$TMP/gp.script"
	BOARDBENCH_GNUPLOT="$TMP/tee-gnuplot" expect 0 "--plot of long names" -- \
		bb compare "$data/cmp-crypto.json" --plot "$TMP/k.svg"
	lm=$(sed -n 's/^set lmargin \([0-9]*\)$/\1/p' "$TMP/gp.script" | head -1)
	bm=$(sed -n 's/^set bmargin \([0-9]*\)$/\1/p' "$TMP/gp.script" | head -1)
	h=$(sed -n 's/^set terminal svg size [0-9]*,\([0-9]*\) .*/\1/p' "$TMP/gp.script" | head -1)
	[ -n "$lm" ] && [ "$lm" -ge 25 ] && [ -n "$bm" ] && [ "$bm" -ge 13 ] &&
		[ -n "$h" ] && [ "$h" -gt 520 ]
	ok $? "longer names: wider margins, a taller chart ($lm, $bm, $h)"
	many=
	for i in 1 2 3 4 5 6; do
		many="$many $data/cmp-O0.json $data/cmp-O2.json $data/cmp-O2b.json"
	done
	# shellcheck disable=SC2086
	expect 0 "--plot of 18 columns" -- bb compare $many --plot "$TMP/m.svg"
	[ -s "$TMP/m.svg" ] && [ -s "$TMP/m-2.svg" ] && [ -s "$TMP/m-3.svg" ] &&
		[ ! -e "$TMP/m-4.svg" ]
	ok $? "one chart per group or part of one: m.svg, m-2.svg, m-3.svg"
	grep -q 'm-3.svg' "$TMP/err"; ok $? "the chart files are named on stderr"
	w=$(sed -n 's/^ *width="\([0-9]*\)".*/\1/p' "$TMP/m.svg" "$TMP/m-2.svg" | sort -n | tail -1)
	[ -n "$w" ] && [ "$w" -le 1200 ]; ok $? "each chart at most 1200 wide ($w)"
	# shellcheck disable=SC2086
	expect 0 "--plot of 18 columns as a PDF" -- bb compare $many --plot "$TMP/m.pdf"
	grep -aq '/Count 3' "$TMP/m.pdf"; ok $? "the PDF has three pages"
else
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do echo "ok $((n = n + 1)) # SKIP gnuplot not installed"; done
fi

# which specs are files (runspec.c, compare's rule): also any existing
# non-directory and any name ending in .json, read as a file
mkfifo "$TMP/fifo" 2>/dev/null
cd "$TMP" || exit 99
expect 2 "a missing name.json is a file" -- bb compare --db "$db" nosuch.json 1
grep -q "cannot import 'nosuch.json'" "$TMP/err"; ok $? "and named as one"
if [ -p fifo ]; then
	expect 2 "a FIFO is a file" -- bb compare --db "$db" fifo 1
	grep -q "cannot import 'fifo': not a regular file" "$TMP/err"; ok $? "and named as one"
fi
cd - >/dev/null || exit 99

# a sweep's tags carry a fingerprint (NAME@FINGERPRINT): a bare NAME
# stands for its one such tag, pooled too; two make it ambiguous
tdb="$TMP/fp.db"
tf="--profile quick --budget 0.02 --min-sample 0.002 --warmup 0 --no-progress"
for t in O1@aaaa O1@aaaa O2@bbbb O2@bbbb O3@cccc O3@dddd; do
	bb run null --db "$tdb" $tf --tag "$t" >/dev/null 2>&1 ||
		ok 1 "a run tagged $t"
done
expect 0 "compare --pool by bare tags" -- bb compare --db "$tdb" --pool O1 O2
grep -q '^== A O1@aaaa: runs 1,2 ' "$TMP/out" &&
	grep -q '^== B O2@bbbb: runs 3,4 ' "$TMP/out"
ok $? "... each bare tag pools its NAME@FINGERPRINT's runs"
expect 0 "show tag:O2" -- bb show --db "$tdb" tag:O2
grep -q '^== build: \[O2@bbbb\]' "$TMP/out"; ok $? "... tag:O2 is O2@bbbb's last run"
expect 2 "a bare tag of two fingerprints" -- bb compare --db "$tdb" O1 O3
grep -q "tag 'O3' is ambiguous: 'O3@cccc' and 'O3@dddd'" "$TMP/err"
ok $? "... is ambiguous, both named"
done_testing
