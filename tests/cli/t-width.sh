#!/bin/sh
# Every command's output for people fits 80 columns at COLUMNS=80 (issue
# 27): runs on the Raspberry Pi 4 fixture tree (CPU benchmarks with their
# classic reports, long crypto names, the per-MHz rows a tree without a
# measured clock folds), then show (also --verbose, --list, --classic and
# every column), info on three trees, list (also --long), compare, exec
# and every command's --help.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fx="$top_srcdir/tests/fixtures"
db="$TMP/w.db"
fast="--profile quick --budget 0.02 --min-sample 0.002 --warmup 0 --no-progress"
COLUMNS=80 BOARDBENCH_CLOCK_CACHE="$TMP/clock.json"
export COLUMNS BOARDBENCH_CLOCK_CACHE
# fits DESCRIPTION -- COMMAND...: it succeeds and no line is wider than 80
fits() {
	desc=$1; shift 2
	expect 0 "$desc" -- "$@"
	w=$(widest "$TMP/out")
	[ "$w" -le 80 ]; ok $? "$desc: every line fits 80 columns ($w)"
	[ "$w" -le 80 ] || awk 'length($0) > 80 { print "# " $0 }' "$TMP/out"
}

BOARDBENCH_SYSROOT="$fx/rpi4"; export BOARDBENCH_SYSROOT
fits "run cpu --classic" -- bb run --db "$db" $fast --tag a --classic \
	linpack whetstone dhrystone fft md5ref -p md5ref.region_mib=2
fits "run null and a long crypto name" -- bb run --db "$db" $fast --tag b \
	null cipher -p cipher.algorithms=chacha20-poly1305 \
	-p cipher.sizes=16384 -p cipher.backends=openssl
fits "show" -- bb show --db "$db"
fits "show --verbose" -- bb show --db "$db" --verbose --all
fits "show --list" -- bb show --db "$db" --list
fits "show --classic with every column" -- bb show --db "$db" --all \
	--classic --columns +temp,+mhz,+power
fits "run null again" -- bb run --db "$db" $fast --tag c null
fits "compare" -- bb compare --db "$db" b c
fits "exec" -- bb exec --db "$db" -- true
fits "info on the Pi 4 tree" -- bb info
BOARDBENCH_SYSROOT="$fx/malformed"
fits "info on malformed values (long notes)" -- bb info
BOARDBENCH_SYSROOT="$fx/vm-kvm"
fits "info on a QEMU/KVM guest" -- bb info
unset BOARDBENCH_SYSROOT
fits "info on this machine (counters.why)" -- bb info
fits "list" -- bb list
fits "list --long" -- bb list --long
fits "--help" -- bb --help
for c in run show export import compare report info list exec; do
	fits "$c --help" -- bb "$c" --help
done

# show --list keeps what tells builds apart within 80 columns: the -O
# level and the float ABI (the made-up builds of tests/data/cmp-*.json)
bb import --db "$TMP/l.db" "$top_srcdir"/tests/data/cmp-*.json >/dev/null 2>&1 ||
	ok 1 "import the made-up builds"
fits "show --list" -- bb show --db "$TMP/l.db" --list
grep -q ' armhf-O3-a72  *gcc12 O3 hard$' "$TMP/out" &&
	grep -q ' armel-O2-soft  *gcc12 O2 soft$' "$TMP/out" &&
	grep -q ' clang-asan  *clang16 O1$' "$TMP/out"
ok $? "show --list: BUILD keeps the -O level and the float ABI"

# stderr too: a warning longer than a line breaks at a space, further
# lines indented (on a tree without a temperature sensor, --cool-down's)
BOARDBENCH_SYSROOT="$fx/bare" bb run null --no-save $fast --cool-down 50 \
	>/dev/null 2>"$TMP/err"
w=$(widest "$TMP/err")
[ "$w" -le 80 ] && [ "$(wc -l < "$TMP/err")" -ge 2 ]
ok $? "a long warning on stderr fits 80 columns ($w)"
tr '\n' ' ' <"$TMP/err" | tr -s ' ' |
	grep -q "warning: --cool-down: no SoC temperature sensor on this machine; not waiting"
ok $? "... its words whole, in order"
done_testing
