#!/bin/sh
# The store keeps everything and never half of anything (issue 10): write
# errors are exit 1, outputs never replace a store, an import is all or
# nothing per run, concurrent writers lose no row, killed and interrupted
# runs are never pooled, readers never write, imported fields are checked.
. "${top_srcdir:-.}/tests/cli/lib.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed"
fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0 --no-progress"
db="$TMP/s.db"
bb run null $fast --db "$db" --tag a >/dev/null 2>&1; ok $? "a run to read"
bb run null $fast --db "$db" --tag a >/dev/null 2>&1; ok $? "and another"

# mkexport FILE RUNS ROWS [RUN-FIELDS [ROW-FIELDS]]: an export to import
mkexport() {
	python3 - "$@" <<'EOF'
import json, sys, uuid
path, nruns, nrows = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
runx = json.loads(sys.argv[4]) if len(sys.argv) > 4 else {}
rowx = json.loads(sys.argv[5]) if len(sys.argv) > 5 else {}
runs = []
for r in range(nruns):
    rows = []
    for i in range(nrows):
        row = {"seq": i, "bench": "null", "group": "selftest",
               "case": "c%d" % i, "unit": "op/s", "better": 1,
               "status": "OK", "median": 2.0, "n": 3,
               "samples": [1.0, 2.0, 3.0], "extra": {"k": 1.5}}
        row.update(rowx)
        rows.append(row)
    run = {"uuid": str(uuid.uuid4()), "status": "complete",
           "tag": "imp", "results": rows}
    run.update(runx)
    runs.append(run)
# the header last, as jq -S would sort it: the reader must not care
json.dump({"runs": runs, "schema_version": 1, "tool": "boardbench"},
          open(path, "w"))
EOF
}
# --- write errors: exit 1, one line on stderr ---------------------------
# expect1 DESCRIPTION -- COMMAND...: exit 1 with exactly one stderr line
expect1() {
	desc=$1; shift 2
	"$@" 2>"$TMP/err"
	got=$?
	[ "$got" -eq 1 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ]
	ok $? "$desc (exit $got: $(head -c 120 "$TMP/err"))"
}
tofull() { bb "$@" >/dev/full; }
if [ -w /dev/full ]; then
	for c in "show" "show --list" "export" "export --format csv"; do
		expect1 "$c to /dev/full" -- tofull $c --db "$db"
	done
	expect1 "info to /dev/full" -- tofull info
	expect1 "list to /dev/full" -- tofull list
	expect1 "run to /dev/full" -- tofull run null $fast --db "$db" \
	    --tag full
	bb show --tag full --db "$db" --format csv > "$TMP/full.csv"
	[ "$(wc -l < "$TMP/full.csv")" -eq 3 ]
	ok $? "... and its rows are stored all the same"
else
	echo "ok $((n = n + 1)) # SKIP no /dev/full"
fi
# A closed pipe and a file size limit are write errors, not deaths: one
# line, exit 1, and the run's rows and its end are stored (issue 25)
python3 - "$BOARDBENCH" run null $fast --db "$db" --tag piped \
    >"$TMP/pipe.st" 2>"$TMP/err" <<'EOF'
import os, subprocess, sys
r, w = os.pipe()
os.close(r)		# no reader, as after `| head -1` has quit
# (the child gets SIGPIPE back at its default, as from a shell)
print(subprocess.run(sys.argv[1:], stdout=w).returncode)
EOF
[ "$(cat "$TMP/pipe.st")" = 1 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ]
ok $? "run into a closed pipe: exit $(cat "$TMP/pipe.st"), $(head -c 80 "$TMP/err")"
bb show --list --db "$db" --tag piped | grep -q ' complete '
ok $? "... and the run is complete in the store"
(ulimit -f 4; exec "$BOARDBENCH" run null $fast --no-save --format json \
    > "$TMP/lim.out") 2>"$TMP/err"
