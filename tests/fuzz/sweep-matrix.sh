#!/bin/bash
# sweep-matrix.sh SECONDS [FINDINGS-DIR] - a mutation fuzzer for the matrix
# parser of scripts/sweep (`--dry-run`), for SECONDS seconds.
#
# Each input is a seed of tests/fuzz/corpus/sweep-matrix/ changed by 1 to
# 4 random mutations (bytes inserted, deleted or replaced, quotes,
# backslashes, separators, comments, expansions that must never run, long
# words, lines spliced from another seed, NUL and control bytes).  Every
# input must:
#   - end in time (20 s) with exit 0 or 2;
#   - on exit 2 print exactly one line, "sweep: ...", on stderr;
#   - on exit 0 print nothing on stderr and only NAME / "  configure: [W]" /
#     "  prefix: [W]" lines, and give the same words when they are written
#     back single-quoted into a matrix (the parse round-trips);
#   - agree with the reference parser tests/fuzz/matrix-ref.sh (the plain
#     character-by-character one): the same words when the matrix parses,
#     a refusal when it does not (a run prefix program or CPU that does not
#     exist is the sweep's own check, not a parse error);
#   - never run anything: no file appears in the folder it runs in.
# A failing input is copied to FINDINGS-DIR (default ./fuzz-findings/
# sweep-matrix); keep it under tests/fuzz/regress/sweep-matrix/ so that
# tests/cli/t-sweep.sh replays it.  Exit 0 when nothing failed, 1 when
# something did, 2 on bad usage.
set -u
export LC_ALL=C

here=$(cd "$(dirname "$0")" && pwd) || exit 2
top=$(cd "$here/../.." && pwd) || exit 2
sweep=$top/scripts/sweep
corpus=$here/corpus/sweep-matrix

case ${1:-} in
''|*[!0-9]*) echo "usage: $0 SECONDS [FINDINGS-DIR]" >&2; exit 2 ;;
esac
secs=$1
findings=${2:-$(pwd)/fuzz-findings/sweep-matrix}
seeds=("$corpus"/*)
[ -f "${seeds[0]}" ] || { echo "$0: no seeds in $corpus" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-matrix.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
mkdir "$tmp/cwd" || exit 2
# CPUs 0-7 for taskset -c lists, whatever this machine has
export BOARDBENCH_SYSROOT="$top/tests/fixtures/rk3588"

# Pieces that the parser treats specially, and some that must never run.
pieces=("'" '"' '\' '|' '#' ' ' $'\t' $'\r' '$' '`' "''" '""' '\"' '\\'
	'$(touch PWNED)' '`touch PWNED`' '$HOME' '${x}' "';touch PWNED;'"
	'"$(touch PWNED)"' '| taskset -c 0' '| taskset -c 0-9' '| env'
	'| sh -c' ' --cpu 1' '|||' 'a|b' '#x' $'\n' $'\n#' $'\nz | y'
	'--cpu-list=3' ' -c 99999999999' 'é' $'\xff' $'\x01' $'\x7f')

rnd() { echo $((RANDOM % $1)); }

# mutate STRING: prints STRING after one random mutation.
mutate() {
	local s=$1 n=${#1} at k p o
	at=$(( n > 0 ? RANDOM % (n + 1) : 0 ))
	case $(rnd 9) in
	0|1|2)	# insert a special piece
		p=${pieces[RANDOM % ${#pieces[@]}]}
		s=${s:0:at}$p${s:at} ;;
	3)	# delete a run of bytes
		k=$(( 1 + $(rnd 8) ))
		s=${s:0:at}${s:at+k} ;;
	4)	# replace a byte with any printable one
		printf -v o '%03o' $(( 32 + $(rnd 95) ))
		printf -v p "\\$o"
		s=${s:0:at}$p${s:at+1} ;;
	5)	# repeat a chunk (long words and lines)
		k=$(( 1 + $(rnd 64) ))
		p=${s:at:k}
		for ((o = $(rnd 7); o > 0; o--)); do p=$p$p; done
		s=${s:0:at}$p${s:at+k} ;;
	6)	# a line of another seed
		p=$(sed -n "$(( 1 + $(rnd 12) ))p" "${seeds[RANDOM % ${#seeds[@]}]}")
		s=${s:0:at}$p$'\n'${s:at} ;;
	7)	# swap two halves
		s=${s:at}${s:0:at} ;;
	8)	# a random byte 1..255
		printf -v o '%03o' $(( 1 + $(rnd 255) ))
		printf -v p "\\$o"
		s=${s:0:at}$p${s:at} ;;
	esac
	printf '%s' "$s"
}

# requote OUT: a matrix written back from --dry-run output, single-quoted.
requote() {
	awk '
	function q(w) { gsub(/\047/, "\047\\\047\047", w); return "\047" w "\047" }
	function flush() { if (name != "") print name " |" conf " |" pre; name = "" }
	/^  configure: \[/ { w = substr($0, 15, length($0) - 15); conf = conf " " q(w); next }
	/^  prefix: \[/ { w = substr($0, 12, length($0) - 12); pre = pre " " q(w); next }
	{ flush(); name = $0; conf = ""; pre = "" }
	END { flush() }' "$1"
}

failures=0
# fail WHY: keep the input
fail() {
	local f
	mkdir -p "$findings" || exit 2
	f=$findings/$(sha256sum <"$tmp/in" | cut -c1-16)
	cp "$tmp/in" "$f"
	failures=$((failures + 1))
	printf '%s: FAILED (%s): %s\n' "${0##*/}" "$1" "$f" >&2
	sed 's/^/  stderr: /' "$tmp/err" | head -5 >&2
}

