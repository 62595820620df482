#!/bin/sh
# paired builds: run --against checks the other build before anything
# runs (exit 2, nothing stored), stores each build as a run of its own with
# one pairing id and the process medians as pairs, and compare uses the
# pairs.  The known truth: null's sleep mode with a unit of 20 ms in build
# A and 40 ms in build B (-p B:...), a ratio of 1/2 (sleeps end late under
# load, so the checks are loose: how close a paired ratio comes to the
# truth is for scripts/aa-check on a quiet machine; the statistics are
# tested on synthetic data in tests/unit/t-ratio).
. "${top_srcdir:-.}/tests/cli/lib.sh"

db="$TMP/p.db"
# samples of 10 ms at least (not 50): a paired CPU case runs 12 to 32
# measuring processes, each of a few samples; this keeps the script to
# seconds in the sanitizer build (it took 350 s there with 50 ms)
quick="--profile quick --no-monitor --no-progress --budget 0.3 --warmup 0 --min-sample 0.01"

# ---- the other build's identity -----------------------------------------
expect 0 "__identity answers" -- bb __identity
grep -q '"tool":"boardbench"' "$TMP/out" &&
	grep -q '"wire":{"version":[0-9]*,"plan":[0-9]*,"msg":[0-9]*,"order":"[a-z]*"}' "$TMP/out" &&
	grep -q '"build":{' "$TMP/out" && grep -q '"system":{' "$TMP/out"
ok $? "__identity: the tool, its wire protocol, build and system"
cp "$TMP/out" "$TMP/identity"

# a program that is not boardbench
printf '#!/bin/sh\necho hello\n' > "$TMP/notbb"
chmod +x "$TMP/notbb"
expect 2 "--against a program that is not boardbench" -- \
	bb run null $quick --db "$db" --against "$TMP/notbb"
grep -q 'is not a build of boardbench' "$TMP/err"; ok $? "it says what is wrong"
[ ! -e "$db" ]; ok $? "nothing was stored (no store made)"

# boardbench of another version
sed 's/"tool_version":"[^"]*"/"tool_version":"0.0.0-other"/' "$TMP/identity" > "$TMP/id-ver"
printf '#!/bin/sh\ncat "%s"\n' "$TMP/id-ver" > "$TMP/oldbb"
chmod +x "$TMP/oldbb"
expect 2 "--against another version" -- bb run null $quick --db "$db" --against "$TMP/oldbb"
grep -q 'is boardbench 0.0.0-other, this is .*: pair builds of one version' "$TMP/err"
ok $? "another version: both named"

# another wire protocol
sed 's/"wire":{"version":[0-9]*/"wire":{"version":999/' "$TMP/identity" > "$TMP/id-wire"
printf '#!/bin/sh\ncat "%s"\n' "$TMP/id-wire" > "$TMP/wirebb"
chmod +x "$TMP/wirebb"
expect 2 "--against another wire protocol" -- bb run null $quick --db "$db" --against "$TMP/wirebb"
grep -q 'speaks another wire protocol' "$TMP/err"; ok $? "another wire protocol: said"
[ ! -e "$db" ]; ok $? "still nothing stored"

# a build that hangs is not waited for forever: a missing one fails at once
expect 2 "--against a missing file" -- bb run null $quick --db "$db" --against "$TMP/nothere"

# bad combinations
expect 2 "--against with --no-save" -- bb run null $quick --no-save --against "$BOARDBENCH"
expect 2 "--against with --copies 2" -- bb run null $quick --db "$db" --copies 2 --against "$BOARDBENCH"
expect 2 "-p C: with one --against" -- bb run null $quick --db "$db" --against "$BOARDBENCH" -p C:null.ns=5
expect 2 "--prefix without --against" -- bb run null $quick --db "$db" --prefix env
expect 2 "more --tag than builds" -- bb run null $quick --db "$db" --against "$BOARDBENCH" --tag a --tag b --tag c

# ---- a paired run with a known truth ------------------------------------
expect 0 "paired: 20 ms against 40 ms sleeps" -- bb run null $quick --db "$db" \
	-p null.mode=sleep -p null.kind=rate -p A:null.ns=20000000 \
	-p B:null.ns=40000000 --tag short --against "$BOARDBENCH" \
	--prefix "env BOARDBENCH_PAIRED_TEST=1"
