#!/bin/sh
# What comes from outside cannot hang or flood boardbench: a FIFO, a
# device and a symlink loop under BOARDBENCH_SYSROOT (info and run end);
# an iperf3 that prints without end (the row FAILS at the documented cap,
# and what it started in the background is gone); a vcgencmd that hangs
# (info ends, and the hung program is gone).  Each command runs under
# timeout(1), so that a regression fails instead of hanging make check.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fx="$top_srcdir/tests/fixtures"
fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0"
command -v timeout >/dev/null 2>&1 || skip_all "no timeout(1)"

# gone PIDFILE: the process named in it no longer runs (a zombie counts)
gone() {
	p=$(cat "$1" 2>/dev/null) || return 1
	[ -n "$p" ] || return 1
	i=0
	while [ $i -lt 50 ]; do
		kill -0 "$p" 2>/dev/null || return 0
		case $(ps -o stat= -p "$p" 2>/dev/null) in Z*) return 0 ;; esac
		sleep 0.1
		i=$((i + 1))
	done
	kill -9 "$p" 2>/dev/null	# not ours to leave behind either way
	return 1
}

# ---- hostile files under the sysroot -----------------------------------
cp -R "$fx/rpi4" "$TMP/pi"
rm "$TMP/pi/proc/cpuinfo" "$TMP/pi/etc/os-release" "$TMP/pi/proc/stat" \
	"$TMP/pi/proc/swaps" "$TMP/pi/proc/meminfo" \
	"$TMP/pi/sys/class/thermal/thermal_zone0/temp"
mkfifo "$TMP/pi/proc/cpuinfo" "$TMP/pi/etc/os-release" "$TMP/pi/proc/stat"
ln -s /dev/zero "$TMP/pi/proc/swaps"
ln -s meminfo "$TMP/pi/proc/meminfo"		# a loop
ln -s /dev/zero "$TMP/pi/sys/class/thermal/thermal_zone0/temp"
export BOARDBENCH_SYSROOT="$TMP/pi"
expect 0 "info with FIFOs, a device and a symlink loop in the sysroot" -- \
	timeout 60 "$BOARDBENCH" info
grep -q "^system.board  *Raspberry Pi 4" "$TMP/out"
ok $? "the regular files are still read"
grep -q "^system.cpu_model  *4 x unknown" "$TMP/out"
ok $? "the FIFO /proc/cpuinfo is unknown"
printf 'Evil\033]0;pwned\007Board\n' > "$TMP/pi/proc/device-tree/model"
expect 0 "info with a board name that holds an ESC sequence" -- \
	timeout 60 "$BOARDBENCH" info
grep -q "^system.board  *Evil\\\\x1b\]0;pwned\\\\x07Board$" "$TMP/out"
ok $? "an ESC sequence in the device tree is shown escaped"
expect 0 "run with them" -- timeout 60 "$BOARDBENCH" run null $fast --no-save
grep -q "^null  *add .*op/s" "$TMP/out"
ok $? "and measures"
unset BOARDBENCH_SYSROOT

# ---- iperf3 that prints without end ------------------------------------
mkdir "$TMP/bin"
cat > "$TMP/bin/iperf3" <<EOF
#!/bin/sh
case "\$*" in *--version*) echo "iperf 3.12"; exit 0 ;; esac
sh -c 'trap "" TERM; exec sleep 1000' &
echo \$! > "$TMP/ip-child.pid"
exec yes '{"start": {}, "end": {}, "pad": "................................"}'
EOF
chmod +x "$TMP/bin/iperf3"
expect 1 "iperf3 that prints without end" -- timeout 120 "$BOARDBENCH" run \
	iperf3 $fast -p network.iperf3="$TMP/bin/iperf3" \
	-p network.server=127.0.0.1 -p network.tests=up -p network.time=1 \
	--no-save
