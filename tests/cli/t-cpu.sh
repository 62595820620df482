#!/bin/sh
# cpu kernels: whetstone, dhrystone, md5ref, fft rows; derived and per-MHz
# rows; dhrystone's and fft's code placements (variants, fixed,
# placement-check); --copies 2 (two per-copy figures and an aggregate); --classic
# (linpack: one block per measured case);
# bad parameters, --copies and --cpu values exit 2 before anything runs.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0 --no-save"

expect 0 "list cpu" -- bb list cpu
for b in whetstone dhrystone md5ref fft; do
	grep -q "^$b *cpu" "$TMP/out"; ok $? "list names $b"
done

expect 0 "run dhrystone" -- bb run dhrystone $fast
grep -q "^dhrystone *v2.1 .*Dhry/s" "$TMP/out"; ok $? "a Dhrystones/s row"
grep -q "^dhrystone *v2.1/dmips .*DMIPS" "$TMP/out"; ok $? "a DMIPS row"
# (without a clock it is SKIPPED, folded into one line after the table)
grep -q "^dhrystone *v2.1/dmips-per-mhz \|^== 1 row per MHz or per cycle SKIPPED" \
	"$TMP/out"; ok $? "a DMIPS/MHz row"

# the per-MHz row: a number naming its clock, or SKIPPED and noclock
expect 0 "run dhrystone --format json" -- bb run dhrystone $fast --format json
awk '/"case": "v2.1\/dmips-per-mhz"/ { in_row = 1 }
	in_row && /"status": "SKIPPED"/ { skipped = 1 }
	in_row && /"noclock"/ { noclock = 1 }
	in_row && /"clock:(cpufreq|measured)"/ { clock = 1 }
	in_row && /"samples"/ { exit }
	END { exit !((skipped && noclock) || (clock && !skipped)) }' "$TMP/out"
ok $? "DMIPS/MHz: a clock named, or SKIPPED with noclock"
grep -q '"variant:fastest"' "$TMP/out" && grep -q '"variant:7"' "$TMP/out"
ok $? "dhrystone: across 8 code placements by default (variant extras)"
if [ ! -r /sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq ]; then
	grep -q "noclock" "$TMP/out"; ok $? "no cpufreq here: flagged noclock"
fi

# a known clock (the Raspberry Pi 4 fixture's cpufreq, 1500 MHz): a number
if [ -d "$top_srcdir/tests/fixtures/rpi4" ]; then
	expect 0 "run dhrystone, clock from a sysroot" -- \
	    env BOARDBENCH_SYSROOT="$top_srcdir/tests/fixtures/rpi4" \
	    $TEST_RUNNER "$BOARDBENCH" run dhrystone $fast --format json
	awk '/"case": "v2.1\/dmips-per-mhz"/ { in_row = 1 }
		in_row && /"status": "OK"/ { good = 1 }
		in_row && /"clock:cpufreq": 1500/ { clock = 1 }
		in_row && /"samples"/ { exit }
		END { exit !(good && clock) }' "$TMP/out"
	ok $? "DMIPS/MHz with a known clock: OK, naming clock:cpufreq 1500"
fi

# code placements: fixed is one placement; placement-check measures them
# all in one process (tiny counts: no figure is looked at)
expect 0 "dhrystone placement=fixed" -- bb run dhrystone $fast \
	-p dhrystone.placement=fixed --format json
grep -q '"params": "placement=fixed"' "$TMP/out" &&
	! grep -q '"variant:' "$TMP/out"
ok $? "placement=fixed: one placement, no variant extras"
expect 2 "placement=8 refused" -- bb run dhrystone $fast -p dhrystone.placement=8
pc="$top_builddir/scripts/placement-check"
expect 0 "placement-check dhrystone, tiny" -- \
	$TEST_RUNNER "$pc" --rounds 2 --min-sample 0.0005 dhrystone
[ "$(grep -c '^ *[0-7]  loop at [0-9]* mod 128 ' "$TMP/out")" -eq 8 ] &&
	[ "$(grep '^ *[0-7]  loop at ' "$TMP/out" | awk '{ print $4 }' | sort -u | wc -l)" -eq 8 ]
ok $? "placement-check: one line per placement, each at an offset of its own"
grep -q "^boardbench's figure: .*the geometric mean of the 8 placements" "$TMP/out" &&
	grep -q '^a classic binary runs one placement' "$TMP/out"
ok $? "placement-check: where a classic binary falls beside boardbench's figure"
grep -q '^spread: variant [0-7] / variant [0-7] = [0-9.]* (higher is better)$' \
	"$TMP/out"; ok $? "placement-check: the spread"
expect 2 "placement-check: placement=fixed has none to compare" -- \
	$TEST_RUNNER "$pc" -p dhrystone.placement=fixed dhrystone
expect 2 "placement-check: an unknown benchmark" -- $TEST_RUNNER "$pc" nosuch
expect 2 "placement-check: --rounds 1" -- \
	$TEST_RUNNER "$pc" --rounds 1 dhrystone