grep -q '^== paired comparison (boardbench compare [0-9a-f]\{8\} [0-9a-f]\{8\})$' "$TMP/out" &&
	grep -q '^== paired: builds of one session compare pair by pair' "$TMP/out"
ok $? "the run ends with the pairs' comparison"
! grep -q 'drift +-\|noise floor' "$TMP/out" &&
	grep -q '^== jitter at start: +-[0-9.]* %\|^== machine busy at start' "$TMP/out"
ok $? "the jitter at start is said in the header, no drift widens the comparison"
bb export --db "$db" > "$TMP/all.json"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$TMP/all.json" > "$TMP/pairs" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
runs = d["runs"]
print(len(runs))
for r in runs:
    p = r["system"].get("pairing", {})
    row = [x for x in r["results"] if x["case"] == "sleep"][0]
    procs = [k for k in row["extra"] if k.startswith("proc:")]
    print("|".join(str(x) for x in (r["tag"], p.get("id"), p.get("build"),
          p.get("builds"), row["params"], len(procs),
          "noise" if "pct" in r["system"].get("noise_floor", {}) else "-")))
EOF
	[ "$(sed -n 1p "$TMP/pairs")" = 2 ]; ok $? "two runs stored, one per build"
	a=$(sed -n 2p "$TMP/pairs"); b=$(sed -n 3p "$TMP/pairs")
	f() { echo "$1" | cut -d'|' -f"$2"; }
	[ "$(f "$a" 2)" = "$(f "$b" 2)" ] && [ "$(f "$a" 2)" != None ] &&
		[ "$(f "$a" 3)" = 0 ] && [ "$(f "$b" 3)" = 1 ] &&
		[ "$(f "$b" 4)" = 2 ]
	ok $? "both runs carry one pairing id, builds 0 and 1 of 2 ($a / $b)"
	[ "$(f "$a" 1)" = short ] && f "$b" 1 | grep -q ' -O[0-9s]'
	ok $? "build A tagged by --tag, build B from its compiler and -O level"
	[ "$(f "$a" 6)" -ge 6 ] && [ "$(f "$a" 6)" = "$(f "$b" 6)" ]
	ok $? "at least 6 pairs, as many on both sides"
	f "$a" 5 | grep -q 'ns=20000000' && f "$b" 5 | grep -q 'ns=40000000'
	ok $? "each build's row has its own parameters"
	[ "$(f "$a" 7)" = noise ]; ok $? "the run's snapshot has its noise floor"
else
	for i in 1 2 3 4 5 6; do
		echo "ok $((n = n + 1)) # SKIP python3 not installed"
	done
fi

bb compare --db "$db" --ignore-params --format tsv 1 2 > "$TMP/cmp.tsv"
awk -F'\t' '$2 == "sleep" && $7 == "B" {
	print $14, $15, $16, $17, $18 }' "$TMP/cmp.tsv" > "$TMP/sleep"
read -r sp lo hi unit units < "$TMP/sleep"
[ "$unit" = pair ] && [ "$units" -ge 6 ]; ok $? "compare uses the pairs ($unit, $units)"
awk -v r="$sp" 'BEGIN { exit !(r > 0.35 && r < 0.7) }'
ok $? "the paired ratio is about the truth 0.5 ($sp [$lo, $hi])"
awk -v l="$lo" -v h="$hi" -v r="$sp" 'BEGIN { exit !(l <= r && r <= h && h < 0.9) }'
ok $? "its interval holds it and lies below 1"
expect 2 "without --ignore-params the cases do not match" -- \
	bb compare --db "$db" 1 2
bb compare --db "$db" --ignore-params --fail-on-regression 5 1 2 > /dev/null 2>&1
[ $? -eq 3 ]; ok $? "exit 3 for the paired regression (half as fast)"

