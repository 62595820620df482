#!/bin/sh
# The layers of doc/DESIGN.md section 1, as includes: every "..." include
# of every file under src/ and bench/ is checked against one table, each
# folder and the folders it may include from (its own always).  The
# folders form a one-way stack: the table itself is checked to have no
# circle, so no folder includes, directly or through others, one that
# includes it back.  Adding an include that crosses a layer makes this
# test fail: change the design (this table and doc/DESIGN.md's, section 1)
# or the include.  And src/ names no benchmark (doc/DESIGN.md section 2):
# everything about one is in its bench_info, so no program file but the
# registry's has a benchmark's name as a string literal.  And no file of
# src/ or bench/ is over 1000 lines (doc/DESIGN.md section 9).
. "${top_srcdir:-.}/tests/cli/lib.sh"

cd "$top_srcdir" || exit 99

# FOLDER: the folders its files may include from, top of the stack first.
# bench is the plug-in contract (bench.h, bench-list.h); each benchmark
# area's folder (the kernels) may include the contract, its own area and,
# of the program, only the row (core), the formatters' helpers for
# --classic views (output), machine access (platform) and the helpers
# (util): $kernel.  An area uses another's code only as listed: the FFT
# places its buffers as the memory benchmarks do (mem), wakeup's load is
# md5ref's (cpu).
kernel='bench src/core src/output src/platform src/util'
layers="src/cli: src/runner src/output src/store src/compare src/identity src/core bench src/platform src/util
src/runner: src/compare src/identity src/core bench src/platform src/util
src/output: src/store src/compare src/identity src/core bench src/platform src/util
src/store: src/identity src/core bench src/platform src/util
src/compare: src/core bench src/util
src/identity: src/core bench src/platform src/util
src/core: bench src/util
bench/sync: bench/cpu bench/mem $kernel
bench/cpu: bench/mem $kernel
bench/crypto: $kernel
bench/io: $kernel
bench/media: $kernel
bench/mem: $kernel
bench/net: $kernel
bench/selftest: $kernel
bench:
src/platform: src/util
src/util:"

