#!/bin/sh
# The layers of doc/DESIGN.md section 1, as includes: a benchmark file
# (bench/*.c, *.h) includes bench.h, its area's own headers and only the
# program's headers listed below (each for the reason given); nothing in
# src/ includes a benchmark area's private header, except those listed
# as known debts (issue "the house, step two"); no header of src/ is
# included by bench/ that is not on the list.  Adding an include that
# crosses a layer makes this test fail: change the design (and this
# list, and doc/DESIGN.md) or the include.  And src/ names no benchmark
# (doc/DESIGN.md section 2): everything about one is in its bench_info,
# so no program file but the registry's has a benchmark's name as a
# string literal.  And no file of src/ is over 1000 lines (doc/DESIGN.md
# section 9).
. "${top_srcdir:-.}/tests/cli/lib.sh"

cd "$top_srcdir" || exit 99

# src/ headers a benchmark file may include, FILE:HEADER ('*' any file)
allowed='*:config.h
*:result.h
*:fmt.h
*:util.h
*:sysfs.h
bench/net-iperf3.c:spawn.h
bench/sync-pingpong.c:perfctr.h
bench/sync-pingpong.h:perfctr.h'
# a benchmark area's headers (bench/) src/ may include: the contract
src_allowed='*:bench.h
*:bench-list.h'

# the area headers: every header in bench/
area=$(cd bench && ls *.h | tr '\n' ' ')
# src headers: every header in src/, and the generated ones
srch=$(cd src && ls */*.h | sed "s,.*/,," | tr '\n' ' ')

# includes FILE: the "..." includes of FILE, one a line
includes() { sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$1"; }
# is_allowed LIST FILE HEADER
is_allowed() {
	printf '%s\n' "$1" | grep -qx -e "\*:$3" -e "$2:$3"
}

bad=
nb=0
for f in bench/*.c bench/*.h; do
	nb=$((nb + 1))
	for h in $(includes "$f"); do
		case " $area " in *" $h "*) continue ;; esac
		case " $srch config.h buildinfo-gen.h " in
		*" $h "*) is_allowed "$allowed" "$f" "$h" || bad="$bad $f:$h" ;;
		esac
	done
done
[ -z "$bad" ]
ok $? "the $nb benchmark files include only bench.h, their area's headers and the allowed program headers${bad:+ (not allowed:$bad)}"

bad=
ns=0
for f in src/*/*.c src/*/*.h; do
	ns=$((ns + 1))
	for h in $(includes "$f"); do
		case " $area " in
		*" $h "*) is_allowed "$src_allowed" "$f" "$h" || bad="$bad $f:$h" ;;
		esac
	done
done
[ -z "$bad" ]
ok $? "the $ns program files include of bench/ only the contract (bench.h, bench-list.h)${bad:+ (not allowed:$bad)}"

# the check itself sees a crossing: a made-up benchmark file that includes
# the runner's header
printf '#include "bench.h"\n#include "runner.h"\n' >"$TMP/fake.c"
h=$(includes "$TMP/fake.c" | sed -n 2p)
case " $srch " in *" $h "*) ! is_allowed "$allowed" bench/fake.c "$h" ;; *) false ;; esac
ok $? "a benchmark file including runner.h would be refused"

# ---- the machine seam (doc/DESIGN.md section 7) ----------------------------
#
# Every /proc, /sys and /etc read goes through sysfs.c: no other file opens
# such a path itself, builds a per-process /proc path or names the boot id
# file, and the cpu lines of /proc/stat are parsed there alone.  The
# documented exceptions (section 7: process introspection at the real
# root) are FILE:TEXT pairs here.
seam_allowed='src/runner/runner.c:readlink("/proc/self/exe"
src/identity/sysinfo-virt.c:fopen("/proc/self/exe"'
# seam_bad FILE...: "FILE:TEXT" for each direct read of the machine
seam_bad() {
	for f in "$@"; do
		case $f in src/identity/sysfs.c|src/identity/sysfs.h) continue ;; esac
		grep -oE '(^|[^a-z_])(fopen|open|opendir|stat|lstat|readlink|access)\("/(proc|sys|etc)[^"]*"|"/proc/%[^"]*"|random/boot_id|str(n)?cmp\([^,]*, *"cpu' "$f" |
		    sed 's/^[^a-z"]//' | while IFS= read -r m; do
			printf '%s\n' "$seam_allowed" | grep -qxF "$f:$m" ||
			    printf ' %s:%s' "$f" "$m"
		done
	done
}
bad=$(seam_bad src/*/*.c src/*/*.h bench/*.c bench/*.h)
[ -z "$bad" ]
ok $? "every /proc, /sys and /etc read, the boot id, process stat and /proc/stat's cpu lines go through sysfs.c${bad:+ (direct:$bad)}"

# the check sees a direct read: the old store.c way of reading the boot id
printf 'fp = fopen("/proc/sys/kernel/random/boot_id", "re");\n' >"$TMP/direct.c"
[ -n "$(seam_bad "$TMP/direct.c")" ]
ok $? "a direct fopen of the boot id would be refused"

# the firmware's throttling node is named once
nthr=$(cat src/*/*.c src/*/*.h bench/*.c bench/*.h |
    grep -c 'soc:firmware/get_throttled')
[ "$nthr" -eq 1 ]
ok $? "the get_throttled path is written once ($nthr)"

# defs FILE: the functions FILE defines for others (a name at the start
# of a line, its type on the line before, not static)
defs() {
	awk '/^[a-z_][a-z0-9_]*\(/ && prev !~ /static/ {
		sub(/\(.*/, ""); print } { prev = $0 }' "$1" | sort -u
}
# calls FROM TO...: the functions defined in TO that FROM calls
calls() {
	from=$1
	shift
	for t in "$@"; do defs "$t"; done | while read -r fn; do
		grep -qE "(^|[^a-z0-9_])$fn\(" "$from" && printf ' %s' "$fn"
	done
}