expect 2 "placement-check: no benchmark" -- $TEST_RUNNER "$pc"
expect 0 "placement-check --help" -- $TEST_RUNNER "$pc" --help
[ "$(widest "$TMP/out")" -le 80 ]; ok $? "its help fits 80 columns"

# the Raspberry Pi 4 tree gives a clock (cpufreq): the per-MHz and
# per-cycle rows are made, whatever this machine's counters
rpi4="$top_srcdir/tests/fixtures/rpi4"
expect 0 "run whetstone" -- env BOARDBENCH_SYSROOT="$rpi4" \
	"$BOARDBENCH" run whetstone $fast -p whetstone.loops=20
# each program's figure in the unit it prints (issue 27)
grep -q "^whetstone *classic-double .* MIPS " "$TMP/out"; ok $? "a MIPS row (classic)"
grep -q "^whetstone *mwips-double .* MWIPS " "$TMP/out"; ok $? "an MWIPS row (MWIPS)"
for m in array-elements array-param cond-jumps integer-arith trig-funcs \
    proc-calls array-refs std-funcs; do
	grep -Eq "^whetstone *classic-double/$m .*(/s|FLOPS)" "$TMP/out"; ok $? "module $m has a rate"
done
for m in n1-float n2-float n3-if n4-fixed n5-trig n6-float n7-assign n8-exp; do
	grep -Eq "^whetstone *mwips-double/$m .*(/s|FLOPS)" "$TMP/out"; ok $? "MWIPS module $m has a rate"
done
grep -q "^whetstone *classic-double/mips-per-mhz .* MIPS/MHz" "$TMP/out"
ok $? "a MIPS/MHz row for the classic (a clock)"
# the bare tree has none: the two per-MHz rows SKIPPED, in one line
expect 0 "run whetstone without a clock" -- env \
	BOARDBENCH_SYSROOT="$top_srcdir/tests/fixtures/bare" \
	"$BOARDBENCH" run whetstone $fast -p whetstone.loops=20
! grep -q "mips-per-mhz" "$TMP/out" &&
    grep -q "^== 2 rows per MHz or per cycle SKIPPED" "$TMP/out"
ok $? "no clock: the MIPS/MHz rows SKIPPED, folded into one line"
expect 0 "whetstone.variant=mwips" -- bb run whetstone $fast -p whetstone.variant=mwips
! grep -q "classic-double" "$TMP/out"; ok $? "variant=mwips: no classic row"

# per-cycle rows: from the cycle counter or, as here, the tree's clock
expect 0 "run md5ref" -- env BOARDBENCH_SYSROOT="$rpi4" \
	"$BOARDBENCH" run md5ref $fast -p md5ref.region_mib=2
grep -q "^md5ref *hot .*B/s" "$TMP/out"; ok $? "hot row"
grep -q "^md5ref *cold .*B/s" "$TMP/out"; ok $? "cold row"
grep -q "^md5ref *hot/cycles-per-byte .* cycle/B" "$TMP/out"; ok $? "cycles/byte row"
grep -q "^md5ref *cold/cycles-per-block .* cycle " "$TMP/out"; ok $? "cycles/block row"
! grep -q "SKIPPED" "$TMP/out"; ok $? "no row SKIPPED"

expect 0 "run fft" -- bb run fft $fast
grep -q "^fft *f32-1024 .*FFT/s" "$TMP/out"; ok $? "transforms/s row (as FFT/s)"
grep -q "^fft *f32-1024/flops .*MFLOPS" "$TMP/out"; ok $? "flop/s row, in MFLOPS"
# the transform across 8 code placements by default, one with fft.code=fixed
expect 0 "run fft --format json" -- bb run fft $fast --format json
grep -q '"params": "n=1024,placement=default,code=all"' "$TMP/out" &&
	grep -q '"variant:fastest"' "$TMP/out" && grep -q '"variant:7"' "$TMP/out"
ok $? "fft: across 8 code placements by default (variant extras)"
expect 0 "fft code=fixed" -- bb run fft $fast -p fft.code=fixed --format json
grep -q '"params": "n=1024,placement=default,code=fixed"' "$TMP/out" &&
	! grep -q '"variant:' "$TMP/out"
ok $? "code=fixed: one placement, no variant extras"
expect 2 "fft code=8 refused" -- bb run fft $fast -p fft.code=8
expect 0 "placement-check fft, tiny" -- \
	$TEST_RUNNER "$pc" --rounds 2 --min-sample 0.0005 fft
[ "$(grep -c '^ *[0-7]  transform at [0-9]* mod 128 ' "$TMP/out")" -eq 8 ]
ok $? "placement-check fft: one line per placement"

expect 0 "dhrystone --copies 2" -- bb run dhrystone $fast --copies 2
grep -q "^dhrystone *v2.1 \[copy 1/2\] .*Dhry/s" "$TMP/out" &&
	grep -q "^dhrystone *v2.1 \[copy 2/2\] .*Dhry/s" "$TMP/out"
