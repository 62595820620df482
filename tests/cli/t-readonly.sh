#!/bin/sh
# Readers read a store they cannot write and create no file beside it
# (issue 41): show, show --list, export, compare and report on a store
# closed cleanly (no -wal, no -shm), in a writable folder, on a real
# read-only mount (a tmpfs remounted read-only in a mount namespace of
# its own: skipped, with the reason, where mounting is not allowed) and
# as another user (nobody) with the store 444 in a 555 folder; a store
# they refuse (a newer schema) gets no file either.  Also: a reader holds
# the file alone against a writer's closing checkpoint, so the writer
# leaves its -wal for later.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0"
mkdir -p "$TMP/w" "$TMP/o" || exit 99
db="$TMP/w/s.db"
for t in a b; do
	bb run null $fast --db "$db" --tag $t >/dev/null 2>&1 || exit 99
done
[ "$(ls -A "$TMP/w")" = s.db ]
ok $? "a run closes its store cleanly: no -wal or -shm left"

# readers DIR DB OUT WHO...: each reader on DB; statuses and stderr in
# $TMP/rd.NAME; WHO is a command prefix (another user), or none
readers() {
	rdb=$1 rout=$2
	shift 2
	"$@" "$BOARDBENCH" show --db "$rdb" a >"$TMP/o/show.out" 2>"$TMP/rd.show.err"
	echo $? >"$TMP/rd.show"
	"$@" "$BOARDBENCH" show --list --db "$rdb" >"$TMP/o/list.out" 2>"$TMP/rd.list.err"
	echo $? >"$TMP/rd.list"
	"$@" "$BOARDBENCH" export --all --db "$rdb" -o "$rout/e.json" 2>"$TMP/rd.export.err"
	echo $? >"$TMP/rd.export"
	"$@" "$BOARDBENCH" compare --db "$rdb" a b >"$TMP/o/cmp.out" 2>"$TMP/rd.compare.err"
	echo $? >"$TMP/rd.compare"
	"$@" "$BOARDBENCH" report --db "$rdb" -o "$rout/r.html" a b 2>"$TMP/rd.report.err"
	echo $? >"$TMP/rd.report"
}
# check WHERE LISTING: every reader exited 0, and the folder holds LISTING
check() {
	for r in show list export compare report; do
		[ "$(cat "$TMP/rd.$r" 2>/dev/null)" = 0 ]
		ok $? "$1: $r reads it (exit $(cat "$TMP/rd.$r" 2>/dev/null): $(head -c 200 "$TMP/rd.$r.err"))"
	done
	[ "$(ls -A "$3" | tr '\n' ' ')" = "$2" ]
	ok $? "$1: no file made beside the store (there: $(ls -A "$3" | tr '\n' ' '))"
}

readers "$db" "$TMP/o"
check "a writable folder" "s.db " "$TMP/w"
grep -q '"tag": "b"' "$TMP/o/e.json"; ok $? "... and the export holds the runs"

# a store a reader refuses: a newer schema (user_version at offset 60)
cp "$db" "$TMP/w/new.db" || exit 99
printf '\000\000\000\143' | dd of="$TMP/w/new.db" bs=1 seek=60 conv=notrunc 2>/dev/null
expect 2 "a store of a newer schema is refused" -- bb show --list --db "$TMP/w/new.db"
[ "$(ls -A "$TMP/w" | tr '\n' ' ')" = "new.db s.db " ]
ok $? "... and no file is made beside it either ($(ls -A "$TMP/w" | tr '\n' ' '))"
rm -f "$TMP/w/new.db"

# a reader holds the file alone: a writer's closing checkpoint waits for
# it (the writer leaves its -wal), and the reader still reads
# (struct flock as x86-64 and arm64 lay it out)
case $(uname -m) in x86_64|aarch64) arch64=1 ;; *) arch64= ;; esac
if command -v python3 >/dev/null 2>&1 && [ -n "$arch64" ]; then
	cp "$db" "$TMP/w/c.db" || exit 99
	python3 - "$TMP/w/c.db" <<'PY' &
import fcntl, os, sys, time
# what a reader of the file alone holds: a read lock on SQLite's SHARED
# bytes (an open file description lock, as boardbench's)
fd = os.open(sys.argv[1], os.O_RDONLY)
import struct
F_OFD_SETLK = 37
lk = struct.pack('hhqqi4x', fcntl.F_RDLCK, 0, 0x40000002, 510, 0)
fcntl.fcntl(fd, F_OFD_SETLK, lk)
lk = struct.pack('hhqqi4x', fcntl.F_RDLCK, 0, 0x40001000, 1, 0)
fcntl.fcntl(fd, F_OFD_SETLK, lk)
open(sys.argv[1] + '.held', 'w').close()
# until the test is done with it (at most 5 minutes)
for i in range(3000):
    if os.path.exists(sys.argv[1] + '.done'):
        break
    time.sleep(0.1)
