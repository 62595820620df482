#!/bin/sh
# The fault battery of issue 41, as tests: no output over the store's own
# files by name (-wal, -shm, -journal, existing or not) and no FIFO or
# device replaced, by any command that writes a file; a clock cache that
# is not the user's alone, or holds an impossible clock, is ignored with
# one note; a paired build's stray output never reaches ours; import
# checks a row's own arithmetic; every command exits 130 on SIGINT,
# SIGTERM and SIGHUP; one line for a broken pipe; one exit status for a
# file size limit, whichever command meets it.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0"
db="$TMP/s.db"
for t in a b; do
	bb run null $fast --db "$db" --tag $t >/dev/null 2>&1 || exit 99
done
cd "$TMP" || exit 99

# ---- the store's files are the store's ----------------------------------------
# refused_out DESC FILE -- COMMAND...: exit 2 in one line, and FILE is
# not made
refused_out() {
	d=$1 f=$2
	shift 3
	rm -f "$f"
	expect 2 "$d" -- "$@"
	[ ! -e "$f" ]; ok $? "... and '$f' is not made"
}
for c in -wal -shm -journal; do
	refused_out "export -o STORE$c (no such file yet)" "s.db$c" -- \
	    bb export --db s.db -o "s.db$c"
	refused_out "show -o STORE$c" "s.db$c" -- bb show --db s.db -o "$TMP/s.db$c"
	refused_out "report -o STORE$c" "s.db$c" -- bb report --db s.db -o "./s.db$c" a b
done
# the plot takes .svg, .png or .pdf: a store of such a name
cp s.db p.svg || exit 99
refused_out "compare --plot STORE-wal's name" "p.svg-wal" -- \
    bb compare --db p.svg a b --plot p.svg-wal
expect 2 "compare --plot over the store itself" -- \
    bb compare --db p.svg a b --plot p.svg
rm -f p.svg
# an export beside another store, by name
cp s.db other.db || exit 99
refused_out "export -o another store's -journal" "other.db-journal" -- \
    bb export --db s.db -o other.db-journal
bb show --list --db s.db >/dev/null 2>&1
ok $? "the store still reads"

# an existing FIFO or device is never written, whichever command writes
mkfifo fifo.svg || exit 99
for c in "export --db s.db -o fifo.svg" "show --db s.db -o fifo.svg" \
    "report --db s.db -o fifo.svg a b" "compare --db s.db a b --plot fifo.svg"; do
	expect 2 "$c: a FIFO is refused" -- timeout 60 "$BOARDBENCH" $c
	[ -p fifo.svg ]; ok $? "... and stays a FIFO"
done
expect 2 "export -o /dev/null (a device) is refused" -- \
    bb export --db s.db -o /dev/null

