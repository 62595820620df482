#!/bin/sh
# info on this machine and on the fixture trees; monitoring flags on rows;
# --hot-temp, --cool-down, --wait-max, --no-monitor, --measure-clock.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fx="$top_srcdir/tests/fixtures"
fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0"

# the JSON checks read the document with python3, which a fresh Debian
# (the Quick start's packages) does not have: they skip without it
py=$(command -v python3) || py=
py_why="python3 not installed (Debian package python3)"

# has LINE-REGEX DESCRIPTION: a line of the last output matches
has() { grep -q "$1" "$TMP/out"; ok $? "$2"; }
# hasj: the same on info's lines joined (a key longer than its column has
# its value on the next line)
hasj() { info_joined "$TMP/out" | grep -q "$1"; ok $? "$2"; }

expect 0 "info on this machine" -- bb info
has "^system.kernel " "info names the kernel"
has "^build.elf.agrees  *true" "macros and ELF attributes agree"
test ! -s "$TMP/err"; ok $? "nothing on stderr"
expect 0 "info --format json" -- bb info --format json
has '"build": {' "JSON carries the build"
has '"throttling": {' "JSON carries the throttling bits"

BOARDBENCH_SYSROOT="$fx/rpi4"; export BOARDBENCH_SYSROOT
expect 0 "info on the Pi 4 tree" -- bb info
# keys and values in two columns: every value starts at column 30, a key
# too long for its column has its value alone on the next line
awk '/^== / || /^   / || /^$/ { next }
	!/ / && length($0) > 28 { next }
	substr($0, 29, 1) != " " || substr($0, 30, 1) == " " { print }' \
	"$TMP/out" >"$TMP/unaligned"
[ ! -s "$TMP/unaligned" ] && grep -q '^system.throttling.since_boot.under_voltage$' "$TMP/out"
ok $? "info: every value in one column, a long key's on the next line"
sed 's/^/# not aligned: /' "$TMP/unaligned" | head -5
has "^system.board  *Raspberry Pi 4 Model B Rev 1.4$" "rpi4: board"
has "^system.cpu_model  *4 x Cortex-A72$" "rpi4: four A72 cores"
has "^system.clusters.0.governor  *ondemand$" "rpi4: governor"
has "^system.clusters.0.max_mhz  *1500" "rpi4: max clock"
has "^system.thermal.0.temp_c  *51.121$" "rpi4: temperature"
hasj "^system.throttling.since_boot.under_voltage  *true$" \
	"rpi4: under-voltage since boot"
hasj "^system.throttling.now.under_voltage  *false$" "rpi4: not now"
expect 0 "rows are hot above --hot-temp" -- \
	bb run null $fast --no-save --hot-temp 50
grep "^null *add " "$TMP/out" | grep -Eq " [A-Z]*H[A-Z]*$"
ok $? "the add row says hot (H)"
expect 0 "not hot at the default 80 C" -- bb run null $fast --no-save
grep "^null *add " "$TMP/out" | grep -q "hot"; ok $(( ! $? )) "no hot flag"
expect 0 "--no-monitor sets no flags" -- \
	bb run null $fast --no-save --hot-temp 50 --no-monitor
grep "^null *add " "$TMP/out" | grep -q "hot"; ok $(( ! $? )) "no hot flag"
expect 0 "CSV carries the flags" -- \
	bb run null $fast --no-save --hot-temp 50 --format csv
grep ',null,selftest,add,' "$TMP/out" | grep -Eq ',(hot|"hot,[a-z,]*"),$'
ok $? "the flags column of a CSV row says hot"
expect 0 "a stored run keeps flags and monitor extras" -- \
	bb run null $fast --db "$TMP/m.db" --hot-temp 50
expect 0 "export it" -- bb export --db "$TMP/m.db" --format json
has '"mon.temp_max_c": 51.121' "the temperature is stored with the row"
has '"hot"' "the flag is stored"
has '"mon.pace": [0-9]' "the pace check before and after the case is stored with the row"
has '"rate": [0-9]' "the snapshot's noise floor has the fixed loop's pace"
has "not 'performance'" "the governor warning is in the snapshot"
# seconds since the epoch, to the millisecond where date has %N
now_s() { date +%s.%N | sed 's/\.N*$//'; }
# took START MIN MAX: now - START within [MIN, MAX) seconds
took() { awk -v a="$1" -v b="$(now_s)" -v lo="$2" -v hi="$3" \
    'BEGIN { exit !(b - a >= lo && b - a < hi) }'; }
t0=$(now_s)
expect 0 "--cool-down below the current temperature" -- \
	bb run null $fast --no-save --cool-down 60 --wait-max 30 --format json