st=$?
[ $st -eq 1 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ]
ok $? "run past a file size limit, SIGXFSZ at its default: exit $st"
# A file size limit of 50 KiB (100 KiB in bash) makes a write fail half-way (EFBIG with
# SIGXFSZ ignored); the store's own -shm file (32 KiB) still fits.
mkexport "$TMP/many.json" 1 3000
bb import --db "$TMP/m.db" "$TMP/many.json" 2>/dev/null
# limited COMMAND...: run it with the limit, stdout to $TMP/lim.out
limited() {
	(trap '' XFSZ; ulimit -f 100; exec "$@" > "$TMP/lim.out")
}
printf 'old\n' > "$TMP/o.json"
expect1 "export -o past a size limit" -- limited "$BOARDBENCH" export \
    --db "$TMP/m.db" -o "$TMP/o.json"
# (the cause, not stdio's lost errno: EIO was printed for a full disk too)
grep -q "o.json': File too large$" "$TMP/err"; ok $? "... and says why"
[ "$(cat "$TMP/o.json")" = old ]; ok $? "... the old file is kept whole"
ls "$TMP" | grep -q 'o\.json\.tmp'; ok $(( ! $? )) "... no temporary is left"
expect1 "export -o CSV past a size limit" -- limited "$BOARDBENCH" export \
    --db "$TMP/m.db" --format csv -o "$TMP/new.csv"
[ ! -e "$TMP/new.csv" ]; ok $? "... leaves no file behind"
expect1 "export to a redirected stdout past a size limit" -- limited \
    "$BOARDBENCH" export --db "$TMP/m.db"
expect1 "show CSV to a redirected stdout past a size limit" -- limited \
    "$BOARDBENCH" show --all --format csv --db "$TMP/m.db"
expect 0 "export -o writes the file" -- bb export --db "$db" -o "$TMP/ok.json"
# -o replaces its file by a rename: a FIFO (or a device) is refused, kept
mkfifo "$TMP/fifo"
bb export --db "$db" -o "$TMP/fifo" >/dev/null 2>"$TMP/err"
st=$?
[ $st -ne 0 ] && [ -p "$TMP/fifo" ] && grep -q "not a regular file" "$TMP/err"
ok $? "export -o onto a FIFO is refused and the FIFO stays (exit $st)"
grep -q '"tool": "boardbench"' "$TMP/ok.json"; ok $? "... whole"

# import and compare check a file before they open it: a FIFO that no one
# writes is refused at once, never waited on (a hang ends at 30 s here)
mkfifo "$TMP/in.fifo"
for c in "import --db $TMP/fifo.db" "compare $top_srcdir/tests/data/cmp-O0.json"; do
	timeout 30 $TEST_RUNNER "$BOARDBENCH" $c "$TMP/in.fifo" >/dev/null \
	    2>"$TMP/err"
	st=$?
	[ $st -eq 2 ] && grep -q "in.fifo': not a regular file" "$TMP/err"
	ok $? "${c%% *} of a FIFO is refused, not waited on (exit $st)"
done

# --- an output never replaces a store ------------------------------------
cp "$db" "$TMP/s.orig"
expect 2 "export -o onto its own store" -- bb export --db "$db" -o "$db"
cmp -s "$db" "$TMP/s.orig"; ok $? "... the store is unchanged"
cp "$db" "$TMP/other.db"
expect 2 "export -o onto another store" -- bb export --db "$db" \
    -o "$TMP/other.db"
cmp -s "$TMP/other.db" "$TMP/s.orig"; ok $? "... which is unchanged"
expect 2 "compare --plot onto the store" -- bb compare --db "$db" \
    --plot "$db" 1 2
