#!/bin/sh
# scripts/sweep (slow tier, make check-slow): a two-variant sweep (-O0 vs
# -O2, linpack only, tiny sizes) plus a build that fails and a variant
# that crashes; killed (SIGKILL to the whole sweep) between rounds, then
# resumed: builds and complete rounds are not redone, and the comparison
# shows -O2 ahead.  The matrix's quoting rules and errors are
# tests/cli/t-sweep-matrix.sh (fast tier).
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/lib-src.sh"

[ -z "${TEST_RUNNER:-}" ] ||
	skip_all "the sweep builds native variants; not in a cross build"
command -v setsid >/dev/null 2>&1 || skip_all "setsid (util-linux) not installed"
sweep="$top_srcdir/scripts/sweep"

# ---- a real sweep, killed and resumed ---------------------------------------
clean_src "$TMP/src"
st=$?
ok $st "a clean source tree (make distdir)"
[ $st -eq 0 ] || { sed 's/^/# /' "$TMP/distdir.log" | tail -20; done_testing; }
cat > "$TMP/matrix" <<'M'
O0      | CFLAGS=-O0
O2      | CFLAGS=-O2
broken  | CFLAGS=-O0 CC=no-such-compiler-here
crashes | CFLAGS=-O0 | sh -c 'kill -SEGV $$'
M
work="$TMP/w"
runargs="linpack -p linpack.n=50 --profile quick --budget 0.05 --min-sample 0.005 --warmup 0"

# after round 1, while it cools down, kill the whole sweep (its own group)
setsid bash "$sweep" --src "$TMP/src" --work "$work" --jobs 2 --rounds 2 --cooldown 60 \
	"$TMP/matrix" -- $runargs >"$TMP/s1.out" 2>"$TMP/s1.err" &
pid=$!
i=0
while [ $i -lt 3000 ] && ! grep -q "cooling down" "$work/sweep.log" 2>/dev/null; do
	kill -0 $pid 2>/dev/null || break
	sleep 0.1
	i=$((i + 1))
done
grep -q "cooling down for 60 s before round 2" "$work/sweep.log"
ok $? "the sweep finished round 1 and cools down"
[ "$(ps -o pgid= -p $pid | tr -d ' ')" = "$pid" ]; ok $? "it leads its own process group"
kill -9 -$pid
wait $pid 2>/dev/null
sleep 0.2
[ ! -s "$TMP/s1.out" ] && ! grep -q "round 2/2:" "$work/sweep.log"
ok $? "killed between the rounds"
sed 's/^/# log: /' "$work/sweep.log"

grep -q "build broken: FAILED in configure" "$work/sweep.log"
ok $? "the failing build is recorded and the sweep went on"
grep -q "round 1/2 crashes: NOT complete (killed by SIGSEGV)" "$work/sweep.log"
ok $? "the crashing variant is recorded and the sweep went on"
grep -q "round 1/2 O2: complete" "$work/sweep.log"; ok $? "round 1 of O2 complete"
grep -Eq '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z round 1/2: O0 O2 broken crashes$' "$work/sweep.log"
ok $? "timestamped progress, round 1 in matrix order"

expect 2 "without --resume an existing sweep is refused" -- \
	bash "$sweep" --src "$TMP/src" --work "$work" "$TMP/matrix"

bash "$sweep" --resume --src "$TMP/src" --work "$work" --jobs 2 --rounds 2 \
	--report "$TMP/s2.html" "$TMP/matrix" -- $runargs >"$TMP/s2.out" 2>"$TMP/s2.err"
st=$?
[ $st -eq 1 ]; ok $? "resumed sweep ends with exit 1 (a build failed, a variant crashed): $st"
sed -n '/sweep resumed/,$p' "$work/sweep.log" > "$TMP/resumed.log"
sed 's/^/# log: /' "$TMP/resumed.log"
grep -q "build O0: already made, kept" "$TMP/resumed.log" &&
	grep -q "build O2: already made, kept" "$TMP/resumed.log"
ok $? "resume keeps the builds"
grep -q "round 1/2 O0: already complete" "$TMP/resumed.log" &&
	grep -q "round 1/2 O2: already complete" "$TMP/resumed.log"