PY
	lp=$!
	i=0
	while [ ! -e "$TMP/w/c.db.held" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
	bb run null $fast --db "$TMP/w/c.db" --tag c >/dev/null 2>&1
	ok $? "a run writes while a reader holds the file"
	[ -s "$TMP/w/c.db-wal" ]
	ok $? "... and leaves its -wal, not checkpointed into the file under the reader"
	: >"$TMP/w/c.db.done"
	wait $lp 2>/dev/null
	bb show --list --db "$TMP/w/c.db" >"$TMP/out" 2>&1 && grep -q ' c  ' "$TMP/out"
	ok $? "a reader then reads the run through the -wal"
	rm -f "$TMP/w/c.db"*
fi

# ---- a read-only mount ------------------------------------------------------
mnt="$TMP/mnt"
mkdir -p "$mnt" || exit 99
why=
if [ "$(id -u)" != 0 ]; then
	why="not root: no mount"
elif ! command -v unshare >/dev/null 2>&1; then
	why="no unshare(1)"
fi
if [ -z "$why" ]; then
	# the mount lives in a namespace of its own: nothing outlives the test
	cat >"$TMP/ro.sh" <<EOS
set -e
TMP="$TMP" BOARDBENCH="$BOARDBENCH"
mount -t tmpfs -o size=4m tmpfs "$mnt" || exit 3
cp "$db" "$mnt/s.db"
mount -o remount,ro "$mnt" || exit 3
touch "$mnt/x" 2>/dev/null && exit 4
set +e
. "$TMP/readers.sh"
readers "$mnt/s.db" "$TMP/o"
ls -A "$mnt" | tr '\n' ' ' >"$TMP/ro.ls"
"$BOARDBENCH" run null $fast --db "$mnt/s.db" >/dev/null 2>"$TMP/ro.run.err"
echo \$? >"$TMP/ro.run"
EOS
	# readers() for the script
	sed -n '/^readers() {/,/^}/p' "$0" >"$TMP/readers.sh"
	unshare -m --propagation private sh "$TMP/ro.sh" 2>"$TMP/ro.err"
	st=$?
	case $st in
	0) ;;
	3) why="mounting is not allowed here ($(head -c 120 "$TMP/ro.err"))" ;;
	4) why="the remounted tmpfs was still writable" ;;
	*) why="unshare -m failed ($st: $(head -c 120 "$TMP/ro.err"))" ;;
	esac
fi
if [ -z "$why" ]; then
	for r in show list export compare report; do
		[ "$(cat "$TMP/rd.$r")" = 0 ]
		ok $? "read-only mount: $r reads it (exit $(cat "$TMP/rd.$r"): $(head -c 200 "$TMP/rd.$r.err"))"
	done
	[ "$(cat "$TMP/ro.ls")" = "s.db " ]
	ok $? "read-only mount: the store alone ($(cat "$TMP/ro.ls"))"
	[ "$(cat "$TMP/ro.run")" != 0 ] && [ "$(wc -l <"$TMP/ro.run.err")" -eq 1 ]
	ok $? "read-only mount: a run cannot write it, in one line ($(cat "$TMP/ro.run.err"))"
else
	echo "ok $((n + 1)) # SKIP read-only mount: $why"
	n=$((n + 1))
fi

# ---- another user -------------------------------------------------------------
who=
if [ "$(id -u)" != 0 ]; then
	who="not root: cannot become another user"
elif ! command -v setpriv >/dev/null 2>&1; then
	who="no setpriv(1)"
elif ! id nobody >/dev/null 2>&1; then
	who="no user nobody"
fi
as_nobody() {
	setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" \
	    --clear-groups "$@"
}
if [ -z "$who" ]; then
	chmod 711 "$TMP" && mkdir -p "$TMP/ro" "$TMP/no" && chmod 777 "$TMP/no" &&
	    cp "$db" "$TMP/ro/s.db" && chmod 444 "$TMP/ro/s.db" &&
	    chmod 555 "$TMP/ro" && chmod 777 "$TMP/o" || exit 99
	as_nobody "$BOARDBENCH" --version >/dev/null 2>&1 ||
		who="nobody cannot run $BOARDBENCH (a folder above it is private)"
fi
if [ -z "$who" ]; then
	readers "$TMP/ro/s.db" "$TMP/no" as_nobody
	check "as nobody, 444 in 555" "s.db " "$TMP/ro"
else
	echo "ok $((n + 1)) # SKIP as another user: $who"
	n=$((n + 1))
fi
chmod 755 "$TMP/ro" 2>/dev/null

done_testing