cmp -s "$db" "$TMP/s.orig"; ok $? "... the store is unchanged"
# nor one of its files: rows of a killed writer live only in the -wal,
# and the files are known by device and inode, whatever name reaches them
w="$TMP/w.db"
cp "$db" "$w"
python3 - "$w" <<'EOF2'
import os, sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA wal_autocheckpoint=0")
c.execute("UPDATE runs SET tag = 'only-in-wal'")
os._exit(0)		# killed: no checkpoint, the -wal and -shm stay
EOF2
[ -s "$w-wal" ] && [ -e "$w-shm" ]; ok $? "a store whose rows are in its -wal"
cp "$w-wal" "$TMP/wal.orig"
ln "$w-wal" "$TMP/wal-link"
ln -s "$w-shm" "$TMP/shm-link"
: > "$TMP/w.db-journal"
for o in "$w-wal" "$w-shm" "$TMP/w.db-journal" "$TMP/wal-link" \
    "$TMP/shm-link"; do
	expect 2 "export -o onto the store's ${o##*/}" -- \
	    bb export --db "$w" -o "$o"
	expect 2 "report -o onto the store's ${o##*/}" -- \
	    bb report --db "$w" -o "$o"
done
rm -f "$TMP/w.db-journal"
cmp -s "$w-wal" "$TMP/wal.orig"; ok $? "... the -wal is unchanged"
bb show --db "$w" --list 2>&1 | grep -q only-in-wal
ok $? "... and its rows are still there"
expect 2 "export -o onto another store's -wal" -- bb export --db "$db" \
    -o "$w-wal"
cmp -s "$w-wal" "$TMP/wal.orig"; ok $? "... which is unchanged"

# a run exported while it ran has no writer here: it comes in interrupted
mkexport "$TMP/running.json" 1 2 '{"status": "running", "tag": "wasrunning"}'
bb import --db "$TMP/r.db" "$TMP/running.json" >/dev/null 2>&1
bb show --list --db "$TMP/r.db" | grep -q ' interrupted .*wasrunning'
ok $? "an exported running run is imported as interrupted"

# --- readers never write ---------------------------------------------------
: > "$TMP/empty.db"
expect 2 "show on an empty file" -- bb show --db "$TMP/empty.db"
expect 2 "compare on an empty file" -- bb compare --db "$TMP/empty.db" 1 2
[ ! -s "$TMP/empty.db" ]; ok $? "... which stays empty"
long="$TMP/$(printf '%0200d' 0)/$(printf '%0200d' 0)"
mkdir -p "$long"
expect 2 "a --db name too long for SQLite" -- bb run null $fast \
    --db "$long/$(printf '%0200d' 1).db"
[ -z "$(ls "$long")" ]; ok $? "... leaves no file behind"
chmod 444 "$db"
if [ "$(id -u)" -eq 0 ]; then
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
	chmod 755 "$TMP"
	$as_user true 2>/dev/null || as_user=
else
	as_user=
fi
if [ "$(id -u)" -ne 0 ] || [ -n "$as_user" ]; then
	chmod 555 "$TMP"
	$as_user "$BOARDBENCH" show --db "$db" >/dev/null 2>"$TMP/err.ro"
	ok $? "show on a read-only store in a read-only folder: exit 0"
	$as_user "$BOARDBENCH" run null $fast --db "$db" >/dev/null 2>&1
	ok $(( $? != 2 )) "run into a read-only store: exit 2"
	chmod 700 "$TMP"
else
	echo "ok $((n = n + 1)) # SKIP root without setpriv"
	echo "ok $((n = n + 1)) # SKIP root without setpriv"
fi
chmod 644 "$db"

# --- import: checked fields, streamed, all or nothing per run ----------
i=0
while read -r what runx rowx; do
	i=$((i + 1))
	mkexport "$TMP/bad$i.json" 1 2 "$runx" "$rowx"
	expect 2 "import refuses $what" -- bb import --db "$TMP/bad.db" \
	    "$TMP/bad$i.json"
done <<'EOF'
a_tag_longer_than_127_bytes {"tag":"ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé"} {}
an_unknown_run_status {"status":"finished"} {}
an_unknown_row_status {} {"status":"GREAT"}
a_bad_benchmark_name {} {"bench":"null;rm"}
a_median_that_is_text {} {"median":"fast"}
an_OK_row_without_a_median {} {"median":null}
an_out-of-range_better {} {"better":7}
a_case_longer_than_95_bytes {} {"case":"cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc"}
an_extra_name_longer_than_31_bytes {} {"extra":{"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk":1}}
EOF
[ ! -e "$TMP/bad.db" ]; ok $? "... and never made the store"
mkexport "$TMP/tag.json" 1 1 \
    '{"tag":"ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé"}'
