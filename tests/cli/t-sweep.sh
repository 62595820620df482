#!/bin/sh
# scripts/sweep: a two-variant sweep (-O0 vs -O2, linpack only, tiny
# sizes) plus a build that fails and a variant that crashes; killed
# (SIGKILL to the whole sweep) between rounds, then resumed: builds and
# complete rounds are not redone, and the comparison shows -O2 ahead.
# Also: the matrix's quoting rules and its errors (exit 2, line number).
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/lib-src.sh"

[ -z "${TEST_RUNNER:-}" ] ||
	skip_all "the sweep builds native variants; not in a cross build"
command -v setsid >/dev/null 2>&1 || skip_all "setsid (util-linux) not installed"
sweep="$top_srcdir/scripts/sweep"

# ---- the matrix format ------------------------------------------------
cat > "$TMP/m1" <<'M'
# comment line, then a blank one

a | CFLAGS="-O2 -g" 'CPPFLAGS=-DX="a b"' --with-x | taskset -c 0  # trailing
b.2+x_y-z|CC=gcc a\ b "x|y" '$HOME' ''
M
bash "$sweep" --dry-run "$TMP/m1" > "$TMP/out" 2>"$TMP/err"
ok $? "--dry-run parses a matrix"
cat > "$TMP/want" <<'W'
a
  configure: [CFLAGS=-O2 -g]
  configure: [CPPFLAGS=-DX="a b"]
  configure: [--with-x]
  prefix: [taskset]
  prefix: [-c]
  prefix: [0]
b.2+x_y-z
  configure: [CC=gcc]
  configure: [a b]
  configure: [x|y]
  configure: [$HOME]
  configure: []
W
cmp -s "$TMP/want" "$TMP/out"
st=$?
ok $st "words split by the documented quoting rules"
[ $st -eq 0 ] || diff "$TMP/want" "$TMP/out" | sed 's/^/# /'

bash "$sweep" --dry-run "$top_srcdir/scripts/pi-matrix" > "$TMP/out" 2>"$TMP/err"
ok $? "the example Raspberry Pi matrix parses"
[ "$(grep -c '^[a-z]' "$TMP/out")" -eq 6 ] &&
	grep -q '^  configure: \[CC=arm-linux-gnueabi-gcc --sysroot=/opt/arm-cross/armel\]$' "$TMP/out"
ok $? "six build flag sets, a quoted CC kept as one word"

bad() { # DESCRIPTION LINE-TEXT EXPECTED-MESSAGE-PART
	printf 'ok | CFLAGS=-O2\n%s\n' "$2" > "$TMP/bad"
	expect 2 "$1" -- bash "$sweep" --dry-run "$TMP/bad"
	grep -q "bad:2: .*$3" "$TMP/err"; ok $? "names line 2 and says: $3"
}
bad "unterminated quote" 'x | CFLAGS="-O2' "unterminated \" quote"
bad "expansion refused" 'x | CFLAGS=$CFLAGS' "no expansion"
bad "command substitution refused" 'x | CC="`which gcc`"' "no expansion"
bad "no field separator" 'x CFLAGS=-O2' "no '|' after the name"
bad "too many fields" 'x | a | b | c' "too many '|'"
bad "two-word name" 'x y | CFLAGS=-O2' "one word"
bad "bad name" '../x | CFLAGS=-O2' "bad name"
bad "duplicate name" 'ok | CFLAGS=-O3' "used twice"
expect 2 "unknown option" -- bash "$sweep" --frobnicate "$TMP/m1"
expect 2 "bad --rounds" -- bash "$sweep" --rounds 0 "$TMP/m1"
expect 2 "missing matrix" -- bash "$sweep" "$TMP/none"

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
	"$TMP/matrix" -- $runargs >"$TMP/s2.out" 2>"$TMP/s2.err"
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
	c=$(bb show --list --tag "$v" --db "$db" | awk 'NR > 1 && $3 == "complete"' | wc -l)
	[ "$c" -eq 2 ]; ok $? "$v: exactly two complete runs in the database ($c)"
done
grep -q '^== A O0: runs ' "$TMP/s2.out"; ok $? "the comparison pools the rounds"
awk '$1 == "linpack" && $5 + 0 > 1 { n++ } END { exit n != 6 }' "$TMP/s2.out"
st=$?
ok $st "and shows -O2 ahead of -O0 in every linpack case"
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/s2.out"
done_testing