took "$t0" 0 30; ok $? "51 C is below 60 C: no waiting for --wait-max 30"
has '"cool_down_c": 60' "the cool-down target is in the snapshot"
t0=$(now_s)
expect 0 "--cool-down that cannot be reached gives up at --wait-max" -- \
	bb run null $fast --no-save --cool-down 40 --wait-max 3
took "$t0" 3 1000; ok $? "51 C is not below 40 C: it waited --wait-max 3 s"

cp -R "$fx/rpi4" "$TMP/pi"
printf '50005\n' > "$TMP/pi/sys/devices/platform/soc/soc:firmware/get_throttled"
BOARDBENCH_SYSROOT="$TMP/pi"
expect 0 "under-voltage now" -- bb run null $fast --no-save
grep "^null *add " "$TMP/out" | grep -Eq " [A-Z]*T[A-Z]*$"
ok $? "rows say throttled (T)"
expect 0 "info decodes it" -- bb info
hasj "^system.throttling.now.under_voltage  *true$" "under-voltage now"
hasj "^system.throttling.now.throttled  *true$" "throttled now"

BOARDBENCH_SYSROOT="$fx/rk3588"
expect 0 "info on the RK3588 tree" -- bb info
has "^system.cpu_model  *4 x Cortex-A55 + 4 x Cortex-A76$" "rk3588: cores"
has "^system.clusters.1.cpus  *4-5$" "rk3588: policy4 cluster"
has "^system.clusters.2.cur_mhz  *2256" "rk3588: policy6 clock"
hasj "^system.memory.swap_devices.0.algorithm  *zstd$" "rk3588: zram"
expect 0 "a clock below max under performance" -- bb run null $fast --no-save
grep "^null *add " "$TMP/out" | grep -Eq " [A-Z]*T[A-Z]*$"
ok $? "rows say throttled (T)"
expect 0 "pinned to the A55 cluster" -- bb run null $fast --no-save --cpu 0
grep "^null *add " "$TMP/out" | grep -q "throttled"
ok $(( ! $? )) "rows are not throttled"

BOARDBENCH_SYSROOT="$fx/vm-kvm"
expect 0 "info on a QEMU/KVM guest" -- bb info
has "^== vm: kvm (a virtual machine: figures drift" "vm-kvm: the summary says so"
expect 0 "a run on it" -- bb run null --no-save $fast
sed -n '/^== machine:/,/^== run/p' "$TMP/out" | tr -s '\n ' '  ' |
	grep -q "| vm kvm"
ok $? "vm-kvm: a run's machine line (wrapped) names the vm"
grep -q "emulated" "$TMP/out"
ok $(( ! $? )) "vm-kvm: a virtual machine is not emulation"

# QEMU's virt machine under TCG, read in the guest: emulated by its PMU;
# the same with a hardware PMU's event list (as KVM passes through): a
# vm only, nothing inside says which accelerator
BOARDBENCH_SYSROOT="$fx/qemu-virt"
expect 0 "info on QEMU's virt machine under TCG" -- bb info
has "^== warning: emulated by qemu-system" "qemu-virt: emulated, said out loud"
has "^== vm: qemu (a virtual machine" "qemu-virt: and a vm"
hasj "^system.emulator_evidence .*QEMU's TCG PMU" "qemu-virt: by QEMU's PMU"
cp -R "$fx/qemu-virt" "$TMP/virt-pmu"
: > "$TMP/virt-pmu/sys/bus/event_source/devices/armv8_pmuv3/events/l1d_cache"
BOARDBENCH_SYSROOT="$TMP/virt-pmu"
expect 0 "info on QEMU's virt machine with a hardware PMU" -- bb info
has "^== vm: qemu (a virtual machine" "virt with a hardware PMU: a vm"
grep -q "emulat" "$TMP/out"
ok $(( ! $? )) "virt with a hardware PMU: not called emulated"

BOARDBENCH_SYSROOT="$fx/bare"
expect 0 "info on a bare container" -- bb info
test ! -s "$TMP/err"; ok $? "no errors"
has "^system.board  *unknown$" "bare: board unknown"
has "^system.clusters  *none$" "bare: no clusters"
has "^system.thermal  *none$" "bare: no thermal zones"
expect 0 "info --format json on a bare container" -- bb info --format json
has '"board": null' "bare: JSON null"
expect 0 "run on a bare container" -- bb run null $fast --no-save
expect 0 "--measure-clock on a bare container" -- \
	bb info --measure-clock --format json
has '"measured_mhz"' "a clock report"
has '"perf_mhz"' "with the counter cross-check field"

