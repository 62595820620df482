#!/bin/sh
# A booted ARM Linux in the loop (scripts/arm-vm): arm64 and 32-bit ARM
# cross builds run natively on Debian's arm64 kernel under QEMU's full-
# system emulation, not under qemu-user on the host's kernel.
#   virt (2 x Cortex-A72, PMU): every known-answer test built for arm64
#     passes; info names the cores by their part number and says vm qemu
#     and emulated (QEMU's TCG PMU); `run null` spin
#     keeps its known truth; pingpong's seed 004 table says instructions
#     are unavailable (QEMU counts cycles only) and shows no CPI.
#   virt with -icount shift=0: both counters open and each hand-off's
#     cycles equal its instructions, CPI 1.000.
#   raspi3b: info names the Raspberry Pi 3 from its device tree, its
#     Cortex-A53 and caches, and says emulated (qemu-system); the armhf
#     build sees NEON and VFPv4 in the compat AT_HWCAP; an armhf
#     hard-float build against an armel softfp one (static; `run
#     --against`) stores both runs, compares them, flags every row
#     emulated; the guest is dated this year (arm-vm gives it the host's
#     time: it has no RTC), and set back to 1970 a run warns once on
#     stderr that the clock is unset and its stored machine line says so.
# And arm-vm refuses a bad machine (2) and a missing QEMU (3) clearly.
# The packages are cached in $BB_ARM_VM_CACHE (default the user's
# ~/.cache/boardbench/arm-vm, as arm-vm's own).  On the 2-core
# development VM at load 4-7: 6 min 13 s with an empty cache, 8 min 49 s
# with a full one (busier then), most of it the three cross builds.  Skips (77) where qemu-system-aarch64, the cross
# compilers or their sysroots (scripts/setup-arm-cross) are missing.
cache=${BB_ARM_VM_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/boardbench/arm-vm}
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/lib-src.sh"

[ -z "${TEST_RUNNER:-}" ] ||
	skip_all "this is already a cross build (TEST_RUNNER is set)"
command -v qemu-system-aarch64 >/dev/null 2>&1 ||
	skip_all "no qemu-system-aarch64 (Debian's qemu-system-arm)"
R=${ARM_CROSS_ROOT:-/opt/arm-cross}
for t in aarch64-linux-gnu arm-linux-gnueabihf arm-linux-gnueabi; do
	command -v "$t-gcc" >/dev/null 2>&1 && [ -x "$R/bin/$t-pkg-config" ] ||
		skip_all "no $t-gcc or $R/bin/$t-pkg-config (run scripts/setup-arm-cross as root)"
done
command -v dpkg-deb >/dev/null 2>&1 || skip_all "no dpkg-deb (not Debian)"
vm="$top_srcdir/scripts/arm-vm"
echo 'echo hi' > "$TMP/hi.sh"
expect 2 "arm-vm: an unknown machine is refused" -- \
	sh "$vm" -m raspi5 "$TMP/hi.sh"
expect 3 "arm-vm: refuses clearly without QEMU" -- \
	env ARM_VM_QEMU=/nonexistent/qemu-system-aarch64 sh "$vm" "$TMP/hi.sh"
grep -q "^arm-vm: /nonexistent/qemu-system-aarch64 is missing: install Debian's qemu-system-arm" "$TMP/err"
ok $? "arm-vm: and says what to install"

cross_src "$TMP/src"

# cross NAME TRIPLET SYSROOT CFLAGS [EXTRA] [TARGETS]: build into $TMP/NAME
cross() {
	t0=$(date +%s)
	d="$TMP/$1"
	mkdir "$d"
	(cd "$d" && unset MAKEFLAGS MFLAGS MAKELEVEL &&
	 ../src/configure --build="$build" --host="$2" \
		CC="$2-gcc --sysroot=$R/$3" CFLAGS="$4" \
		PKG_CONFIG="$R/bin/$2-pkg-config" $5 &&
	 make -j2 ${6:-boardbench}) >"$d/build.out" 2>&1
	st=$?
	ok $st "$1: configure --host=$2 CFLAGS='$4' $5 and make ($(($(date +%s) - t0)) s)"
	[ $st -eq 0 ] || tail -15 "$d/build.out" | sed 's/^/# /'
	return $st
}
mkdir "$TMP/stage" "$TMP/stage/a64" "$TMP/stage/a64/kat"
cross a64 aarch64-linux-gnu arm64 "-O2 -mcpu=cortex-a72"
kats=$(cd "$TMP/a64" && unset MAKEFLAGS MFLAGS MAKELEVEL && make -s print-kat-tests)
(cd "$TMP/a64" && unset MAKEFLAGS MFLAGS MAKELEVEL && make -j2 $kats) \
	>"$TMP/a64/kats.out" 2>&1