ok $? "two per-copy figures"
[ "$(grep -c '^dhrystone *v2.1 \[2 copies\] .*Dhry/s' "$TMP/out")" -eq 1 ]
ok $? "one aggregate"
grep -q "^dhrystone *v2.1/dmips \[2 copies\]" "$TMP/out"
ok $? "DMIPS of the aggregate"
expect 0 "copies pinned" -- bb run dhrystone $fast --copies 2 --cpu 0
grep -q "v2.1 \[2 copies\]" "$TMP/out"; ok $? "two copies on one CPU"

expect 0 "--classic" -- bb run whetstone dhrystone $fast --classic \
	-p whetstone.loops=20
grep -q "^Loops: 20, Iterations: [0-9]*, Duration: [0-9.]* sec\.$" "$TMP/out"
ok $? "Whetstone: Loops, Iterations, Duration"
grep -q "^C Converted Double Precision Whetstones: [0-9.]* MIPS$" "$TMP/out"
ok $? "Whetstone: C Converted Double Precision Whetstones"
grep -q "^N6 floating point  *0\.9999998789080[0-9]* *[0-9.]* *[0-9.]*$" "$TMP/out"
ok $? "Whetstone: the MWIPS table, N6 with its published result"
grep -q "^MWIPS  *[0-9.]*  *[0-9.]*$" "$TMP/out"; ok $? "Whetstone: MWIPS line"
grep -q "lose modules to the compiler at -O1" "$TMP/out"
ok $? "Whetstone: the note on compilers deleting modules"
grep -q "^Microseconds for one run through Dhrystone: *[0-9.]* *$" "$TMP/out"
ok $? "Dhrystone: Microseconds for one run"
grep -q "^Dhrystones per Second: *[0-9.]* *$" "$TMP/out"
ok $? "Dhrystone: Dhrystones per Second"

# linpack: one block per case, none for its derived rows
expect 0 "linpack --classic" -- bb run linpack $fast --classic -p linpack.n=21
[ "$(grep -c '^LINPACK benchmark' "$TMP/out")" -eq 6 ]
ok $? "linpack --classic: six blocks for six cases (derived rows have none)"
[ "$(grep -c '^Average rolled and unrolled performance:' "$TMP/out")" -eq 2 ]
ok $? "linpack --classic: the classic's average block, once per precision"
# the parameter line shows the leading dimension used: lda=0 is 2n
grep -q "^== linpack parameters: n=21,lda=42,precision" "$TMP/out"
ok $? "linpack: the parameters show lda=42 (given as 0)"
# the average is made from the rolled and unrolled rows: between them
# (issue 27), whatever the machine's speed or load
for p in double single; do
	awk -v p="$p" '$1 == "linpack" && $2 == p "-rolled" { r = $3 }
		$1 == "linpack" && $2 == p "-unrolled" { u = $3 }
		$1 == "linpack" && $2 == p "-average" { a = $3 }
		END { lo = r < u ? r : u; hi = r < u ? u : r
			exit !(a != "" && a + 0 >= lo - 0.1 &&
			    a + 0 <= hi + 0.1) }' "$TMP/out"
	ok $? "linpack $p-average lies between $p-rolled and $p-unrolled"
done

# bad input: exit 2, one line, nothing run
expect 2 "whetstone.loops=0" -- bb run whetstone $fast -p whetstone.loops=0
expect 2 "whetstone.loops too large" -- bb run whetstone $fast -p whetstone.loops=1000000
expect 2 "md5ref.size=0" -- bb run md5ref $fast -p md5ref.size=0
expect 2 "md5ref.region_mib too large" -- bb run md5ref $fast -p md5ref.region_mib=4096
expect 2 "fft.n not a power of two" -- bb run fft $fast -p fft.n=1000
ncpu=$(getconf _NPROCESSORS_ONLN)
expect 2 "--copies above 4 x CPUs" -- bb run dhrystone $fast --copies $((4 * ncpu + 1))
grep -q "copies" "$TMP/err"; ok $? "the error names --copies"
expect 0 "--copies at 4 x CPUs is allowed" -- bb run null $fast --copies $((4 * ncpu)) \
	--budget 0.02
expect 2 "--copies 0" -- bb run dhrystone $fast --copies 0
expect 2 "--cpu that does not exist" -- bb run dhrystone $fast --cpu 4095
grep -q "does not exist or is offline" "$TMP/err"; ok $? "the error says why"
expect 2 "--cpu list with one missing" -- bb run dhrystone $fast --cpu "0,$ncpu"
offline=$(cat /sys/devices/system/cpu/offline 2>/dev/null)
if [ -n "$offline" ]; then
	expect 2 "--cpu an offline CPU" -- bb run dhrystone $fast --cpu "${offline%%[-,]*}"
fi
# a CPU outside the affinity (taskset) is not called offline (issue 25)
if command -v taskset >/dev/null 2>&1 && [ "$ncpu" -ge 2 ] &&
    [ -z "${TEST_RUNNER:-}" ]; then
	expect 2 "--cpu outside the process's affinity" -- \
		taskset -c 0 "$BOARDBENCH" run null $fast --no-save --cpu 1
	grep -q "CPU 1 is outside this process's CPU affinity (allowed: 0)" \
		"$TMP/err"
	ok $? "the error says so and names the CPUs allowed"
fi
done_testing