BOARDBENCH_SYSROOT="$fx/malformed"
expect 0 "info on malformed values" -- bb info
has "^system.clusters.0.max_mhz  *unknown$" "malformed: unknown clock"
# a long note wraps (COLUMNS or 80); joined it reads whole
info_joined "$TMP/out" > "$TMP/joined"
grep -q "cpuinfo_max_freq: not a number ('fast')" "$TMP/joined"
ok $? "malformed: a note says why"
grep -q "temp: not a number ('hot')" "$TMP/joined"
ok $? "malformed: temperature note"
w=$(widest "$TMP/out"); [ "$w" -le 80 ]
ok $? "malformed: info's long notes wrap to 80 columns ($w)"
expect 0 "run on malformed values" -- bb run null $fast --no-save
unset BOARDBENCH_SYSROOT

# more than 64 CPUs: none is cut (issue 25); trees too big for the source
# tree are made by tests/fixtures/many-cpus.sh
sh "$fx/many-cpus.sh" "$TMP/c80" d08:80 || exit 99
BOARDBENCH_SYSROOT="$TMP/c80"; export BOARDBENCH_SYSROOT
expect 0 "info on 80 CPUs under one policy" -- bb info
has "^== cpu: 80 x Cortex-A72; cpus 0-79 1000-2000 MHz;" "80 CPUs: the summary"
has "^system.cpus_online  *80$" "80 CPUs: all online"
has "^system.clusters.0.cpus  *0-79$" "80 CPUs: one cluster of 0-79"
has "^system.clusters.0.count  *80$" "80 CPUs: of 80"
expect 0 "info --format json on 80 CPUs" -- bb info --format json
if [ -n "$py" ]; then
	python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["system"]
assert [c["cpu"] for c in s["cores"]] == list(range(80)), "cores"
assert s["clusters"][0]["cpus"] == "0-79", "cluster"' "$TMP/out" 2>&1
	ok $? "80 CPUs: JSON carries a core for each CPU"
else
	echo "ok $((n = n + 1)) # SKIP 80 CPUs' JSON: $py_why"
fi
expect 0 "a stored run on 80 CPUs" -- bb run null $fast --db "$TMP/c80.db"
expect 0 "its machine line" -- bb show --db "$TMP/c80.db"
has "80 x Cortex-A72 @ 2000 MHz" "80 CPUs: the stored run's machine line"
sh "$fx/many-cpus.sh" "$TMP/c128" d05:64 d0b:64:1500000:schedutil || exit 99
BOARDBENCH_SYSROOT="$TMP/c128"
expect 0 "info on 128 CPUs in two clusters" -- bb info
sed -n '/^== cpu:/,/^== os:/p' "$TMP/out" | tr -s '\n ' '  ' |
	grep -q "^== cpu: 64 x Cortex-A55 + 64 x Cortex-A76; cpus 0-63 1000-2000 MHz, cpus 64-127 1000-2000 MHz; governor mixed =="
ok $? "128 CPUs: the summary (wrapped) names both clusters"
has "^system.clusters.1.cpus  *64-127$" "128 CPUs: the second cluster"
has "^system.clusters.1.policy  *policy64$" "128 CPUs: is policy64"
has "^system.clusters.1.cur_mhz  *1500" "128 CPUs: at its own clock"
expect 0 "a run on it warns of policy64's governor" -- \
	bb run null $fast --no-save --format json
has "schedutil (policy64)" "128 CPUs: the governor check sees policy64"
sh "$fx/many-cpus.sh" "$TMP/c4096" $(i=0; while [ $i -lt 128 ]; do
	printf 'd0c:32 '; i=$((i + 1)); done) || exit 99
BOARDBENCH_SYSROOT="$TMP/c4096"
expect 0 "info --format json on 4096 CPUs in 128 policies" -- \
	bb info --format json
if [ -n "$py" ]; then
	python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["system"]
assert s["cpus_online"] == 4096 and len(s["cores"]) == 4096, "cpus"
assert s["cpu_model"] == "4096 x Neoverse-N1", s["cpu_model"]
want = [("policy%d" % (32 * k), "%d-%d" % (32 * k, 32 * k + 31))
        for k in range(128)]
got = [(c["policy"], c["cpus"]) for c in s["clusters"]]
assert got == want, got[:3]' "$TMP/out" 2>&1
	ok $? "4096 CPUs: every CPU, and the 128 policies in order"
else
	echo "ok $((n = n + 1)) # SKIP 4096 CPUs' JSON: $py_why"
fi
unset BOARDBENCH_SYSROOT