ok $? "a64: the known-answer test programs ($(echo $kats | wc -w))"
cp "$TMP/a64/boardbench" "$TMP/stage/a64/"
for k in $kats; do
	cp "$TMP/a64/$k" "$TMP/stage/a64/kat/"
done
# vmboot MACHINE SCRIPT: boot it and run the script (no TAP lines: it
# may run in the background); vmdone MACHINE: its output into $TMP/out,
# and whether it booted, ran the script and brought its status back
vmboot() {
	t0=$(date +%s)
	if [ "$1" = raspi3b ]; then set -- "$@" -a "$TMP/stage/hf" \
		-a "$TMP/stage/sf"; fi
	m=$1 script=$2
	shift 2
	"$vm" --cache "$cache" -m "$m" -t 400 -a "$TMP/stage/a64" "$@" \
		"$script" >"$TMP/$m.out" 2>"$TMP/$m.err"
	echo "$? $(($(date +%s) - t0))" > "$TMP/$m.st"
}
vmdone() {
	read -r st secs < "$TMP/$1.st"
	cp "$TMP/$1.out" "$TMP/out"
	ok $st "$1: booted, the script ran, its status came back ($secs s)"
	[ $st -eq 0 ] || { tail -20 "$TMP/$1.err" | sed 's/^/# /'
		tail -20 "$TMP/out" | sed 's/^/# /'; }
}
# part NAME: the part of $TMP/out after the line "@@ NAME" (to the next)
part() { awk -v n="@@ $1" '$0 == n { p = 1; next } /^@@ / { p = 0 } p' "$TMP/out"; }

# ---- virt: Cortex-A72 with a PMU -----------------------------------------
cat > "$TMP/virt.sh" <<'EOF'
A=a64/boardbench
for k in a64/kat/t-*; do
	$k > /tmp/kat 2>&1
	echo "@@ kat ${k##*/} $? $(grep -c '^ok' /tmp/kat) $(grep -c '^not ok' /tmp/kat)"
	grep -A2 '^not ok' /tmp/kat | head -n 6
done
echo "@@ info"; $A info 2>&1; echo "@@ info-status $?"
echo "@@ spin"
$A run null -p null.mode=spin -p null.ns=100000 -p null.kind=rate \
	--profile quick --warmup 0 --no-save --format json 2>/dev/null
echo "@@ pingpong"
$A run pingpong -p pingpong.placement=same -p pingpong.mech=pipe,futex \
	-p pingpong.passes=64 --profile quick --warmup 0 --no-save --classic 2>&1
EOF
mkdir "$TMP/stage/hf" "$TMP/stage/sf"
# the virt guest needs only the arm64 build: it runs while the 32-bit
# ones build (on a shared 2-core machine the test's wall time is the
# 10 minutes it has)
vmboot virt "$TMP/virt.sh" &
bootpid=$!
cross hf arm-linux-gnueabihf armhf "-O2"
cross sf arm-linux-gnueabi armel \
	"-O2 -march=armv7-a -mfloat-abi=softfp -mfpu=vfpv3-d16" \
	--enable-static-binary
cp "$TMP/hf/boardbench" "$TMP/stage/hf/" && cp "$TMP/sf/boardbench" "$TMP/stage/sf/"
ok $? "the 32-bit builds staged for the raspi3b image"
wait $bootpid
vmdone virt
nk=$(grep -c '^@@ kat ' "$TMP/out")
[ "$nk" -eq "$(echo $kats | wc -w)" ]; ok $? "virt: every known-answer test ran ($nk)"
grep '^@@ kat ' "$TMP/out" | while read -r _ _ k st nok nbad; do
	# 77: a library this build lacks (the sysroot has no libmpg123)
	{ [ "$st" -eq 0 ] && [ "$nok" -gt 0 ] && [ "$nbad" -eq 0 ]; } ||
		{ [ "$st" -eq 77 ] && [ "$nbad" -eq 0 ]; }
	ok $? "virt: $k on the arm64 kernel (exit $st, $nok ok, $nbad not ok)"