# folder_of FILE: its folder, the table's row for it
folder_of() { echo "${1%/*}"; }
# allowed FROM TO: may the files of folder FROM include TO's?
allowed() {
	[ "$1" = "$2" ] && return 0
	printf '%s\n' "$layers" | grep "^$1:" | sed 's/^[^:]*://' |
	    tr ' ' '\n' | grep -qx -e "$2"
}
# the headers, "NAME FOLDER" a line (a header is included by its name)
headers=$(find src bench -name '*.h' | sort | while read -r h; do
	printf '%s %s\n' "${h##*/}" "$h"
done)
# includes FILE: the "..." includes of FILE, one a line, by name
includes() {
	sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$1" |
	    sed 's,.*/,,'
}
# crossings FILE...: " FILE:HEADER" for each include the table refuses,
# or that names no header of src/ or bench/ (but the generated ones)
crossings() {
	for f in "$@"; do
		from=$(folder_of "$f")
		for h in $(includes "$f"); do
			case $h in config.h|buildinfo-gen.h) continue ;; esac
			p=$(printf '%s\n' "$headers" | awk -v h="$h" '$1 == h { print $2; exit }')
			if [ -z "$p" ]; then
				printf ' %s:%s(unknown)' "$f" "$h"
			elif ! allowed "$from" "$(folder_of "$p")"; then
				printf ' %s:%s' "$f" "$h"
			fi
		done
	done
}
files=$(find src bench -name '*.[ch]' | sort)
bad=$(crossings $files)
set -- $files
[ $# -ge 100 ] && [ -z "$bad" ]
ok $? "the $# files of src/ and bench/ include only from the folders the table allows${bad:+ (refused:$bad)}"

# every folder of src/ and bench/ has its row
missing=
for d in $(printf '%s\n' $files | sed 's,/[^/]*$,,' | sort -u); do
	printf '%s\n' "$layers" | grep -q "^$d:" || missing="$missing $d"
done
[ -z "$missing" ]
ok $? "every folder has its row in the table${missing:+ (none for:$missing)}"

# the table is a stack: following its arrows never comes back to a folder
# circle: " A" for each folder reachable from itself
circle() {
	printf '%s\n' "$1" | awk -F': *' '
	{ from[NR] = $1; to[NR] = $2; n = NR }
	END {
		for (i = 1; i <= n; i++) {
			k = split(to[i], t, " ")
			for (j = 1; j <= k; j++) reach[from[i], t[j]] = 1
			name[i] = from[i]
		}
		for (m = 1; m <= n; m++) for (i = 1; i <= n; i++)
			if (reach[name[i], name[m]])
				for (j = 1; j <= n; j++)
					if (reach[name[m], name[j]]) reach[name[i], name[j]] = 1
		for (i = 1; i <= n; i++) if (reach[name[i], name[i]]) printf " %s", name[i]
	}'
}
c=$(circle "$layers")
[ -z "$c" ]
ok $? "the table has no circle${c:+ (circles through:$c)}"

# the checks themselves see a crossing: a made-up helper of util that
# includes the row (core), a kernel that includes the runner's header or
# another area's, and a table with core and util both ways
mkdir -p "$TMP/src/util" "$TMP/bench/cpu"
printf '#include "result.h"\n' >"$TMP/src/util/fake.c"
printf '#include "bench.h"\n#include "runner.h"\n#include "sync.h"\n' >"$TMP/bench/cpu/fake.c"
got=$(cd "$TMP" && crossings src/util/fake.c bench/cpu/fake.c)
[ "$got" = " src/util/fake.c:result.h bench/cpu/fake.c:runner.h bench/cpu/fake.c:sync.h" ]
ok $? "util including result.h, a kernel including runner.h or an area not listed (sync.h) would be refused (refused:$got)"
[ -n "$(circle "$(printf '%s\n' "$layers" | sed 's,^src/util:.*,src/util: src/core,')")" ]
ok $? "a table letting util include core back would be refused"

# Kernels never read a clock (doc/DESIGN.md section 1) but the self-timed
# ones that report their own values: null, pingpong and wakeup.
clock_allowed='bench/selftest/null.c
bench/sync/sync-pingpong.c
bench/sync/sync-wakeup.c'
# clock_reads FILE...: " FILE" for each kernel file that reads a clock
clock_reads() {
	for f in "$@"; do
		printf '%s\n' "$clock_allowed" | grep -qxF "$f" && continue
		grep -qE '(clock_gettime|bench_now|gettimeofday|clock_nanosleep)\(|[^_a-z]time\(NULL\)' "$f" &&
		    printf ' %s' "$f"
	done
}
bad=$(clock_reads $(find bench -mindepth 2 -name '*.c' | sort))
[ -z "$bad" ]
ok $? "no kernel reads a clock but null, pingpong and wakeup${bad:+ (reads one:$bad)}"
printf 't0 = bench_now();\n' >"$TMP/fake.c"
[ "$(clock_reads "$TMP/fake.c")" = " $TMP/fake.c" ]
ok $? "a kernel calling bench_now() would be refused"

# is_allowed LIST FILE NAME: LIST (FILE:NAME a line, '*' any file) has it
is_allowed() {
	printf '%s\n' "$1" | grep -qx -e "\*:$3" -e "$2:$3"
}

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
		case $f in src/platform/sysfs.c|src/platform/sysfs.h) continue ;; esac
		grep -oE '(^|[^a-z_])(fopen|open|opendir|stat|lstat|readlink|access)\("/(proc|sys|etc)[^"]*"|"/proc/%[^"]*"|random/boot_id|str(n)?cmp\([^,]*, *"cpu' "$f" |
		    sed 's/^[^a-z"]//' | while IFS= read -r m; do
			printf '%s\n' "$seam_allowed" | grep -qxF "$f:$m" ||
			    printf ' %s:%s' "$f" "$m"
		done
	done
}
bad=$(seam_bad $(find src bench -name '*.[ch]' | sort))
[ -z "$bad" ]
ok $? "every /proc, /sys and /etc read, the boot id, process stat and /proc/stat's cpu lines go through sysfs.c${bad:+ (direct:$bad)}"

