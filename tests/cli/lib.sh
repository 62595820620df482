# lib.sh - TAP helpers for the CLI tests.  Sourced by tests/cli/t-*.sh.
# BOARDBENCH and TEST_RUNNER come from make check (AM_TESTS_ENVIRONMENT).
: "${BOARDBENCH:=$(pwd)/boardbench}"
: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
export LC_ALL=C
n=0
failed=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/bbcli.XXXXXX") || exit 99
trap 'rm -rf "$TMP"' EXIT
# never touch the user's real store
export XDG_DATA_HOME="$TMP/xdg"
export XDG_CACHE_HOME="$TMP/cache"
unset BOARDBENCH_CLOCK_CACHE
export HOME="$TMP/home"

bb() { $TEST_RUNNER "$BOARDBENCH" "$@"; }

ok() { # ok CONDITION-STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		failed=$((failed + 1))
	fi
}

# expect STATUS DESCRIPTION -- COMMAND...: exit status and, for status 2,
# exactly one line on stderr.
expect() {
	want=$1; desc=$2; shift 3
	"$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		ok 1 "$desc (exit $got, want $want)"
		sed 's/^/# /' "$TMP/err"
		return
	fi
	if [ "$want" -eq 2 ]; then
		lines=$(wc -l < "$TMP/err")
		[ "$lines" -eq 1 ]
		ok $? "$desc (one line: $(head -c 150 "$TMP/err"))"
		return
	fi
	ok 0 "$desc"
}

skip_all() { echo "1..0 # SKIP $*"; exit 77; }

# info's detail ($1) with each wrapped value joined to its key's line (a
# continuation line starts with 29 spaces).
info_joined() {
	awk '/^                             [^ ]/ { sub(/^ +/, ""); line = line " " $0; next }
		{ if (NR > 1) print line; line = $0 } END { print line }' "$1"
}

# The widest line of file $1 in columns: a UTF-8 character ("±") is one
# column (its continuation bytes are not counted: mawk counts bytes
# whatever the locale).
widest() {
	LC_ALL=C tr -d '\200-\277' < "$1" |
		LC_ALL=C awk '{ n = length($0); if (n > w) w = n } END { print w + 0 }'
}

# Field counts of each CSV line, quote-aware, one number per line.
csv_counts() {
	awk -v sep="${2:-,}" '{
		q = 0; f = 1
		for (i = 1; i <= length($0); i++) {
			c = substr($0, i, 1)
			if (c == "\"") q = !q
			else if (c == sep && !q) f++
		}
		print f
	}' "$1"
}

# Field $3 of the TSV lines (file $1) whose case (column 6) is $2.
tsv_field() {
	awk -F '\t' -v c="$2" -v f="$3" '$6 == c { print $f }' "$1"
}
# Column number of header name $2 in TSV file $1.
col() {
	head -1 "$1" | tr '\t' '\n' | grep -n "^$2\$" | cut -d: -f1
}

done_testing() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
	exit $?
}

# json_get CASE KEY FILE: KEY's number in the first JSON row of CASE
json_get() {
	awk -v c="\"case\": \"$1\"," -v k="\"$2\": " '
		index($0, c) { row = 1; next }
		row && /"case": / { exit }
		row && index($0, k) {
			v = substr($0, index($0, k) + length(k)); sub(/,$/, "", v)
			print v; exit
		}' "$3"
}
# between VALUE LO HI: LO <= VALUE <= HI (VALUE a number)
between() {
	awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN {
		exit !(v ~ /^[-+0-9.eE]+$/ && v + 0 >= lo + 0 && v + 0 <= hi + 0) }'
}