done > "$TMP/katlines"
cat "$TMP/katlines"
n=$((n + $(wc -l < "$TMP/katlines")))
failed=$((failed + $(grep -c '^not ok' "$TMP/katlines")))
grep -q "^@@ info-status 0$" "$TMP/out"; ok $? "virt: info ran"
part info | grep -q "^== cpu: 2 x Cortex-A72"; ok $? "virt: info says 2 x Cortex-A72"
part info | grep -q "^system.cores.0.part  *0xd08$"
ok $? "virt: the A72's part number from /proc/cpuinfo"
part info | grep -q "^system.vm  *qemu$"; ok $? "virt: vm qemu (linux,dummy-virt)"
part info | grep -q "^== warning: emulated by qemu-system" &&
	part info | grep -q "^system.emulator_evidence .*QEMU's TCG PMU"
ok $? "virt: emulated by qemu-system, told by QEMU's TCG PMU"
part info | grep -q "^counters.available  *false$" &&
	part info | grep -q "^counters.why  *perf_event_open(instructions)"
ok $? "virt: QEMU's PMU counts no instructions, said so"
part spin > "$TMP/spin.json"
v=$(json_get spin median "$TMP/spin.json")
c=$(json_get spin cpu/wall "$TMP/spin.json")
# only the upper bound: a TCG guest's vCPU loses the host CPU unseen (no
# steal time), so its cpu/wall stays 1 while the rate falls with the
# host's load (0.48 of the truth at load 12, cpu/wall 1.0)
between "$v" 1 10100; ok $? "virt: null spin never beats its truth, 10000 op/s ($v)"
between "$c" 0.01 1.01; ok $? "virt: its CPU share is a share ($c)"
part pingpong > "$TMP/pp"
grep -q "^service_name  *min\[cyc/inst\]" "$TMP/pp"; ok $? "virt: the seed 004 table"
awk '/^(pipe|futex)\/same-core/ { n++; if ($NF !~ /passes\)$/ || $0 ~ /[0-9]\.[0-9][0-9][0-9]  \(/) bad++ }
	END { exit !(n == 2 && !bad) }' "$TMP/pp"
ok $? "virt: no CPI shown without instructions"
grep -q "^- no counter figures: perf_event_open(instructions): .*(the PMU has no instruction counter)" "$TMP/pp"
ok $? "virt: the table says instructions are what is missing"

# ---- virt -icount shift=0: one instruction a cycle -----------------------
cat > "$TMP/icount.sh" <<'EOF'
echo "@@ pingpong"
a64/boardbench run pingpong -p pingpong.placement=same \
	-p pingpong.mech=pipe,futex -p pingpong.passes=64 --profile quick \
	--warmup 0 --no-save --classic 2>&1
EOF
vmboot virt-icount "$TMP/icount.sh"
vmdone virt-icount
part pingpong > "$TMP/pp"
awk '/^(pipe|futex)\/same-core/ {
		n++; split($2, a, "/"); split($3, b, "/")
		if (a[1] != a[2] || b[1] != b[2] || a[1] + 0 <= 0 || $(NF - 2) != "1.000") bad++
	} END { exit !(n == 2 && !bad) }' "$TMP/pp"
ok $? "virt-icount: cycles = instructions, CPI 1.000 on every row"
grep '^\(pipe\|futex\)/same-core' "$TMP/pp" | sed 's/^/# /'

# ---- raspi3b: a Raspberry Pi 3 Model B, emulated --------------------------
cat > "$TMP/pi.sh" <<'EOF'
echo "@@ year $(date -u +%Y)"
echo "@@ info"; a64/boardbench info 2>&1
echo "@@ hfinfo"; hf/boardbench info 2>&1
echo "@@ against"
hf/boardbench run whetstone -p whetstone.variant=mwips -p whetstone.loops=100 \
	--profile quick --warmup 0 --budget 0.3 --processes 2 \
	--against sf/boardbench --tag hardfp --tag softfp --db /tmp/ab.db 2>&1