# a thermal zone beyond any real temperature is a broken sensor: unknown,
# with a note, and never a hot row (issue 25)
for t in 999999999 -273150000; do
	rm -rf "$TMP/hotfx" && cp -r "$fx/rpi4" "$TMP/hotfx" || exit 99
	echo "$t" > "$TMP/hotfx/sys/class/thermal/thermal_zone0/temp"
	BOARDBENCH_SYSROOT="$TMP/hotfx" bb info > "$TMP/out" 2>&1
	grep -q "^system.thermal.0.temp_c  *unknown$" "$TMP/out" &&
	    grep -q "^system.soc_temp_c  *unknown$" "$TMP/out" &&
	    tr -s ' \n' '  ' < "$TMP/out" |
	    grep -q "temp: $t millidegrees is outside -60 to 200 C"
	ok $? "a thermal zone at $t mC reads as unknown, with a note"
	BOARDBENCH_SYSROOT="$TMP/hotfx" bb run null $fast --no-save \
	    --format csv > "$TMP/out" 2>&1
	! grep -q "hot" "$TMP/out" && ! grep -q "mon.temp_max" "$TMP/out"
	ok $? "... and no row of a run is hot"
done

expect 0 "info --measure-clock" -- bb info --measure-clock
has "^  CPUS  *CPU  *MEASURED" "the clock table"
cache="$XDG_CACHE_HOME/boardbench/clock.json"
test -s "$cache"; ok $? "the result is kept in XDG_CACHE_HOME"
test ! -e "$XDG_DATA_HOME/boardbench/clock.json"; ok $? "not beside the store"
cp "$cache" "$TMP/cache-real"
# the measured clock names itself on a per-MHz row of the real machine
expect 0 "run dhrystone with the measured clock" -- \
	bb run dhrystone --profile quick --no-save --format json --no-monitor
grep -q '"clock:measured"' "$TMP/out"; ok $? "per-MHz row uses the measured clock"
# a fixture sysroot keeps its own entry: the real machine's stays valid
BOARDBENCH_SYSROOT="$fx/rpi4" bb info --measure-clock >/dev/null 2>&1
grep -q "sysroot:$fx/rpi4" "$cache"; ok $? "the fixture's clock under its own key"
expect 0 "run dhrystone after a fixture's --measure-clock" -- \
	bb run dhrystone --profile quick --no-save --format json --no-monitor
grep -q '"clock:measured"' "$TMP/out"
ok $? "the real machine's measured clock is still used"
# --db does not move the cache
rm -f "$cache"
expect 0 "info --measure-clock with --db elsewhere" -- \
	bb run null --db "$TMP/other.db" --measure-clock --profile quick
test -s "$cache"; ok $? "--measure-clock keeps it in the cache folder"
BOARDBENCH_CLOCK_CACHE="$TMP/elsewhere.json" bb info --measure-clock \
	>/dev/null 2>&1
test -s "$TMP/elsewhere.json"; ok $? "BOARDBENCH_CLOCK_CACHE names the file"
# the cache's temporary file is no predictable name and follows no link
# (issue 25): a link where PATH.PID.tmp would be, made by the very process
# that then becomes boardbench, is left alone, and so is what it names
# (not under a TEST_RUNNER: the binary itself must take the shell's pid)
if [ -z "${TEST_RUNNER:-}" ]; then
	mkdir -p "$TMP/shared" || exit 99
	echo precious > "$TMP/victim"
	BOARDBENCH_CLOCK_CACHE="$TMP/shared/clock.json" sh -c \
	    'ln -s "$1" "$BOARDBENCH_CLOCK_CACHE.$$.tmp" &&
	    exec "$0" info --measure-clock' \
	    "$BOARDBENCH" "$TMP/victim" >/dev/null 2>&1
	[ "$(cat "$TMP/victim")" = precious ] &&
	    test -s "$TMP/shared/clock.json"
	ok $? "the clock cache never writes through a link"
	[ "$(ls "$TMP/shared" | grep -vc '^clock.json\(\..*\.tmp\)\?$')" -eq 0 ]
	ok $? "... and leaves no temporary: $(ls "$TMP/shared" | tr '\n' ' ')"
fi
# without a clock, a per-MHz row says how to get one
rm -f "$cache"
if ! ls /sys/devices/system/cpu/cpufreq/policy* >/dev/null 2>&1; then
	expect 0 "run dhrystone, no clock known" -- \
		bb run dhrystone --profile quick --no-save --no-monitor
	grep -q "measure-clock" "$TMP/out"
	ok $? "a SKIPPED per-MHz row says how to get a clock"
fi

expect 2 "bad --hot-temp" -- bb run null --no-save --hot-temp 10
expect 2 "text --hot-temp" -- bb run null --no-save --hot-temp warm
expect 2 "bad --cool-down" -- bb run null --no-save --cool-down 5
expect 2 "too hot --cool-down" -- bb run null --no-save --cool-down 200
expect 2 "bad --wait-max" -- bb run null --no-save --wait-max 0
expect 2 "info with an unknown option" -- bb info --bogus
expect 2 "info --format xml" -- bb info --format xml

done_testing
