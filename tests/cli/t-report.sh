#!/bin/sh
# report: one self-contained HTML file, opened in headless Chromium: no
# console error, the expected headings and figures (the headline, in the
# units people quote), tables narrow enough for a phone, the monitor's
# charts from a fixture tree, a hostile tag escaped (no markup or script
# from the data), nothing fetched; bad input exits 2, a failed write
# exits 1 and leaves nothing.
. "${top_srcdir:-.}/tests/cli/lib.sh"

chrome=
for c in chromium chromium-browser google-chrome; do
	if command -v "$c" >/dev/null 2>&1; then chrome=$c; break; fi
done
[ -n "$chrome" ] || skip_all "chromium not installed"

db="$TMP/r.db"
evil='<script>alert(1)</script>"&x'"'"
sizes='-p memlat.sizes=4096,65536,1048576 -p membw.sizes=4096,65536'
# shellcheck disable=SC2086
expect 0 "a run with a hostile tag" -- bb run --db "$db" --profile quick \
	--budget 0.05 --tag "$evil" $sizes memlat null
# the second on the Raspberry Pi 4 tree (51.121 C, 1500 MHz), with Linpack
# shellcheck disable=SC2086
expect 0 "a second run" -- env BOARDBENCH_SYSROOT="$top_srcdir/tests/fixtures/rpi4" \
	$TEST_RUNNER "$BOARDBENCH" run --db "$db" --profile quick \
	--budget 0.05 --tag second $sizes -p linpack.n=50 memlat null linpack

expect 0 "report of two runs" -- bb report --db "$db" -o "$TMP/r.html" 1 2
[ -s "$TMP/r.html" ]; ok $? "the file is written"
! grep -qi '<script\|<link\|src="http\|href="http\|@import\|url(http' "$TMP/r.html"
ok $? "no script and nothing external in the file"
grep -q 'name="viewport"' "$TMP/r.html"; ok $? "viewport meta for phones"
# the comparison's verdicts, intervals and the machines' drift
grep -q '<p class="verdicts">[0-9]* cases\{0,1\} compared: [0-9]* called different, the false discovery rate held at 0.05' "$TMP/r.html"
ok $? "the report says how many cases were compared and called different"
grep -q 'Jitter at start: .* \(+-[0-9.]* %\|busy at start\).*not the drift between runs' "$TMP/r.html"
ok $? "the report gives each run's jitter at start, not as a drift"
grep -q '1 run/side' "$TMP/r.html" &&
	! grep -q '<td class="n [a-z]*">[0-9.]* <small>\[' "$TMP/r.html"
ok $? "one run a side: ratios without an interval, and why"
# a paired session: intervals
# shellcheck disable=SC2086
expect 0 "a paired session" -- bb run --db "$db" --profile quick \
	--budget 0.05 --tag pa -p linpack.n=50 -p linpack.precision=double \
	null linpack --against "$BOARDBENCH" --tag pb
expect 0 "report of the paired session" -- bb report --db "$db" \
	-o "$TMP/pr.html" pa pb
grep -q '<td class="n [a-z]*">[0-9.]* <small>\[[0-9.]*, [0-9.]*\]</small>' "$TMP/pr.html"
ok $? "a ratio with its 95 % interval"
grep -q '<title>95 % interval [0-9.]* to [0-9.]*</title></path>' "$TMP/pr.html"
ok $? "the charts draw the intervals as error bars"

# the browser: the DOM after parsing, and a screenshot
run_chrome() { # OUT ARGS...
	out=$1; shift
	HOME="$TMP/home" timeout 60 "$chrome" --headless --no-sandbox \
		--disable-gpu --no-first-run --user-data-dir="$TMP/chrome" \
		--enable-logging=stderr --v=0 "$@" "file://$TMP/r.html" \
		>"$out" 2>"$TMP/chrome.err"
}
run_chrome "$TMP/dom" --dump-dom
ok $? "chromium opens the report"
! grep -i 'Uncaught\|CONSOLE(' "$TMP/chrome.err"
ok $? "no console error"
grep -q '<h1>boardbench report</h1>' "$TMP/dom"; ok $? "heading: the report"
grep -q '<h2 id="comparison">Comparison</h2>' "$TMP/dom"; ok $? "heading: the comparison"
grep -q '<h3>Memory latency</h3>' "$TMP/dom"; ok $? "heading: memory latency chart"
grep -q 'Board and build' "$TMP/dom"; ok $? "heading: board and build"
grep -q "monitor's" "$TMP/dom"; ok $? "the monitor section"
[ "$(grep -c '<svg' "$TMP/dom")" -ge 3 ]; ok $? "at least three inline SVG charts"
grep -q '<th class="b" colspan="5">null</th></tr>' "$TMP/dom" &&
	grep -q '<td>add</td><td class="n">[0-9.]* [MG]\{0,1\}op/s</td>' "$TMP/dom"