# the monitor is below the runner: it calls nothing of runner*.c, nor
# anything named runner_*
up=$(calls src/runner/monitor.c src/runner/runner.c src/runner/runner-measure.c \
    src/runner/runner-rows.c src/runner/runner-child.c)
up="$up$(grep -oE '(^|[^a-z0-9_])runner_[a-z0-9_]*\(' src/runner/monitor.c |
    sed 's/^[^r]//; s/($//' | sort -u | sed 's/^/ /' | tr -d '\n')"
[ -z "$up" ]
ok $? "monitor.c calls nothing of the runner${up:+ (calls:$up)}"

# no two machine readers call each other both ways
circles=
for pair in src/identity/power.c:src/identity/sysinfo-probe.c src/runner/monitor.c:src/identity/sysinfo-probe.c \
    src/identity/clock.c:src/identity/sysinfo-probe.c src/identity/clockcache.c:src/identity/sysinfo-probe.c \
    src/identity/power.c:src/identity/sysinfo-cpu.c src/runner/monitor.c:src/identity/sysinfo-cpu.c \
    src/identity/clock.c:src/identity/sysinfo-cpu.c src/identity/clockcache.c:src/identity/sysinfo-cpu.c \
    src/identity/power.c:src/runner/monitor.c; do
	a=${pair%%:*}
	b=${pair#*:}
	ab=$(calls "$a" "$b")
	ba=$(calls "$b" "$a")
	[ -n "$ab" ] && [ -n "$ba" ] && circles="$circles $a<->$b (${ab# } / ${ba# })"
done
[ -z "$circles" ]
ok $? "no call circle between the machine readers${circles:+:$circles}"

# src/ names no benchmark: the names of bench/bench-list.h's X(NAME)
# lines, as "NAME" in a program file other than the registry (and those
# that expand the list), except the words below, FILE:NAME, each for the
# reason given
names=$(sed -n 's/^[[:space:]]*X(\([a-z0-9_]*\)).*/\1/p' bench/bench-list.h)
# fmt-html.c: JSON's null, not the self-test
names_allowed='src/output/fmt-html.c:null'
# name_hits FILE: " FILE:NAME" for each benchmark FILE names
name_hits() {
	for n in $names; do
		if grep -q "\"$n\"" "$1" && ! is_allowed "$names_allowed" "$1" "$n"; then
			printf ' %s:%s' "$1" "$n"
		fi
	done
}
bad=
nf=0
for f in src/*/*.c; do
	[ "$f" = src/core/registry.c ] && continue
	grep -q '^#[[:space:]]*include[[:space:]]*"bench-list.h"' "$f" && continue
	nf=$((nf + 1))
	bad="$bad$(name_hits "$f")"
done
set -- $names
[ $# -ge 10 ] && [ -z "$bad" ]
ok $? "the $nf program files name none of the $# benchmarks of bench-list.h${bad:+ (named:$bad)}"

# the check itself sees a name: a made-up program file that tests for a
# benchmark by name
printf 'if (strcmp(r->bench, "memlat") == 0)\n' >"$TMP/fake.c"
[ "$(name_hits "$TMP/fake.c")" = " $TMP/fake.c:memlat" ]
ok $? "a program file naming memlat would be refused"

# ---- one purpose a file (doc/DESIGN.md section 9) ---------------------------
#
# No .c or .h file under src/ or bench/ is over max_lines lines: one that
# grows past it is split, in its room or area, into files of one purpose
# each.  Known debts,
# FILE each, are listed here until they are split.
max_lines=1000
long_allowed=''
# too_long FILE...: " FILE (N lines)" for each FILE over max_lines lines
too_long() {
	for f in "$@"; do
		lines=$(wc -l <"$f")
		if [ "$lines" -gt "$max_lines" ] &&
		    ! printf '%s\n' "$long_allowed" | grep -qxF "$f"; then
			printf ' %s (%d lines)' "$f" "$lines"
		fi
	done
}
files=$(find src bench -name '*.[ch]' | sort)
bad=$(too_long $files)
set -- $files
[ $# -ge 50 ] && [ -z "$bad" ]
ok $? "the $# .c and .h files under src/ and bench/ are $max_lines lines long at most${bad:+ (over:$bad)}"

# the check itself sees a long file: a made-up one a line too long
awk -v n=$((max_lines + 1)) 'BEGIN { for (i = 0; i < n; i++) print "x" }' >"$TMP/long.c"
[ "$(too_long "$TMP/long.c")" = " $TMP/long.c ($((max_lines + 1)) lines)" ]
ok $? "a file of $((max_lines + 1)) lines would be refused"

done_testing