expect 0 "a 126-byte UTF-8 tag is imported" -- bb import --db "$TMP/t.db" \
    "$TMP/tag.json"
bb show --list --db "$TMP/t.db" | grep -q "ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé"
ok $? "... whole"

mkexport "$TMP/big.json" 3 1500
rm -f "$TMP/i.db"
bb import --db "$TMP/i.db" "$TMP/big.json" 2>/dev/null &
pid=$!
# kill it as soon as the store appears, before three runs can be in
while [ ! -s "$TMP/i.db" ] && kill -0 $pid 2>/dev/null; do :; done
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
# every run there has all its rows
partial=0
for id in $(bb show --list --db "$TMP/i.db" 2>/dev/null | awk 'NR > 1 { print $1 }'); do
	rows=$(bb show "$id" --db "$TMP/i.db" --format csv | wc -l)
	[ "$rows" -eq 1501 ] || partial=$((partial + 1))
done
ok $(( partial != 0 )) "a killed import leaves no run half-imported"
expect 0 "the import is repeated" -- bb import --db "$TMP/i.db" \
    "$TMP/big.json"
bb show --all --db "$TMP/i.db" --format csv > "$TMP/all.csv"
[ "$(wc -l < "$TMP/all.csv")" -eq 4501 ]; ok $? "... and every row is in"

# --- interrupted runs are never pooled -----------------------------------
# run 1 again, under a new uuid, as a run that was interrupted
bb export --db "$db" 1 | python3 -c '
import json, sys, uuid
d = json.load(sys.stdin)
d["runs"][0]["uuid"] = str(uuid.uuid4())
d["runs"][0]["status"] = "interrupted"
json.dump(d, sys.stdout)' > "$TMP/half.json"
bb import --db "$db" "$TMP/half.json" 2>/dev/null
expect 0 "compare --pool with an interrupted run" -- bb compare --db "$db" \
    --pool tag:a 1
grep -q "is interrupted: left out of the pool" "$TMP/err"
ok $? "... leaves it out with a note"
iid=$(bb show --list --db "$db" | awk '$3 == "interrupted" { print $1 }')
[ -n "$iid" ] && ! grep '^== A' "$TMP/out" | grep -v 'left out' |
	grep -Eq "[ ,]$iid( |,|\$)"
ok $? "... and really out (run $iid not in: $(grep '^== A' "$TMP/out" | cut -c1-30))"
expect 0 "compare of an interrupted run" -- bb compare --db "$db" tag:a 1
grep -q "is interrupted: its results are partial" "$TMP/err"
ok $? "... says its results are partial"

# --- a row that cannot be stored is exit 1 --------------------------------
bb run null $fast --db "$TMP/trig.db" >/dev/null 2>&1
python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("CREATE TRIGGER no_rows BEFORE INSERT ON results BEGIN "
          "SELECT RAISE(ABORT, \"no room (test)\"); END")
c.commit()' "$TMP/trig.db"
bb run null $fast --db "$TMP/trig.db" >/dev/null 2>"$TMP/err"
ok $(( $? != 1 )) "a run whose rows cannot be stored exits 1"
bb show --list --db "$TMP/trig.db" | grep -q " incomplete "
ok $? "... and is marked incomplete"

# --- a run whose final status cannot be written (a full disk) ------------
# A trigger refuses the end of every run, as a full disk would; the rows,
# stored case by case with the run's count of cases, still make it read as
# complete; a run cut halfway still reads as interrupted (issue 25)
fin="$TMP/fin.db"
bb run null $fast --db "$fin" --tag before >/dev/null 2>&1
python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("CREATE TRIGGER no_end BEFORE UPDATE OF status ON runs"
          " WHEN NEW.status <> \"running\" BEGIN"
          " SELECT RAISE(ABORT, \"database or disk is full (test)\"); END")