ok $? "the null rows are in a table, under a benchmark header"
grep -q '<td class="n">[0-9.]* ns</td>' "$TMP/dom"; ok $? "a latency figure in ns"
# the headline first, in the units people quote
grep -q '<h2 id="headline">Headline</h2>' "$TMP/dom"; ok $? "heading: the headline"
[ "$(grep -n 'id="headline"' "$TMP/dom" | cut -d: -f1)" -lt \
	"$(grep -n 'id="comparison"' "$TMP/dom" | cut -d: -f1)" ]
ok $? "the headline comes before the comparison"
grep -q '<tr><td>DRAM latency</td><td class="n">[0-9.]* ns<br><small>1MiB' "$TMP/dom"
ok $? "headline: DRAM latency in ns, at the largest size"
grep -q '<td>Linpack double rolled</td><td class="n">-</td><td class="n">[0-9.]* [MG]FLOPS' "$TMP/dom"
ok $? "headline: Linpack in MFLOPS, '-' for the run without it"
! grep -q 'flop/s\|WI/s' "$TMP/dom"; ok $? "no base units (flop/s, WI/s) in the page"
# a phone: five columns per result table, case names that may break
grep -q '<tr><th>case</th><th>value</th><th>CV</th><th>N</th><th>flags</th></tr>' "$TMP/dom"
ok $? "result tables: case, value, CV, N, flags"
grep -q 'double-rolled/<wbr>mflops-per-mhz' "$TMP/dom"; ok $? "a case name may break after '/'"
# the monitor: charts of the fixture's temperature and clock
grep -q 'Temperature per case' "$TMP/dom" && grep -q 'CPU clock per case' "$TMP/dom"
ok $? "the monitor's temperature and clock charts"
grep -q '<td class="n">51.1</td><td class="n">1500</td>' "$TMP/dom"
ok $? "the monitor's table: 51.1 C, 1500 MHz"
grep -q 'found no temperature, clock or throttle reading' "$TMP/dom"
ok $? "the run without sensors says so"
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;"&amp;x' "$TMP/dom"
ok $? "the hostile tag is text in the DOM"
[ "$(grep -c '<script' "$TMP/dom")" -eq 0 ]; ok $? "no <script> element from the data"
run_chrome "$TMP/chrome.out" --window-size=412,1600 \
	--screenshot="$TMP/shot.png"
[ -s "$TMP/shot.png" ]; ok $? "a screenshot is taken"
[ -n "$BOARDBENCH_REPORT_SHOT" ] && cp "$TMP/shot.png" "$BOARDBENCH_REPORT_SHOT"

# one run: no comparison; from an exported file too
expect 0 "report of the last run" -- bb report --db "$db" -o "$TMP/one.html"
! grep -q 'id="comparison"' "$TMP/one.html"; ok $? "one run: no comparison"
expect 0 "export" -- bb export --db "$db" -o "$TMP/e.json"
expect 0 "report of an exported file" -- bb report -o "$TMP/f.html" "$TMP/e.json"
grep -q 'id="comparison"' "$TMP/f.html"; ok $? "the file's two runs are compared"

# what is wrong with the figures is said once, plainly, at the top, and a
# run with nothing to chart has no Charts heading (issue 27)
data="$top_srcdir/tests/data"
grep -q '<h2>Charts</h2>' "$TMP/r.html"; ok $? "memory runs: a Charts heading"
expect 0 "a CPU run" -- bb run --db "$TMP/cpu.db" --profile quick \
	--budget 0.05 null
expect 0 "its report" -- bb report --db "$TMP/cpu.db" -o "$TMP/cpu.html"
! grep -q '<h2>Charts</h2>' "$TMP/cpu.html"
ok $? "nothing to chart: no Charts heading"
sed 's/"profile": "quick"/"profile": "standard"/' "$data/cmp-O2.json" \
	> "$TMP/std.json"