# the check sees a direct read: the old store.c way of reading the boot id
printf 'fp = fopen("/proc/sys/kernel/random/boot_id", "re");\n' >"$TMP/direct.c"
[ -n "$(seam_bad "$TMP/direct.c")" ]
ok $? "a direct fopen of the boot id would be refused"

# the firmware's throttling node is named once
nthr=$(find src bench -name '*.[ch]' -exec cat {} + |
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

# ---- calls go one way between files (doc/DESIGN.md section 1) -------------
#
# No two files of the library call each other both ways: from the objects
# of libboardbench.a, what each defines (functions, T) and what each
# leaves undefined, no pair where each calls a function the other
# defines.  (Tables of operations and data, such as fmt.c's table of
# formatters or a kernel copy's globals, are not calls.)
# mutual: from "OBJ T NAME" and "OBJ U NAME" lines, " A<->B" for each
# pair of objects that call each other both ways
mutual() {
	awk '$2 == "T" { def[$3] = $1 }
	    $2 == "U" { use[NR] = $1 " " $3 }
	    END {
		for (i in use) {
			split(use[i], u, " ")
			if ((u[2] in def) && def[u[2]] != u[1])
				calls[u[1], def[u[2]]] = calls[u[1], def[u[2]]] " " u[2]
		}
		for (k in calls) {
			split(k, ab, SUBSEP)
			if (ab[1] < ab[2] && ((ab[2], ab[1]) in calls))
				printf " %s<->%s (%s /%s)", ab[1], ab[2],
				    substr(calls[k], 2), calls[ab[2], ab[1]]
		}
	}'
}
# symbols LIB: its members' "OBJ T NAME" and "OBJ U NAME" lines
symbols() {
	nm -A -g "$1" 2>/dev/null |
	    sed -n 's/^[^:]*:\([^:]*\):[0-9a-f ]* \([TU]\) \(.*\)$/\1 \2 \3/p'
}
lib=${top_builddir:-.}/libboardbench.a
if ! command -v nm >/dev/null 2>&1; then
	n=$((n + 1))
	echo "ok $n # SKIP no file calls another both ways: no nm"
else
	nsym=$(symbols "$lib" | wc -l)
	both=$(symbols "$lib" | mutual)
	[ "$nsym" -ge 1000 ] && [ -z "$both" ]
	ok $? "no two files of the library call each other both ways ($nsym symbols)${both:+:$both}"
fi
# the check sees a two-way pair
both=$(printf '%s\n' 'a.o T fa' 'a.o U fb' 'b.o T fb' 'b.o U fa' 'c.o U fa' | mutual)
[ "$both" = " a.o<->b.o (fb / fa)" ]
ok $? "a.o and b.o calling each other would be refused ($both)"

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

# ---- cut by phase (doc/DESIGN.md section 9) ---------------------------------
#
# No function in src/ is over max_fn lines, from its name to its closing
# brace: a longer one is cut into its phases.  (The last debts, run's and
# exec's option parsers, went when both took the measuring options from
# one parser, cmd-measure.c: issue 43.)
max_fn=100
# fn_long FILE...: " FILE:FUNCTION (N lines)" for each function over
# max_fn lines (a definition: its name at column 0 followed by "(", its
# body from a "{" to a "}" alone at column 0)
fn_long() {
	awk -v max="$max_fn" '
	/^[A-Za-z_][A-Za-z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name); start = FNR; next }
	/^\{/ && name != "" { body = 1; next }
	/^\}/ && body {
		if (FNR - start + 1 > max)
			printf " %s:%s (%d lines)", FILENAME, name, FNR - start + 1
		body = 0; name = ""
	}' "$@"
}
bad=$(fn_long $(find src -name '*.c' | sort))
[ -z "$bad" ]
ok $? "no function in src/ is over $max_fn lines${bad:+ (over:$bad)}"

# the check sees a long function: a made-up one a line too long
{ printf 'static int\nfake(void)\n{\n'
  awk -v n=$((max_fn - 2)) 'BEGIN { for (i = 0; i < n; i++) print "\tx++;" }'
  printf '}\n'; } >"$TMP/fn.c"
[ "$(fn_long "$TMP/fn.c")" = " $TMP/fn.c:fake ($((max_fn + 1)) lines)" ]
ok $? "a function of $((max_fn + 1)) lines would be refused"

done_testing
