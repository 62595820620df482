#!/bin/sh
# The layers of doc/DESIGN.md section 1, as includes: a benchmark file
# (bench/*.c, *.h) includes bench.h, its area's own headers and only the
# program's headers listed below (each for the reason given); nothing in
# src/ includes a benchmark area's private header, except those listed
# as known debts (issue "the house, step two"); no header of src/ is
# included by bench/ that is not on the list.  Adding an include that
# crosses a layer makes this test fail: change the design (and this
# list, and doc/DESIGN.md) or the include.
. "${top_srcdir:-.}/tests/cli/lib.sh"

cd "$top_srcdir" || exit 99

# src/ headers a benchmark file may include, FILE:HEADER ('*' any file)
allowed='*:config.h
*:result.h
*:fmt.h
*:util.h
*:sysfs.h
bench/net-iperf3.c:spawn.h
bench/sync-pingpong.c:perfctr.h'
# a benchmark area's headers (bench/) src/ may include: the contract,
# and the known debts
src_allowed='*:bench.h
*:bench-list.h
src/fmt-html.c:mem.h'

# the area headers: every header in bench/
area=$(cd bench && ls *.h | tr '\n' ' ')
# src headers: every header in src/, and the generated ones
srch=$(cd src && ls *.h | tr '\n' ' ')

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
for f in src/*.c src/*.h; do
	ns=$((ns + 1))
	for h in $(includes "$f"); do
		case " $area " in
		*" $h "*) is_allowed "$src_allowed" "$f" "$h" || bad="$bad $f:$h" ;;
		esac
	done
done
[ -z "$bad" ]
ok $? "the $ns program files include of bench/ only the contract (bench.h, bench-list.h) and the listed debts${bad:+ (not allowed:$bad)}"

# the check itself sees a crossing: a made-up benchmark file that includes
# the runner's header
printf '#include "bench.h"\n#include "runner.h"\n' >"$TMP/fake.c"
h=$(includes "$TMP/fake.c" | sed -n 2p)
case " $srch " in *" $h "*) ! is_allowed "$allowed" bench/fake.c "$h" ;; *) false ;; esac
ok $? "a benchmark file including runner.h would be refused"

done_testing