# ---- a clock cache that is not ours ---------------------------------------------
mkdir -m 700 cc || exit 99
export BOARDBENCH_CLOCK_CACHE="$TMP/cc/clock.json"
bb info --measure-clock >/dev/null 2>&1
if grep -q '"measured_mhz": [0-9]' cc/clock.json 2>/dev/null; then
	plant() { # plant VALUE: every measured clock in the cache is VALUE
		sed "s/\"measured_mhz\": [-0-9.e+]*/\"measured_mhz\": $1/" \
		    cc/clock.json >cc/t && cat cc/t >cc/clock.json && rm -f cc/t
	}
	# info puts a value under a key too long for its column, and a
	# warning wraps at 80 columns: both read joined
	joined() { awk '/^ / { sub(/^ +/, " "); line = line $0; next }
		{ if (NR > 1) print line; line = $0 } END { if (NR) print line }' "$1"; }
	shown() {
		bb info >"$TMP/out" 2>"$TMP/err"
		joined "$TMP/out" | grep -q "measured_mhz *$1"
	}
	noted() {
		joined "$TMP/err" >"$TMP/err1"
		[ "$(grep -c "clock cache .* is ignored: $1" "$TMP/err1")" -eq 1 ] &&
		    [ "$(wc -l <"$TMP/err1")" -eq 1 ]
	}
	plant 9999.5
	shown 9999.5; ok $? "the user's own cache is used (9999.5 MHz shown)"
	[ ! -s "$TMP/err" ]; ok $? "... without a note"
	[ "$(stat -c %a cc/clock.json)" = 644 ] || [ "$(stat -c %a cc/clock.json)" = 600 ]
	ok $? "the cache is written writable by its owner alone ($(stat -c %a cc/clock.json))"
	chmod 666 cc/clock.json
	! shown 9999.5 && noted "writable by others"
	ok $? "a cache writable by others is ignored, one note ($(cat "$TMP/err"))"
	chmod 644 cc/clock.json
	chmod 777 cc
	! shown 9999.5 && noted "its folder is writable by others"
	ok $? "a cache in a folder writable by others is ignored ($(cat "$TMP/err"))"
	chmod 700 cc
	if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
		chown nobody cc/clock.json
		! shown 9999.5 && noted "owned by another user"
		ok $? "a cache owned by nobody is ignored ($(cat "$TMP/err"))"
		chown 0 cc/clock.json
		chown nobody cc
		! shown 9999.5 && noted "its folder is owned by another user"
		ok $? "a cache in a folder owned by nobody is ignored ($(cat "$TMP/err"))"
		chown 0 cc
	else
		echo "ok $((n + 1)) # SKIP not root: no file of another user"
		n=$((n + 1))
	fi
	for v in 1e12 0 1e308 -5; do
		plant $v
		! shown "$v" && noted "a measured clock of .* MHz is outside"
		ok $? "a planted clock of $v MHz is not shown ($(cat "$TMP/err"))"
		bb run dhrystone $fast --no-save --format csv \
		    >"$TMP/out" 2>"$TMP/err"
		! grep -q 'clock:measured' "$TMP/out" &&
		    [ "$(grep -c 'clock cache' "$TMP/err")" -eq 1 ]
		ok $? "... nor used for a per-MHz figure, one note in a run"
	done
	plant 9999.5
	shown 9999.5; ok $? "the cache is used again once plausible and ours"
else
	echo "ok $((n + 1)) # SKIP no clock measured here (info --measure-clock kept none)"
	n=$((n + 1))
fi
unset BOARDBENCH_CLOCK_CACHE

# ---- a paired build speaks only through the wire ----------------------------------
cat >"$TMP/stray" <<EOS
#!/bin/sh
# a build that prints to stdout and stderr when it measures: ESC, C1, text
if [ "\$1" = __measure ]; then
	printf 'STRAY-OUT \033[2J \302\233 x\n'
	printf 'STRAY-ERR \033]0;t\007\n' >&2
fi
exec "$BOARDBENCH" "\$@"
EOS
chmod +x "$TMP/stray" || exit 99
bb run null $fast --db p.db --against "$TMP/stray" --format csv >"$TMP/out" 2>"$TMP/err"
st=$?
[ $st -eq 0 ] && grep -q '^[0-9]*,.*,null,' "$TMP/out"
ok $? "a run against a build that prints (exit $st)"
! grep -q STRAY "$TMP/out"; ok $? "... its stdout never reaches ours ($(grep -c STRAY "$TMP/out") lines)"
! grep -q STRAY "$TMP/err"; ok $? "... nor its stderr ours ($(grep -c STRAY "$TMP/err") lines)"
! LC_ALL=C grep -q "$(printf '\033')" "$TMP/out"; ok $? "... no raw ESC in the CSV"

# ---- import checks a row's own arithmetic -----------------------------------------
# row NAME FIELDS...: an export of one run named NAME with one row
row() {
	name=$1
	shift
	printf '{"tool": "boardbench", "schema_version": 1, "runs": [{"uuid": "%s", "status": "complete", "tag": "h", "results": [{"bench": "null", "case": "add", "status": "OK", "unit": "op/s", "better": 1, %s}]}]}\n' \
	    "$name" "$*" >"$TMP/$name.json"
}
row good '"median": 2, "min": 1, "max": 3, "n": 3, "cv": 0.1, "samples": [1, 2, 3]'
expect 0 "import: a sound row" -- bb import --db i.db "$TMP/good.json"
bad_import() { # bad_import NAME DESC WANT FIELDS...
	nm=$1 d=$2 w=$3
	shift 3
	row "$nm" "$@"
	expect 2 "import refuses $d" -- bb import --db i.db "$TMP/$nm.json"
	grep -q "run 1: result 1: $w" "$TMP/err"
	ok $? "... naming the run and row: $(head -c 200 "$TMP/err")"
}
bad_import neg "all samples -1, median -1" "median -1 op/s is below zero" \
    '"median": -1, "min": -1, "max": -1, "n": 3, "samples": [-1, -1, -1]'
bad_import far "a median of -5e9 with positive samples" "median -5e+09 op/s is below zero" \
    '"median": -5e9, "n": 3, "samples": [1, 2, 3]'
bad_import out "a median outside its samples" "median 9 is outside its samples" \
    '"median": 9, "n": 3, "samples": [1, 2, 3]'
bad_import minmax "min 1e12 above max 1" "min 1e+12 is above max 1" \
    '"median": 2, "min": 1e12, "max": 1, "n": 3, "samples": [1, 2, 3]'
bad_import count "n=3 with 10 samples" "n 3 but 10 samples" \
    '"median": 5, "n": 3, "samples": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]'
bad_import cv "cv -3" "cv -3 is below zero" \
    '"median": 2, "n": 3, "cv": -3, "samples": [1, 2, 3]'
bad_import nan "a null sample in an OK row" "sample 2 is not a number" \
    '"median": 2, "n": 3, "samples": [1, null, 3]'
bad_import secs "negative seconds" "seconds -1 is below zero" \
    '"median": 2, "n": 3, "seconds": -1, "samples": [1, 2, 3]'
printf '{"tool": "boardbench", "schema_version": 1, "runs": [{"uuid": "neg-s", "status": "complete", "results": [{"bench": "x", "case": "t", "status": "OK", "unit": "s", "better": -1, "median": -0.5, "n": 1, "samples": [-0.5]}]}]}\n' >"$TMP/negs.json"
expect 2 "import refuses a time below zero" -- bb import --db i.db "$TMP/negs.json"
printf '{"tool": "boardbench", "schema_version": 1, "runs": [{"uuid": "neg-db", "status": "complete", "results": [{"bench": "x", "case": "t", "status": "OK", "unit": "dB", "better": 1, "median": -3, "min": -4, "max": -2, "n": 3, "samples": [-4, -3, -2]}]}]}\n' >"$TMP/negdb.json"
expect 0 "a figure of another unit (exec --parse) may be below zero" -- \
    bb import --db i.db "$TMP/negdb.json"
# every run boardbench writes passes: an export of a run imports
bb export --db s.db --all -o all.json && expect 0 "an export of real runs imports" -- \
    bb import --db i2.db all.json

# ---- signals: 130 from every command --------------------------------------------
# A writer holding SQLite's SHARED bytes exclusively keeps every command
# waiting at the store (readers and writers alike), so that the signal
# meets it there.
if command -v python3 >/dev/null 2>&1; then
	timeout 300 python3 -c 'import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR)
fcntl.lockf(fd, fcntl.LOCK_EX, 510, 0x40000002)
open(sys.argv[2], "w").close()
time.sleep(300)' s.db held &
	lp=$!
	i=0
	while [ ! -e held ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
	# at_store PID: wait until PID has the store open (its handlers are
	# in place by then: main() installs them before any command runs)
	at_store() {
		j=0
		while ! ls -l /proc/$1/fd 2>/dev/null | grep -q '/s\.db$' &&
		    [ $j -lt 600 ]; do
			sleep 0.1
			j=$((j + 1))
		done
	}
	for sig in INT TERM HUP; do
		for c in "show" "show --list" "export" "export -o e.json" \
		    "compare a b" "report -o r.html" "import all.json"; do
			"$BOARDBENCH" $c --db s.db >/dev/null 2>"$TMP/err" &
			p=$!
			at_store $p
			kill -$sig $p
			wait $p
			st=$?
			[ $st -eq 130 ]
			ok $? "$c: SIG$sig exits 130 (exit $st)"
		done
	done
	ls e.json.tmp* r.html.tmp* >/dev/null 2>&1
	[ $? -ne 0 ]; ok $? "... and leaves no temporary output"
	kill $lp 2>/dev/null
	wait $lp 2>/dev/null
else
	echo "ok $((n + 1)) # SKIP no python3 to hold the store"
	n=$((n + 1))
fi

# ---- one line per failure; one status per cause ------------------------------------
# closed CMD...: CMD's output to a pipe closed at once; exit 1 and one
# line when a write met the closed pipe, else exit 0 and none
closed() {
	{ "$@" 2>"$TMP/err"; echo $? >"$TMP/st"; } | { exec 0<&-; sleep 1; }
	st=$(cat "$TMP/st") lines=$(wc -l <"$TMP/err")
	[ "$st" -eq 1 ] && [ "$lines" -eq 1 ] || { [ "$st" -eq 0 ] && [ "$lines" -eq 0 ]; }
}
for f in json csv tsv text; do
	closed "$BOARDBENCH" compare --db s.db a b --format $f
	ok $? "compare --format $f to a closed pipe: one line (exit $st: $(cat "$TMP/err"))"
done
closed "$BOARDBENCH" show --db s.db --all --format json
ok $? "show --format json to a closed pipe: one line (exit $st: $(cat "$TMP/err"))"

# a file size limit is exit 1 (a failed write) for every command that
# meets it: an output, a store to create, a store to commit to
lim() { (ulimit -f 4; "$@") >/dev/null 2>"$TMP/err"; }
for c in "export --db s.db --all -o big.json" "report --db s.db -o big.html a b" \
    "show --db s.db --all --format json -o big.txt" "import --db new1.db all.json" \
    "run null $fast --db new2.db"; do
	rm -f new1.db new2.db
	lim "$BOARDBENCH" $c
	st=$?
	[ $st -eq 1 ] && [ "$(grep -vc '^imported' "$TMP/err")" -eq 1 ]
	ok $? "ulimit -f 4: ${c%% *} exits 1 in one line (exit $st: $(head -c 160 "$TMP/err"))"
done
# and a reader reads under the limit (it makes no -shm)
(ulimit -f 8; "$BOARDBENCH" show --list --db s.db) >/dev/null 2>"$TMP/err"
ok $? "ulimit -f 8: show --list reads ($(cat "$TMP/err"))"

done_testing