c.commit()' "$fin"
bb run null $fast --db "$fin" --tag nofinal >/dev/null 2>"$TMP/err"
st=$?
[ $st -eq 1 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] &&
	grep -q "cannot write the final status (complete) of run 2 in store .*: database or disk is full (test)$" "$TMP/err"
ok $? "a run whose final status cannot be written: exit $st, one line ($(head -c 100 "$TMP/err"))"
bb show --list --db "$fin" --tag nofinal | grep -q ' complete '
ok $? "... reads as complete in show --list"
[ "$(bb show --db "$fin" --tag nofinal --format csv | wc -l)" -eq 3 ]
ok $? "... with both its rows"
bb export --db "$fin" --tag nofinal | grep -q '"status": "complete"'
ok $? "... and is exported complete"
bb exec --db "$fin" --tag execnofinal --repeat 2 -- true >/dev/null \
	2>"$TMP/err"
st=$?
[ $st -eq 1 ] && bb show --list --db "$fin" --tag execnofinal |
	grep -q ' complete '
ok $? "exec without its final status: exit $st, reads as complete"
# a case made from two others (Linpack's average) counts as a case too
bb run linpack $fast -p linpack.n=21 -p linpack.precision=double \
	--db "$fin" --tag lpnofinal >/dev/null 2>&1
bb show --list --db "$fin" --tag lpnofinal | grep -q ' complete '
ok $? "linpack (its average made from its other rows) without its final status reads as complete"
# first_case TAG: wait until the run tagged TAG has stored a row (20 s)
first_case() {
	i=0
	while [ "$(bb show --db "$fin" --tag "$1" --format csv 2>/dev/null |
	    wc -l)" -lt 2 ] && [ $i -lt 200 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# cut halfway: the second case hangs until the run is killed (the program
# itself, not a shell function around it)
$TEST_RUNNER "$BOARDBENCH" run null $fast --db "$fin" --tag halfway \
	-p null.mode=hang --timeout 300 >/dev/null 2>&1 &
pid=$!
first_case halfway
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
sleep 0.3
bb show --list --db "$fin" --tag halfway | grep -q ' interrupted '
ok $? "a run killed after its first case reads as interrupted"
$TEST_RUNNER "$BOARDBENCH" run null $fast --db "$fin" --tag stopped \
	-p null.mode=hang --timeout 300 >/dev/null 2>"$TMP/err" &
pid=$!
first_case stopped
kill -INT $pid 2>/dev/null
wait $pid
st=$?
[ $st -eq 130 ] && bb show --list --db "$fin" --tag stopped |
	grep -q ' interrupted '
ok $? "SIGINT halfway, its final status refused: exit $st, interrupted"

# --- concurrent writers: no row lost ---------------------------------
mkexport "$TMP/long.json" 4 400
lost=0
k=0
while [ $k -lt 20 ]; do
	k=$((k + 1))
	c="$TMP/c$k.db"
	bb import --db "$c" "$TMP/long.json" 2>"$TMP/ci.err" &
	p1=$!
	bb run null $fast --db "$c" --tag r1 >/dev/null 2>"$TMP/c1.err" &
	p2=$!
	bb run null $fast --db "$c" --tag r2 >/dev/null 2>"$TMP/c2.err" &
	p3=$!
	wait $p1 || lost=$((lost + 1))
	wait $p2 || lost=$((lost + 1))
	wait $p3 || lost=$((lost + 1))
	rows=$(bb show --all --db "$c" --format csv | wc -l)
	[ "$rows" -eq $((4 * 400 + 2 * 2 + 1)) ] || {
		lost=$((lost + 1))
		echo "# round $k: $rows lines"
		cat "$TMP/ci.err" "$TMP/c1.err" "$TMP/c2.err" | sed 's/^/# /'
	}
	rm -f "$c" "$c-wal" "$c-shm"
done
ok $lost "an import and two runs at once, 20 times: every row stored"
done_testing