# a paired CPU case: every process after a build's first runs a varied
# count (the row's iters:most: the largest over the calibrated; scaled to
# --min-sample first, so any positive figure but 1; three of spin's
# cases: rate and time, and reported, which reports its count and has
# none)
expect 0 "paired: a spin case" -- bb run null $quick --db "$TMP/vary.db" \
	-p null.mode=spin -p null.ns=1000 -p null.kind=rate,time,reported \
	--against "$BOARDBENCH"
bb export --db "$TMP/vary.db" > "$TMP/vary.json"
grep -o '"iters:most": *[0-9.]*' "$TMP/vary.json" | awk -F: '
	$NF > 0 && $NF != 1 { good++ } END { print good + 0, NR }' > "$TMP/vary"
read -r vgood vall < "$TMP/vary"
[ "$vgood" -eq 4 ] && [ "$vall" -eq 4 ]
ok $? "both builds' spin rows ran varied counts ($vgood of $vall rows)"

# a case that skips, fails or crashes in one build's first process: each
# build's row says so (the other builds still measured), nothing else
expect 0 "paired: the second case skips" -- bb run null $quick --db "$db" \
	-p null.mode=skip --against "$BOARDBENCH" --format tsv
bb show --db "$db" --format tsv last > "$TMP/skip.tsv"
aid=$(bb show --db "$db" --list | awk 'NR > 1 && $1 ~ /^[0-9]+$/ { id = $1 } END { print id }')
bb show --db "$db" --format tsv $((aid - 1)) >> "$TMP/skip.tsv"
[ "$(grep -c '	skip	.*SKIPPED' "$TMP/skip.tsv")" -eq 2 ]
ok $? "a skipping case: SKIPPED in both builds' runs"
expect 1 "paired: the second case crashes" -- bb run null $quick --db "$db" \
	-p null.mode=crash --against "$BOARDBENCH"
grep -q '^null  *crash  *CRASHED' "$TMP/out"; ok $? "a crashing case: CRASHED, the run goes on"

# the order and the CPUs: each build run under a prefix that logs its
# measuring processes: rounds alternate A B, B A ..., a pair on one CPU
for x in A B; do
	printf '#!/bin/sh
[ "$2" = __measure ] && echo "%s $(sed -n "s/^Cpus_allowed_list:[[:space:]]*//p" /proc/$$/status)" >> "%s"
exec "$@"
' 		"$x" "$TMP/order" > "$TMP/log$x"
	chmod +x "$TMP/log$x"
done
: > "$TMP/order"
expect 0 "paired under logging prefixes" -- bb run null $quick --db "$db" 	-p null.mode=sleep -p null.kind=rate -p null.ns=1000000 	--prefix "$TMP/logA" --against "$BOARDBENCH" --prefix "$TMP/logB"
# six rounds at least, up to twice that while the pairs disagree (how
# many depends on how steady the machine is: not asserted)
order=$(cut -d' ' -f1 "$TMP/order" | tr -d '\n')
echo "$order" | grep -qx '\(ABBA\)\{3,6\}\(AB\)\{0,1\}'
ok $? "six rounds or more, the order turned round every other round ($order)"
awk 'NR % 2 == 1 { c = $2 } NR % 2 == 0 && $2 != c { bad = 1 }
	$2 ~ /[,-]/ { bad = 1 } END { exit bad || NR < 12 || NR % 2 }' "$TMP/order"
ok $? "each pair pinned to one CPU ($(cut -d' ' -f2 "$TMP/order" | tr '\n' ' '))"

# an emulated build against a native one: no verdict
m=$(uname -m)
qemu=$(command -v "qemu-$m" 2>/dev/null)
if [ -n "$qemu" ] && ! "$qemu" "$BOARDBENCH" --version >/dev/null 2>&1; then
	# a sanitizer build does not run under qemu-user
	echo "ok $((n = n + 1)) # SKIP this build does not run under $qemu"
	echo "ok $((n = n + 1)) # SKIP this build does not run under $qemu"
elif [ -n "$qemu" ]; then
	expect 0 "paired with this build under $qemu" -- bb run null $quick \
		--db "$db" -p null.mode=sleep -p null.kind=rate \
		-p null.ns=1000000 --against "$BOARDBENCH" --prefix "$qemu"
	grep -q '^== B is emulated (qemu-user): its timings are the emulator' "$TMP/out" &&
		grep -q '^null  *sleep .* n/c emulated' "$TMP/out"
	ok $? "emulated against native: said above the table, no verdict"
