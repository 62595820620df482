#!/bin/sh
# The text view (issue 13): every line of run and show fits 80 columns
# with long crypto names, units people quote, the monitor's line, the
# headline of quoted figures and --no-headline.
. "${top_srcdir:-.}/tests/cli/lib.sh"

db="$TMP/v.db"
fast="--profile quick --budget 0.02 --min-sample 0.002 --warmup 0 --no-progress"

# crypto names are the longest: cipher through a library this build has
# (each is optional: OpenSSL, else libgcrypt; with neither, the cipher's
# lines are skipped), from its own build identity
lib=
bb info >"$TMP/info" 2>/dev/null
for l in openssl:openssl libgcrypt:gcrypt; do
	grep "^build\.libraries\.${l%%:*} " "$TMP/info" | grep -vq 'not built' &&
	    { lib=${l#*:}; break; }
done
# with_lib DESCRIPTION: skipped without a library, else ok on status $?
with_lib() {
	st=$?
	if [ -z "$lib" ]; then
		n=$((n + 1))
		echo "ok $n # SKIP $1: neither OpenSSL nor libgcrypt built in"
	else
		ok $st "$1"
	fi
}
expect 0 "run dhrystone${lib:+ and AES-128-CBC at 8 KiB and 16 KiB}" -- \
	env COLUMNS=80 "$BOARDBENCH" run --db "$db" $fast dhrystone \
	${lib:+cipher -p cipher.algorithms=aes-128-cbc -p cipher.sizes=8192,16384 \
	-p cipher.backends=$lib}
cp "$TMP/out" "$TMP/run"
w=$(widest "$TMP/run"); [ "$w" -le 80 ]; ok $? "run: every line fits 80 columns ($w)"
grep -q "^cipher  *aes-128-cbc/$lib/encrypt/16384  *[0-9.]* MB/s " "$TMP/run"
with_lib "a long crypto name on one row, in MB/s"
grep -q "^dhrystone  *v2.1/dmips  *[0-9.]* DMIPS " "$TMP/run"; ok $? "DMIPS"
grep -q "^dhrystone  *v2.1  *[0-9]* Dhry/s " "$TMP/run"; ok $? "Dhrystones/s"
grep -q "^== monitor: " "$TMP/run"; ok $? "the monitor's line"
grep -q "^== headline" "$TMP/run"; ok $? "a headline"
grep -q "^  Dhrystone 2.1  *[0-9.]* DMIPS" "$TMP/run"; ok $? "headline: DMIPS"
grep -q "^  AES-128-CBC 8 KiB ($lib)  *[0-9.]* MB/s" "$TMP/run"
with_lib "headline: AES-128-CBC at 8 KiB per library"
! grep -q "^  AES-128-CBC.*16384" "$TMP/run"; ok $? "headline: not 16 KiB"
! grep -q "^  Linpack" "$TMP/run"; ok $? "headline: only what was measured"

expect 0 "run --no-headline" -- bb run --no-save $fast --no-headline dhrystone
! grep -q "headline" "$TMP/out"; ok $? "run --no-headline: none"

expect 0 "show" -- env COLUMNS=80 "$BOARDBENCH" show --db "$db"
w=$(widest "$TMP/out"); [ "$w" -le 80 ]; ok $? "show: every line fits 80 columns ($w)"
grep -q "^  AES-128-CBC 8 KiB ($lib)" "$TMP/out"; with_lib "show: the headline"
expect 0 "show --no-headline" -- bb show --db "$db" --no-headline
! grep -q "headline" "$TMP/out"; ok $? "show --no-headline: none"
expect 0 "show --format csv" -- bb show --db "$db" --format csv
grep -q ",B/s," "$TMP/out" && ! grep -q "MB/s" "$TMP/out" || [ -z "$lib" ]
ok $? "CSV keeps base units"

expect 0 "show at COLUMNS=120" -- env COLUMNS=120 "$BOARDBENCH" show --db "$db"
w=$(widest "$TMP/out"); [ "$w" -le 120 ]; ok $? "120 columns are kept ($w)"

# info starts with a summary, the detail after it
expect 0 "info on the Raspberry Pi 4 tree" -- env \
	BOARDBENCH_SYSROOT="$top_srcdir/tests/fixtures/rpi4" "$BOARDBENCH" info
head -1 "$TMP/out" | grep -q "^== board: Raspberry Pi 4 Model B Rev 1.4 (SoC brcm,bcm2711)$"
ok $? "info: the board first"
grep -q "^== cpu: 4 x Cortex-A72; cpus 0-3 600-1500 MHz; governor ondemand$" "$TMP/out"
ok $? "info: cores and clocks"
grep -q "^== warning: under-voltage since boot" "$TMP/out"; ok $? "info: past under-voltage"
grep -q "^== warning: governor ondemand, not performance" "$TMP/out"
ok $? "info: not the performance governor"
grep -q "^system.board  *Raspberry Pi 4" "$TMP/out"; ok $? "info: the detail after it"

done_testing