expect 0 "report of a quick and a standard run" -- bb report \
	-o "$TMP/p.html" "$data/cmp-O0.json" "$TMP/std.json"
grep -q '<li><strong>Profiles differ:</strong> the runs were measured with different profiles (O0 quick, O2 standard)' "$TMP/p.html"
ok $? "the profiles differ: said at the top"
# both Linpack figures of each headline are flagged noisy
[ "$(grep -c '<li><strong>Not fit to publish:</strong> O[02]: these figures were taken on a busy machine (2 of the 2 headline figures flagged busy, noisy or preempted)' "$TMP/p.html")" -eq 2 ]
ok $? "a headline flagged throughout: not fit to publish, once per run"
[ "$(grep -n 'Not fit to publish' "$TMP/p.html" | head -1 | cut -d: -f1)" -lt \
	"$(grep -n 'id="headline"' "$TMP/p.html" | cut -d: -f1)" ]
ok $? "the verdict comes before the headline"
[ "$(grep -c 'class="warn"' "$TMP/p.html")" -eq 1 ] &&
	sed -n '/<div class="warn">/,/<\/div>/p' "$TMP/p.html" | grep -q 'Profiles differ' &&
	[ "$(sed -n '/<div class="warn">/,/<\/div>/p' "$TMP/p.html" | grep -c 'Not fit to publish')" -eq 2 ]
ok $? "three warnings, one box"
# the chart: no cell within the noise, so no '~' in its legend; n/c is
sed -n '/id="comparison"/,/<h2 id="run1"/p' "$TMP/p.html" > "$TMP/pc"
grep -q '0 cells within the noise' "$TMP/pc" &&
	! grep -q 'hatched, ~: within the noise' "$TMP/pc" &&
	grep -q 'hatched, n/c: no verdict' "$TMP/pc"
ok $? "the chart's legend names only the marks drawn (n/c, not ~)"
# an absurd interval does not stretch the axis: pooled runs of each tag
sed 's/"uuid": "\(.\)/"uuid": "a\1/' "$data/cmp-O0.json" > "$TMP/O0b.json"
sed 's/"tag": "O2b"/"tag": "O2"/' "$data/cmp-O2b.json" > "$TMP/O2c.json"
bb import --db "$TMP/pool.db" "$data/cmp-O0.json" "$TMP/O0b.json" \
	"$data/cmp-O2.json" "$TMP/O2c.json" > /dev/null 2>&1
expect 0 "report --pool with a wide interval" -- bb report --db "$TMP/pool.db" \
	--pool -o "$TMP/wide.html" O0 O2
sed -n '/id="comparison"/,/<h2 id="run1"/p' "$TMP/wide.html" > "$TMP/wc"
grep -q '\[0\.299, 99\.707\]' "$TMP/wc" &&
	grep -q '>5\.46 ~ (to 99\.7)<' "$TMP/wc" &&
	grep -q 'an interval clipped at the axis' "$TMP/wc" &&
	! grep -q '>100<\|>20<' "$TMP/wc" && grep -q '>12<' "$TMP/wc"
ok $? "the axis ends at 12 (twice the largest ratio), the 99.7 end clipped and said"
# per-MHz rows SKIPPED for want of a clock: one line, as run folds them;
# a row in code placements: their range under its value
row='{"id": 90, "seq": 90, "bench": "linpack", "group": "cpu", "case": "double-rolled/mflops-per-mhz", "params": "n=100", "unit": "flop/s/MHz", "better": 1, "status": "SKIPPED", "reason": "the CPU clock is unknown", "median": null, "mean": null, "stddev": null, "cv": null, "min": null, "max": null, "n": 0, "iters": 0, "cycles": null, "instructions": null, "flags": ["noclock"], "copies": 1, "copy": 0, "seconds": 0, "extra": {}}'
sed -e "s|\"results\": \[|\"results\": [$row, $(echo "$row" | sed 's/double-rolled/single-rolled/'), |" \
	-e '0,/"phase:dgefa": /s//"variant:0": 5.0e8, "variant:1": 5.4e8, "variant:slowest": 5.0e8, "variant:fastest": 5.4e8, "phase:dgefa": /' \
	"$data/cmp-O0.json" > "$TMP/nc.json"
