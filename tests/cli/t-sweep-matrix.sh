#!/bin/sh
# scripts/sweep's matrix (fast tier; the real sweep, killed and resumed,
# is tests/cli/t-sweep.sh in make check-slow): the quoting rules, the
# errors (exit 2, line number), a 3000-line matrix, the fuzzer's
# regressions and the command line's errors, all with --dry-run.
. "${top_srcdir:-.}/tests/cli/lib.sh"

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

# taskset -c 2 needs a CPU 2: an eight-CPU board's fixture answers
BOARDBENCH_SYSROOT="$top_srcdir/tests/fixtures/rk3588" \
	bash "$sweep" --dry-run "$top_srcdir/scripts/pi-matrix" > "$TMP/out" 2>"$TMP/err"
ok $? "the example Raspberry Pi matrix parses"
sed 's/^/# /' "$TMP/err"
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
bad "a control character" "$(printf 'x | CFLAGS=\001')" "control character"
bad "a line too long" "x | $(head -c 5000 /dev/zero | tr '\0' a)" "longer than 4096"
bad "three separators" 'x | a | b |' "too many '|'"

# --dry-run checks the run prefix program and the CPUs named
sys8="$top_srcdir/tests/fixtures/rk3588"	# CPUs 0-7
printf 'a | x | taskset -c 0-3,7\nb | y | taskset --cpu-list=6\n' > "$TMP/cpus"
BOARDBENCH_SYSROOT="$sys8" expect 0 "CPUs that exist" -- bash "$sweep" --dry-run "$TMP/cpus" -- --cpu 5
printf 'a | x | taskset -c 0\nb | y | taskset -c 2,9\n' > "$TMP/cpus"
BOARDBENCH_SYSROOT="$sys8" expect 2 "taskset -c naming CPU 9 of 0-7" -- bash "$sweep" --dry-run "$TMP/cpus"
grep -q "cpus:2: b: run prefix (-c 2,9): CPU 9 does not exist" "$TMP/err"; ok $? "names the line and the CPU"
printf 'a | x | taskset -c 0\n' > "$TMP/cpus"
BOARDBENCH_SYSROOT="$sys8" expect 2 "--cpu 8 in the run arguments" -- bash "$sweep" --dry-run "$TMP/cpus" -- cpu --cpu 8
printf 'a | x | numactl -C 12\n' > "$TMP/cpus"
BOARDBENCH_SYSROOT="$sys8" expect 2 "numactl -C 12 (or no numactl)" -- bash "$sweep" --dry-run "$TMP/cpus"
printf 'a | x | sh -c taskset\n' > "$TMP/cpus"
expect 0 "sh -c is no CPU list" -- bash "$sweep" --dry-run "$TMP/cpus"
printf 'a | x | no-such-prefix-program -c 0\n' > "$TMP/cpus"
expect 2 "a run prefix program that does not exist" -- bash "$sweep" --dry-run "$TMP/cpus"
grep -q "cpus:1: a: run prefix program 'no-such-prefix-program' not found" "$TMP/err"; ok $? "says so"
printf 'a | x | %s/none/taskset\n' "$TMP" > "$TMP/cpus"
expect 2 "a run prefix path that does not exist" -- bash "$sweep" --dry-run "$TMP/cpus"

# the parser is linear: 3000 lines (minutes with the old quadratic one)
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "v%d | CFLAGS=\"-O2 -g\" --with-x | taskset -c 0\n", i }' > "$TMP/big"
bash "$sweep" --dry-run "$TMP/big" > "$TMP/out" 2>"$TMP/err"
[ $? -eq 0 ] && [ "$(grep -c '^v' "$TMP/out")" -eq 3000 ] && [ "$(wc -l < "$TMP/out")" -eq 18000 ]
ok $? "3000 variants parsed, 6 lines each"

# inputs the fuzzer once found failing (tests/fuzz/sweep-matrix.sh)
for f in "$top_srcdir"/tests/fuzz/regress/sweep-matrix/*; do
	[ -f "$f" ] || continue
	BOARDBENCH_SYSROOT="$sys8" bash "$sweep" --dry-run "$f" > "$TMP/out" 2>"$TMP/err"
	st=$?
	{ [ $st -eq 0 ] && [ ! -s "$TMP/err" ]; } ||
		{ [ $st -eq 2 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] && grep -q '^sweep: ' "$TMP/err"; }
	ok $? "fuzz regression ${f##*/}: exit $st"
done

expect 2 "unknown option" -- bash "$sweep" --frobnicate "$TMP/m1"
expect 2 "bad --rounds" -- bash "$sweep" --rounds 0 "$TMP/m1"
expect 2 "--plot with an unknown extension, refused before anything runs" -- \
	bash "$sweep" --dry-run --plot "$TMP/x.jpg" "$TMP/m1"
expect 2 "--report not an .html file, refused before anything runs" -- \
	bash "$sweep" --dry-run --report "$TMP/x.txt" "$TMP/m1"
expect 2 "missing matrix" -- bash "$sweep" "$TMP/none"

done_testing