ok $? "resume skips round 1, complete in the database"
grep -Eq 'round 2/2: crashes broken O2 O0$' "$TMP/resumed.log"
ok $? "round 2 runs in reverse order"
grep -q "round 2/2 O0: complete" "$TMP/resumed.log" &&
	grep -q "round 2/2 O2: \(complete\|already complete\)" "$TMP/resumed.log"
ok $? "round 2 of both done"

db="$work/results.db"
for v in O0 O2; do
	c=$(bb show --list --db "$db" | awk -v v="$v" 'NR > 1 && $3 == "complete" && $5 ~ "^" v "@"' | wc -l)
	[ "$c" -eq 2 ]; ok $? "$v: exactly two complete runs in the database ($c)"
done
grep -q '^== A O0@[0-9a-f]\{12\}: runs ' "$TMP/s2.out"; ok $? "the comparison pools the rounds"
# its report pools as its summary does: the same ratios and intervals
tags=$(sed -n 's/^== [A-Z] \(O[02]@[0-9a-f]*\): runs .*/tag:\1/p' "$TMP/s2.out" | tr '\n' ' ')
# shellcheck disable=SC2086
bb compare --db "$db" --pool --format tsv $tags |
	awk -F'\t' '$7 == "B" && $15 != "" { printf "%.3f [%.3f, %.3f]\n", $14, $15, $16 }' > "$TMP/s2-cmp"
sed -n '/id="comparison"/,/<\/table>/p' "$TMP/s2.html" |
	sed -n 's/.*<td class="n [a-z]*">\([0-9.]*\) <small>\(\[[0-9., ]*\]\)<\/small>.*/\1 \2/p' > "$TMP/s2-rep"
[ -s "$TMP/s2-cmp" ] && cmp -s "$TMP/s2-cmp" "$TMP/s2-rep"
ok $? "--report: the report's ratios are the summary's (report --pool)"
# a ratio for every linpack case (how large is the board's business: a
# loaded machine can invert -O0 and -O2, so no speed is asserted here)
# (after the baseline's value, unit and perhaps its flag letters; a case
# on one line, beside its benchmark, or under it when the cells are
# compact, as wide intervals on a loaded machine make them)
awk '/^[a-z]/ { bench = $1 }
	bench == "linpack" && /^[a-z]/ && NF > 2 { for (i = 5; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+$/) { n++; break } }
	bench == "linpack" && /^  [a-z]/ { for (i = 4; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+$/) { n++; break } }
	END { exit n != 6 }' "$TMP/s2.out"
st=$?
ok $st "and gives -O2 a ratio to -O0 in every linpack case"
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/s2.out"

# ---- the matrix edited between two --resume's --------------------------------
# O2's run prefix changes (env): its fingerprint changes, its two rounds
# run again under a new tag; O0 is reused; the old O2 runs are not pooled.
o2old=$(sed -n 's/.*variant O2: fingerprint \([0-9a-f]*\).*/\1/p' "$work/sweep.log" | tail -1)
sed 's/^O2      | CFLAGS=-O2$/O2      | CFLAGS=-O2 | env/' "$TMP/matrix" > "$TMP/matrix2"
bash "$sweep" --resume --src "$TMP/src" --work "$work" --jobs 2 --rounds 2 \
	"$TMP/matrix2" -- $runargs >"$TMP/s3.out" 2>"$TMP/s3.err"
awk '/sweep resumed/ { n++ } n == 2' "$work/sweep.log" > "$TMP/third.log"
sed 's/^/# log: /' "$TMP/third.log"
sed 's/^/# out: /' "$TMP/s3.out"
grep -q "variant O2: fingerprint .*neither reused nor pooled: the runs tagged O2@$o2old (2 run(s))" "$TMP/third.log"
ok $? "the changed line is named in the log with its old runs"
grep -q "round 1/2 O0: already complete" "$TMP/third.log" &&
	grep -q "round 2/2 O0: already complete" "$TMP/third.log"