else
	echo "ok $((n = n + 1)) # SKIP qemu-$m (qemu-user) is not installed"
	echo "ok $((n = n + 1)) # SKIP qemu-$m (qemu-user) is not installed"
fi

# a case in code placements (Dhrystone's 8): two pairs of each placement
# at least, so that compare can read the pairs placement by placement
expect 0 "paired: dhrystone, 8 placements" -- bb run dhrystone $quick \
	--budget 0.1 --db "$TMP/v.db" --against "$BOARDBENCH" --format tsv
if command -v python3 >/dev/null 2>&1; then
	bb export --db "$TMP/v.db" | python3 -c '
import json, sys
for r in json.load(sys.stdin)["runs"]:
    row = [x for x in r["results"] if x["case"] == "v2.1"][0]
    print(len([k for k in row["extra"] if k.startswith("proc:")]))
' > "$TMP/vp"
	[ "$(wc -l < "$TMP/vp")" = 2 ] && [ "$(sed -n 1p "$TMP/vp")" -ge 16 ] &&
		[ "$(sed -n 1p "$TMP/vp")" = "$(sed -n 2p "$TMP/vp")" ]
	ok $? "8 placements: 16 pairs at least, as many in both builds ($(tr '\n' ' ' < "$TMP/vp"))"
	# a CPU kernel's processes per CPU second too, on its derived rows
	# as well; a case that sleeps by design has none
	bb export --db "$TMP/v.db" | python3 -c '
import json, sys
for r in json.load(sys.stdin)["runs"]:
    for case in ("v2.1", "v2.1/dmips"):
        row = [x for x in r["results"] if x["case"] == case][0]
        p = [k for k in row["extra"] if k.startswith("proc:")]
        c = [v for k, v in row["extra"].items() if k.startswith("proc-cpu:")]
        print(len(p) == len(c) and len(c) >= 16 and min(c) > 0)
' > "$TMP/vc"
	[ "$(sort -u "$TMP/vc")" = True ] && [ "$(wc -l < "$TMP/vc")" = 4 ]
	ok $? "a CPU kernel's rows carry proc-cpu:K, one per process ($(tr '\n' ' ' < "$TMP/vc"))"
	bb export --db "$db" | python3 -c '
import json, sys
for r in json.load(sys.stdin)["runs"]:
    for x in r["results"]:
        if x["case"] == "sleep":
            print(len([k for k in x["extra"] if k.startswith("proc-cpu:")]))
' > "$TMP/vs"
	[ "$(sort -u "$TMP/vs")" = 0 ]
	ok $? "a case that sleeps has no proc-cpu:K ($(sort -u "$TMP/vs" | tr '\n' ' '))"
else
	for i in 1 2 3; do
		echo "ok $((n = n + 1)) # SKIP python3 not installed"
	done
fi
expect 0 "compare the dhrystone pairs" -- env COLUMNS=300 $TEST_RUNNER \
    "$BOARDBENCH" compare --db "$TMP/v.db" 1 2
grep -q '^== paired: .*; CPU kernels by their work per CPU second' "$TMP/out"
ok $? "the comparison says CPU kernels compare per CPU second"

# A/A: the same build and parameters on both sides: compared by pairs,
# near 1 (how often an A/A comparison is called different is a property
# of the statistics, tested in tests/unit/t-ratio, not of one run here)
expect 0 "paired A/A, sleeps" -- bb run null $quick --db "$db" \
	-p null.mode=sleep -p null.kind=rate -p null.ns=20000000 \
	--tag aaA --against "$BOARDBENCH" --tag aaB