# check: run the parser on $tmp/in and apply the oracle.
check() {
	local st
	(cd "$tmp/cwd" && exec timeout -k 5 20 bash "$sweep" --dry-run "$tmp/in") \
		>"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ -n "$(ls -A "$tmp/cwd")" ]; then
		fail "a file appeared: $(ls -A "$tmp/cwd" | head -3 | tr '\n' ' ')"
		rm -rf "${tmp:?}/cwd" && mkdir "$tmp/cwd"
		return
	fi
	case $st in
	0)
		[ ! -s "$tmp/err" ] || { fail "exit 0 with messages"; return; }
		if grep -v -e '^[A-Za-z0-9][A-Za-z0-9._+-]*$' -e '^  configure: \[.*\]$' \
		    -e '^  prefix: \[.*\]$' "$tmp/out" | grep -q .; then
			fail "exit 0 with malformed output"; return
		fi
		timeout -k 5 60 bash "$here/matrix-ref.sh" "$tmp/in" >"$tmp/ref" 2>/dev/null
		cmp -s "$tmp/out" "$tmp/ref" || { fail "differs from the reference parser"; return; }
		requote "$tmp/out" >"$tmp/in2"
		(cd "$tmp/cwd" && exec timeout -k 5 20 bash "$sweep" --dry-run "$tmp/in2") \
			>"$tmp/out2" 2>>"$tmp/err"
		cmp -s "$tmp/out" "$tmp/out2" || fail "the words do not round-trip" ;;
	2)
		[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^sweep: ' "$tmp/err" ||
			{ fail "exit 2 without exactly one 'sweep:' line"; return; }
		timeout -k 5 60 bash "$here/matrix-ref.sh" "$tmp/in" >"$tmp/ref" 2>/dev/null
		st=$?
		if grep -q ': run prefix\|: CPU \|bad CPU' "$tmp/err"; then
			[ $st -eq 0 ] || fail "refused for its prefix or CPUs, but the reference does not parse it"
		else
			[ $st -eq 2 ] || fail "refused, but the reference parses it"
		fi ;;
	124|137) fail "no answer within 20 s" ;;
	*) fail "exit $st" ;;
	esac
}

end=$((SECONDS + secs))
runs=0 ok0=0
while [ "$SECONDS" -lt "$end" ]; do
	s=$(cat "${seeds[RANDOM % ${#seeds[@]}]}"; echo x)
	s=${s%x}
	for ((m = 1 + $(rnd 4); m > 0; m--)); do s=$(mutate "$s"; echo x); s=${s%x}; done
	if [ "$(rnd 50)" = 0 ]; then	# a NUL byte, which no bash string holds
		k=$(rnd $(( ${#s} + 1 )))
		{ printf '%s' "${s:0:k}"; printf '\0'; printf '%s' "${s:k}"; } >"$tmp/in"
	else
		printf '%s' "$s" >"$tmp/in"
	fi
	check
	[ ! -s "$tmp/out" ] || ok0=$((ok0 + 1))
	runs=$((runs + 1))
done
printf '%s: %d inputs in %d s (%d parsed, the rest refused), %d failed\n' \
	"${0##*/}" "$runs" "$secs" "$ok0" "$failures"
[ "$failures" -eq 0 ]