echo "@@ against-status $?"
echo "@@ csv"
hf/boardbench show --db /tmp/ab.db --format csv 1 2 2>&1
# last: the clock of a Pi with no RTC and no network time
date -u -s @86400 >/dev/null
echo "@@ 1970"
a64/boardbench run null --profile quick --warmup 0 --budget 0.1 \
	--db /tmp/c.db >/dev/null 2>/tmp/err
echo "@@ 1970-status $?"
echo "@@ 1970-err"; cat /tmp/err
echo "@@ 1970-show"
a64/boardbench show --db /tmp/c.db 1 2>&1 | sed -n '/^== machine/,/^== run/p'
EOF
vmboot raspi3b "$TMP/pi.sh"
vmdone raspi3b
part info | head -n 1 | grep -q "^== board: Raspberry Pi 3 Model B (SoC brcm,bcm2837)$"
ok $? "raspi3b: the Pi 3 from its device tree"
part info | grep -q "^== cpu: 2 x Cortex-A53" &&
	part info | grep -q "^system.cores.1.part  *0xd03$"
ok $? "raspi3b: 2 x Cortex-A53 (part 0xd03; 2 of 4 CPUs up)"
part info | grep -q "^system.caches.0.size  *32K$" &&
	part info | grep -q "^system.caches.2.name  *L2$" &&
	part info | grep -q "^system.caches.2.size  *512K$"
ok $? "raspi3b: L1 32K and L2 512K from sysfs"
part hfinfo > "$TMP/hfinfo"
info_joined "$TMP/hfinfo" | grep -q "^system.cpu_features .* neon .*vfpv4" &&
	grep -q "^system.cpu_features_source  *AT_HWCAP$" "$TMP/hfinfo"
ok $? "raspi3b: armhf on the arm64 kernel: NEON and VFPv4 from the compat AT_HWCAP"
part info | grep -q "^== warning: emulated by qemu-system" &&
	part info | grep -q "^system.emulator  *qemu-system$"
ok $? "raspi3b: emulated by qemu-system, said out loud"
grep -q "^@@ against-status 0$" "$TMP/out"
ok $? "raspi3b: hard float against softfp ran (run --against)"
part against | grep -q "^== B softfp: run 2 " &&
	part against | grep -q "^  float_abi  *hard  *softfp$"
ok $? "raspi3b: the comparison of the two builds follows"
part against | grep -q "^== every column is emulated (qemu-system)"
ok $? "raspi3b: the comparison says both sides are emulated, once"
part csv > "$TMP/ab.csv"
# run_id,run_uuid,tag,bench,...: the rows of both runs
rows=$(grep -c '^[12],[^,]*,[a-z]*fp,whetstone,' "$TMP/ab.csv")
flagged=$(grep '^[12],[^,]*,[a-z]*fp,whetstone,' "$TMP/ab.csv" | grep -c 'emulated')
[ "$rows" -gt 2 ] && [ "$flagged" -eq "$rows" ]
ok $? "raspi3b: both runs stored, every row flagged emulated ($flagged of $rows)"
part info | grep -q "clock unset"
ok $(( ! $? )) "raspi3b: the guest's clock is the host's (no clock unset)"
[ "$(sed -n 's/^@@ year //p' "$TMP/out")" = "$(date -u +%Y)" ]
ok $? "raspi3b: dated this year, though it has no RTC (arm-vm gave the date)"
grep -q "^@@ 1970-status 0$" "$TMP/out"; ok $? "raspi3b: a run dated 1970"
[ "$(part 1970-err | grep -c .)" -eq 1 ] &&
	part 1970-err | grep -q "^boardbench: warning: clock unset (1970-01-02): this run's dates are not real$"
ok $? "raspi3b: one line on stderr says the clock is unset"
part 1970-show | tr -s '\n ' '  ' | grep -q "| clock unset: dates not real =="
ok $? "raspi3b: the stored run's machine line says so"
done_testing