grep -q "^iperf3  *up  *FAILED" "$TMP/out" &&
	tr "\n" " " < "$TMP/out" | tr -s " " | grep -q "more than the 4096 KiB allowed"
ok $? "FAILED at the 4 MiB cap: $(grep FAILED "$TMP/out" | cut -c 60-200)"
gone "$TMP/ip-child.pid"; ok $? "what it started in its group is gone"

# ---- SIGKILL of boardbench: a wrapper's children go too -----------------
cat > "$TMP/bin/wrap-iperf3" <<EOF
#!/bin/sh
case "\$*" in *--version*) echo "iperf 3.12"; exit 0 ;; esac
sh -c 'trap "" TERM; exec sleep 1000' &
echo \$! > "$TMP/wrap.pid"
wait
EOF
chmod +x "$TMP/bin/wrap-iperf3"
$TEST_RUNNER "$BOARDBENCH" run iperf3 $fast -p network.iperf3="$TMP/bin/wrap-iperf3" \
	-p network.server=127.0.0.1 -p network.tests=up -p network.time=5 \
	--no-save >/dev/null 2>&1 &
pid=$!
i=0
while [ ! -s "$TMP/wrap.pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
test -s "$TMP/wrap.pid"; ok $? "the wrapper has started its child"
kill -KILL $pid
wait $pid 2>/dev/null
gone "$TMP/wrap.pid"
ok $? "SIGKILL of boardbench: the wrapper's child that ignores SIGTERM is gone"

# ---- vcgencmd that hangs -------------------------------------------------
cat > "$TMP/bin/vcgencmd" <<EOF
#!/bin/sh
echo \$\$ > "$TMP/vc.pid"
exec sleep 1000
EOF
chmod +x "$TMP/bin/vcgencmd"
expect 0 "info with a vcgencmd that hangs" -- \
	env PATH="$TMP/bin:$PATH" timeout 60 "$BOARDBENCH" info
gone "$TMP/vc.pid"; ok $? "the hung vcgencmd is gone"

# ---- descriptors: a program sees 0, 1 and 2 only -------------------------
# (fd 9 is opened here without close-on-exec; boardbench holds its own)
lsfd="${top_builddir:-.}/tests/unit/t-spawn"
if [ -x "$lsfd" ]; then
	printf '#!/bin/sh\ncat >/dev/null\nexec "%s" --list-fds\n' "$lsfd" > "$TMP/bin/fdplot"
	printf '#!/bin/sh\n"%s" --list-fds > "%s/ip.fds"\necho '"'"'{"error": "listed"}'"'"'\n' \
		"$lsfd" "$TMP" > "$TMP/bin/fdiperf"
	chmod +x "$TMP/bin/fdplot" "$TMP/bin/fdiperf"
	BOARDBENCH_GNUPLOT="$TMP/bin/fdplot" bb compare --plot "$TMP/fds.svg" \
		"$top_srcdir/tests/data/cmp-O0.json" \
		"$top_srcdir/tests/data/cmp-O2.json" >/dev/null 2>"$TMP/fderr" 9<"$TMP/pi/proc/loadavg"
	test "$(cat "$TMP/fds.svg")" = "0 1 2"
	ok $? "gnuplot sees descriptors 0 1 2 only: $(cat "$TMP/fds.svg" "$TMP/fderr")"
	bb run iperf3 $fast -p network.iperf3="$TMP/bin/fdiperf" \
		-p network.server=127.0.0.1 -p network.tests=up --no-save \
		>/dev/null 2>&1 9<"$TMP/pi/proc/loadavg"
	test "$(cat "$TMP/ip.fds")" = "0 1 2"
	ok $? "iperf3 (from a case's process) sees 0 1 2 only: $(cat "$TMP/ip.fds")"
else
	echo "ok $((n = n + 1)) # SKIP no tests/unit/t-spawn to list descriptors"
	echo "ok $((n = n + 1)) # SKIP no tests/unit/t-spawn to list descriptors"
fi
done_testing