aa=$(bb show --db "$db" --list | awk 'NR > 1 && $1 ~ /^[0-9]+$/ { id = $1 } END { print id }')
bb compare --db "$db" --format tsv $((aa - 1)) "$aa" > "$TMP/aa.tsv" 2>/dev/null
awk -F'\t' '$2 == "sleep" && $7 == "B" { print $14, $15, $16, $17 }' "$TMP/aa.tsv" > "$TMP/aa"
read -r sp lo hi unit < "$TMP/aa"
[ "$unit" = pair ] &&
	awk -v r="$sp" -v l="$lo" -v h="$hi" 'BEGIN { exit !(r > 0.8 && r < 1.25 && l <= r && r <= h) }'
ok $? "A/A: compared by pairs, the ratio near 1 ($sp [$lo, $hi])"

# a second session of the same builds, tagged alike: compare --pool of the
# tags takes each session's paired ratio as one unit
expect 0 "paired A/A, sleeps, a second session" -- bb run null $quick \
	--db "$db" -p null.mode=sleep -p null.kind=rate -p null.ns=20000000 \
	--tag aaA --against "$BOARDBENCH" --tag aaB
bb compare --db "$db" --pool --format tsv aaA aaB > "$TMP/ss.tsv" 2>"$TMP/ss.err"
awk -F'\t' '$2 == "sleep" && $7 == "B" { print $14, $15, $16, $17, $18 }' "$TMP/ss.tsv" > "$TMP/ss"
read -r sp lo hi unit units < "$TMP/ss"
[ "$unit" = session ] && [ "$units" = 2 ] &&
	awk -v r="$sp" -v l="$lo" -v h="$hi" 'BEGIN { exit !(l <= r && r <= h) }'
st=$?
ok $st "pooled paired sessions: each session is a unit ($unit, $units; $sp [$lo, $hi])"
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/ss.tsv" "$TMP/ss.err" | head -20
bb compare --db "$db" --pool aaA aaB > "$TMP/ss.txt" 2>&1
grep -q '^== pooled paired sessions: each session' "$TMP/ss.txt"
ok $? "the text says the sessions are the units"

# scripts/aa-check's usage (its checks take minutes: run by hand)
aa="$top_srcdir/scripts/aa-check"
expect 0 "aa-check --help" -- sh "$aa" --help
grep -q '^usage: scripts/aa-check ' "$TMP/out"; ok $? "... prints the usage"
expect 2 "aa-check --sessions 0" -- sh "$aa" --boardbench "$BOARDBENCH" --sessions 0
expect 2 "aa-check --cpu x" -- sh "$aa" --boardbench "$BOARDBENCH" --cpu x
expect 2 "aa-check --seed -3" -- sh "$aa" --boardbench "$BOARDBENCH" --seed -3
grep -q -- '--seed takes a whole number' "$TMP/err"; ok $? "... says what --seed takes"
expect 2 "aa-check with an unknown argument" -- sh "$aa" --boardbench "$BOARDBENCH" --fast
expect 2 "aa-check --boardbench of a missing file" -- sh "$aa" --boardbench "$TMP/nothere"
# its per-case tallies from a compare TSV: a '>' among printf's arguments
# is a redirection to mawk (Debian's awk), which left the column blank
# and a file '0' in the user's directory
eval "$(sed -n '/^count() {/,/^}/p; /^per_bench() {/,/^}/p; /^rate() {/p' "$aa")"
mkdir "$TMP/aacwd"
row() { printf '%s\t%s\t\t1\tflop/s\t1\tB\tb\t0\tOK\t1\t9\t%s\t%s\t%s\t%s\tpair\t9\t%s\t%s\t0\n' "$@"; }
{ row linpack rolled 1.03 1.03 1.01 1.05 0.01 significant
  row whetstone mwips 1.0 1.0 0.9 1.1 0.5 noise
  row whetstone mwips/n1 1.2 1.2 1.1 1.3 0.01 noise; } > "$TMP/aa.tsv"
got=$(cd "$TMP/aacwd" && set -- $(count "$TMP/aa.tsv") &&
	echo "$* | $(rate "$3" "$1") | $(per_bench "$TMP/aa.tsv")")
[ "$got" = "2 1 1 | 1 (50.0 %) | linpack 1/1, whetstone 0/1" ] &&
	[ -z "$(ls "$TMP/aacwd")" ]
ok $? "aa-check's tallies: cases, BH, excluding 1, by bench; no stray file ($got)"

done_testing