expect 0 "report of a run with per-MHz rows SKIPPED" -- bb report -o "$TMP/nc.html" "$TMP/nc.json"
grep -q '<p>2 rows per MHz or per cycle SKIPPED: the CPU clock is unknown</p>' "$TMP/nc.html" &&
	! grep -q 'mflops-per-mhz' "$TMP/nc.html"
ok $? "per-MHz rows SKIPPED: one line, not a row each"
grep -q '543\.0 MFLOPS<br><small>2 placements: slowest 500\.0, fastest 540\.0 MFLOPS</small>' "$TMP/nc.html"
ok $? "a row in code placements: their range under its value"
# one of the two flagged: half is not more than half
awk '/^ *"noisy"$/ && ++k == 2 { next } { print }' "$data/cmp-O0.json" \
	> "$TMP/half.json"
expect 0 "report of a run with half its headline flagged" -- bb report \
	-o "$TMP/h.html" "$TMP/half.json"
! grep -q 'Not fit to publish\|Profiles differ' "$TMP/h.html"
ok $? "half flagged, one run: no verdict, no profile warning"

# memory cases with placements ("copy/64KiB/thp") are charted too, one line
# per operation and placement
expect 0 "a run with placements" -- bb run --db "$TMP/pl.db" --profile quick \
	--budget 0.05 -p membw.sizes=4096,65536 -p memlat.sizes=4096,65536 \
	-p membw.ops=copy -p memory.placement=default,4k membw memlat
expect 0 "its report" -- bb report --db "$TMP/pl.db" -o "$TMP/pl.html"
legend() { grep -c "text-anchor=\"start\">$1</text>" "$TMP/pl.html"; }
grep -q '<h3>Memory bandwidth</h3>' "$TMP/pl.html" &&
	[ "$(legend 'copy 4k')" -eq 1 ] && [ "$(legend 'copy default')" -eq 1 ]
ok $? "the bandwidth chart has a line per placement"
grep -q '<h3>Memory latency</h3>' "$TMP/pl.html" &&
	[ "$(legend '4k')" -eq 1 ] && [ "$(legend 'default')" -eq 1 ]
ok $? "and so has the latency chart"
# a name that is not [OP/]SIZE[/PLACEMENT] (from an imported file) is not
# charted: the last part must be a placement
expect 0 "export the run with placements" -- bb export --db "$TMP/pl.db"
sed 's|"copy/4KiB/4k"|"copy/4KiB/evil"|; s|"copy/64KiB/4k"|"copy/64KiB/4k/x"|' \
	"$TMP/out" > "$TMP/odd.json"
expect 0 "report of odd memory case names" -- bb report -o "$TMP/pl.html" "$TMP/odd.json"
[ "$(legend 'copy evil')" -eq 0 ] && [ "$(legend 'copy 4k')" -eq 0 ] &&
	[ "$(legend 'copy default')" -eq 1 ]
ok $? "odd names are left out of the chart"

# bad input and failed writes
expect 2 "no -o" -- bb report --db "$db" 1
expect 2 "unknown run" -- bb report --db "$db" -o "$TMP/x.html" 99
[ ! -e "$TMP/x.html" ]; ok $? "nothing written for bad input"
expect 1 "a folder that does not exist" -- bb report --db "$db" -o "$TMP/nodir/x.html" 1
ls "$TMP" | grep -q 'tmp' && ok 1 "temporary files left" || ok 0 "no temporary file left"

# which specs are files (runspec.c, report's rule): a regular file or a
# name with a '/'; a missing name.json or a FIFO is a run or tag
mkfifo "$TMP/fifo" 2>/dev/null
cd "$TMP" || exit 99
expect 2 "a missing name.json is a run or tag" -- bb report --db "$db" -o x.html nosuch.json
grep -q "no run, uuid or tag 'nosuch.json'" "$TMP/err"; ok $? "and named as one"
if [ -p fifo ]; then
	expect 2 "a FIFO is a run or tag" -- bb report --db "$db" -o x.html fifo
	grep -q "no run, uuid or tag 'fifo'" "$TMP/err"; ok $? "and named as one"
fi
cd - >/dev/null || exit 99

echo "1..$n"
[ "$failed" -eq 0 ]