ok $? "the unchanged O0 is reused"
grep -q "round 1/2 O2: complete" "$TMP/third.log" && grep -q "round 2/2 O2: complete" "$TMP/third.log"
ok $? "both rounds of the edited O2 run again"
o2new=$(sed -n 's/.*variant O2: fingerprint \([0-9a-f]*\).*/\1/p' "$TMP/third.log")
[ -n "$o2new" ] && [ "$o2new" != "$o2old" ] &&
	grep -q "^== B O2@$o2new: runs [0-9]*,[0-9]* |" "$TMP/s3.out" && ! grep -q "O2@$o2old" "$TMP/s3.out"
ok $? "the comparison pools the two new O2 runs only"

# ---- SIGKILL to the sweep alone: no orphan run; --resume waits for it ---------
# A run that lasts long enough to be caught running: one case, each of its
# processes sampling 5 x 1.2 s, so at least 12 s however fast the machine.
# In one code placement (linpack.code=fixed): with all 8 (the default) each
# run took 60 to 100 s, and the immediate --resume below runs two of them.
slow="linpack -p linpack.n=50 -p linpack.precision=double -p linpack.unroll=rolled -p linpack.code=fixed --profile quick --budget 1 --min-sample 1.2 --warmup 0"
setsid bash "$sweep" --resume --src "$TMP/src" --work "$work" --jobs 2 --rounds 1 \
	"$TMP/matrix2" -- $slow >"$TMP/s4.out" 2>"$TMP/s4.err" &
spid=$!
i=0
while [ $i -lt 3000 ] && ! grep -q "round 1/1 O0: running" "$work/sweep.log"; do
	kill -0 "$spid" 2>/dev/null || break
	sleep 0.1
	i=$((i + 1))
done
child=
i=0
while [ $i -lt 50 ] && ! grep -q run "/proc/$child/cmdline" 2>/dev/null; do
	sleep 0.1
	# (the sweep's children: the run, and its watchdog)
	child=$(for c in $(ps -o pid= --ppid "$spid"); do
		[ "$(cat "/proc/$c/comm" 2>/dev/null)" = boardbench ] && echo "$c"
	done | head -1)
	i=$((i + 1))
done
[ -n "$child" ] && grep -q run "/proc/$child/cmdline" 2>/dev/null
ok $? "a boardbench run is running under the sweep ($child)"
expect 2 "--resume while that sweep runs is refused" -- \
	bash "$sweep" --resume --src "$TMP/src" --work "$work" --rounds 1 "$TMP/matrix2" -- $slow
grep -q "is still running (pid $spid" "$TMP/err"; ok $? "and names it"
kill -9 "$spid"
wait "$spid" 2>/dev/null
i=0
# gone, or a zombie nobody has reaped yet (its 5 samples of 1.2 s are not over)
alive() { kill -0 "$1" 2>/dev/null && [ "$(ps -o stat= -p "$1" | cut -c1)" != Z ]; }
while [ $i -lt 20 ] && alive "$child"; do sleep 0.1; i=$((i + 1)); done
! alive "$child"; ok $? "the run died with its sweep (no orphan)"
bash "$sweep" --resume --src "$TMP/src" --work "$work" --jobs 2 --rounds 1 \
	"$TMP/matrix2" -- $slow >"$TMP/s5.out" 2>"$TMP/s5.err"
st=$?
[ $st -eq 1 ]; ok $? "an immediate --resume runs (exit 1: broken, crashes): $st"
[ $st -eq 1 ] || sed 's/^/# s5: /' "$TMP/s5.err" | tail -5
awk '/sweep resumed/ { n++ } n == 4' "$work/sweep.log" > "$TMP/fifth.log"
grep -q "compare O0: complete rounds only; left out run [0-9]* (\(running\|interrupted\))" "$TMP/fifth.log"
ok $? "the log names the killed round left out of the comparison"
grep -q "^== A O0@[0-9a-f]*: pooled complete runs only; left out run [0-9]* (\(running\|interrupted\))" "$TMP/s5.out"
ok $? "and so does the printed comparison"
sed 's/^/# out: /' "$TMP/s5.out" | head -8
done_testing
