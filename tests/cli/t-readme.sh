#!/bin/sh
# The README's commands, exactly as written, on a clean copy of the source
# (one Quick start build serves them all; readme_sh below reads them from
# the README's ```sh blocks, a line ending in a backslash joined to the
# next):
# - its Quick start (scripts/quickstart builds out of tree in build/),
#   its run cut to dhrystone, stored in the usual store (under this test's
#   own HOME); its test command is checked to be the parallel make check
#   (CI's fresh-Debian stage runs it, .ci/run);
# - the everyday commands, each run as written (the two runs cut to
#   linpack's double precision at the quick profile);
# - the "over SSH" recipe: `scripts/fleet boards.ini --build -- --profile
#   quick` and the `--resume` line, from the top of the clone, against two
#   OpenSSH servers on 127.0.0.1 (tests/cli/lib-sshd.sh) named in
#   boards.ini.  Nothing is set for the fleet but the inventory: no
#   BOARDBENCH, no --boardbench, no --db.  The boards' runs are cut to
#   linpack and dhrystone, named after the command as a user would.
#   Without ansible-playbook or sshd these checks skip;
# - the overnight sweep: the README's matrix (its -mcpu dropped where the
#   compiler is not ARM's), its two commands cut to one round, no cool-down
#   and dhrystone at the quick profile;
# - softfp against hardfp: both cross builds as written and the run under
#   qemu-user with the wrappers of scripts/setup-arm-cross, when that
#   toolchain is in /opt/arm-cross (skipped otherwise); the Pi's lines name
#   the same two builds.
# Skips (77) when the quick start would install a package.
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/lib-src.sh"
. "$top_srcdir/tests/cli/lib-sshd.sh"

# the quick start must not install anything here
quickstart_ready

readme=$top_srcdir/README.md
# readme_sh: every line of the README's ```sh blocks, continuation lines
# joined, comments after two spaces and a '#' dropped
readme_sh() {
	awk '/^```sh$/ { on = 1; next } /^```$/ { on = 0; next }
		on { if (sub(/\\$/, "")) { part = part $0; next }
		     line = part $0; part = ""; print line }' "$readme" |
		sed 's/  *#  *[^#]*$//; s/  *$//'
}
readme_sh >"$TMP/sh" || exit 99
pick() { grep -e "$1" "$TMP/sh"; }

# the README's commands: the Quick start's two, the fleet's two
qs=$(pick '^\./scripts/quickstart$')
fleet=$(pick '^scripts/fleet boards\.ini ')
[ "$qs" = ./scripts/quickstart ] && [ "$(printf '%s\n' "$fleet" | wc -l)" -eq 2 ]
ok $? "the README has the Quick start and two fleet commands: $(printf '%s' "$fleet" | tr '\n' ';')"
first="$(printf '%s\n' "$fleet" | sed -n 1p) linpack dhrystone"
resume="$(printf '%s\n' "$fleet" | sed -n 2p) linpack dhrystone"
case $resume in *--resume*) ;; *) ok 1 "the second fleet command resumes: $resume" ;; esac
[ "$(pick '^make -C build ')" = 'make -C build -j"$(nproc)" check' ]
ok $? "the Quick start's tests run in parallel: $(pick '^make -C build ')"
! grep -q '\.ci/run\|stress-ng\|sanitizer' "$readme"
ok $? "the README has no CI detail"
lines=$(wc -l < "$readme")
[ "$lines" -ge 150 ] && [ "$lines" -le 260 ]
ok $? "the README is a landing page: $lines lines"

clean_src "$TMP/boardbench"
st=$?
ok $st "a clean source tree (make distdir)"
[ $st -eq 0 ] || { sed 's/^/# /' "$TMP/distdir.log" | tail -20; done_testing; }
src=$TMP/boardbench

# (the commands run with a clean make environment, as in a user's shell)
in_src() {
	(cd "$src" && unset MAKEFLAGS MFLAGS MAKELEVEL BOARDBENCH && sh -c "$1")
}

# ---- the Quick start ---------------------------------------------------
in_src "$qs dhrystone" >"$TMP/qs.out" 2>"$TMP/qs.err"
st=$?
ok $st "the Quick start: $qs"
[ $st -eq 0 ] || tail -20 "$TMP/qs.err" | sed 's/^/# /'
[ -x "$src/build/boardbench" ] && [ ! -e "$src/config.status" ] && [ ! -e "$src/boardbench" ]
ok $? "out of tree: build/boardbench, the source tree left unconfigured"
grep -q '^dhrystone ' "$TMP/qs.out"; ok $? "the run's table is printed"

# ---- straight after it, the fleet's commands -----------------------------
why=$(sshd_why_not)
if [ -n "$why" ]; then
	echo "ok $((n = n + 1)) # SKIP the README's fleet commands: $why"
else
	sshd_init
	mkdir -p "$TMP/b1" "$TMP/b2" || exit 99
	sshd_hosts 2
	{
		echo "[boards]"
		echo "pi4 ansible_host=127.0.0.1 ansible_port=$PORT1 boardbench_tmp=$TMP/b1"
		echo "pi5 ansible_host=127.0.0.1 ansible_port=$PORT2 boardbench_tmp=$TMP/b2"
		echo
		sshd_inventory_vars
	} >"$src/boards.ini" || exit 99

	in_src "$first" >"$TMP/f1.out" 2>"$TMP/f1.err"
	st=$?
	ok $st "after the Quick start: $first (exit $st)"
	[ $st -eq 0 ] || {
		tail -20 "$TMP/f1.err" | sed 's/^/# /'
		tail -30 "$src/fleet-boards/fleet.log" 2>/dev/null | sed 's/^/# log: /'
	}
	! grep -q 'no local boardbench' "$TMP/f1.err"
	ok $? "the fleet found the Quick start's build/boardbench by itself"
	[ -x "$src/fleet-boards/bin/boardbench-$(uname -m)" ] ||
		ls "$src/fleet-boards/bin" 2>/dev/null | grep -q '^boardbench-'
	ok $? "--build made the boards' static binary in fleet-boards/bin"
	[ "$(sed -n 's/^== [A-Z] \([^:]*\): run .*/\1/p' "$TMP/f1.out" | tr '\n' ' ')" = "pi4 pi5 " ]
	ok $? "the comparison has both boards as columns"
	grep -q '^dhrystone ' "$TMP/f1.out" && grep -q '^linpack ' "$TMP/f1.out"
	ok $? "... with the rows of the benchmarks named"
	"$src/build/boardbench" show --list >"$TMP/list" 2>&1
	[ "$(awk 'NR > 1 && $3 == "complete" { print $4 "/" $5 }' "$TMP/list" | sort | tr '\n' ' ')" = "quick/- quick/pi4 quick/pi5 " ]
	ok $? "the usual store holds both boards' runs beside the Quick start's: $(awk 'NR > 1 { print $3 "/" $4 "/" $5 }' "$TMP/list" | tr '\n' ' ')"

	in_src "$resume" >"$TMP/f2.out" 2>"$TMP/f2.err"
	st=$?
	ok $st "then: $resume (exit $st)"
	[ $st -eq 0 ] || tail -20 "$TMP/f2.err" | sed 's/^/# /'
	[ "$(grep -c 'is in the store, skipped' "$TMP/f2.err")" -eq 2 ]
	ok $? "--resume skips both boards"
	left=$(find "$TMP/b1" "$TMP/b2" -mindepth 1 | wc -l)
	[ "$left" -eq 0 ]
	ok $? "nothing is left on the boards ($left files)"
fi

# ---- the everyday commands ------------------------------------------------
# as written, in the order written; a run cut to linpack's double precision
# at the quick profile
pick '^build/boardbench ' >"$TMP/every"
[ "$(wc -l < "$TMP/every")" -ge 6 ]
ok $? "the README has the everyday commands ($(wc -l < "$TMP/every"))"
i=0
while IFS= read -r c; do
	i=$((i + 1))
	case $c in
	*" run "*) c="$c -p linpack.precision=double --profile quick" ;;
	esac
	in_src "$c" </dev/null >"$TMP/e$i.out" 2>"$TMP/e$i.err"
	st=$?
	ok $st "everyday: $c"
	[ $st -eq 0 ] || tail -5 "$TMP/e$i.err" | sed 's/^/# /'
	# compare O2 O3 needs an O3: the same run again under that tag
	case $c in
	*" run "*"--tag O2"*)
		in_src "$(printf '%s' "$c" | sed 's/--tag O2/--tag O3/')" \
			</dev/null >/dev/null 2>&1 || ok 1 "a second run tagged O3" ;;
	esac
done <"$TMP/every"
[ -s "$src/o2-o3.html" ]; ok $? "the report was written"

# ---- the overnight sweep -----------------------------------------------------
awk '/^cat > night\.matrix <<.EOF.$/ { on = 1; next } /^EOF$/ { on = 0 }
	on' "$readme" >"$TMP/matrix"
[ "$(wc -l < "$TMP/matrix")" -ge 2 ]
ok $? "the README has the sweep's matrix ($(wc -l < "$TMP/matrix") lines)"
case $(uname -m) in
arm*|aarch64) ;;
*) sed -i 's/ -mcpu=[^" '"'"']*//' "$TMP/matrix" ;;
esac
cp "$TMP/matrix" "$src/night.matrix" || exit 99
sweep=$(pick '^scripts/sweep ' | sed -n 1p)
sweep2=$(pick '^scripts/sweep ' | sed -n 2p)
case $sweep2 in *--resume*) r=0 ;; *) r=1 ;; esac
[ -n "$sweep" ]; ok $((r || $?)) "the README has the sweep and its resume: $sweep; $sweep2"
# cut short: one round, no cool-down, dhrystone at the quick profile
cut() {
	printf '%s' "$1" | sed 's/--rounds [0-9]*/--rounds 1/; s/--cooldown [0-9]*/--cooldown 0/; s/ -- .*/ -- --profile quick dhrystone/'
}
in_src "$(cut "$sweep")" >"$TMP/s1.out" 2>"$TMP/s1.err"
st=$?
ok $st "the sweep: $(cut "$sweep")"
[ $st -eq 0 ] || { tail -10 "$TMP/s1.err" | sed 's/^/# /'; tail -20 "$src/sweep-night/sweep.log" | sed 's/^/# log: /'; }
grep -q '^dhrystone ' "$TMP/s1.out" && [ -f "$src/sweep-night/results.db" ]
ok $? "... compares in sweep-night/ as the README says"
in_src "$(cut "$sweep2")" >"$TMP/s2.out" 2>"$TMP/s2.err"
st=$?
ok $st "then: $(cut "$sweep2")"
sed -n '/sweep resumed/,$p' "$src/sweep-night/sweep.log" >"$TMP/resumed.log"
grep -q 'round 1/1: already complete' "$TMP/resumed.log" &&
	! grep -q 'paired run of' "$TMP/resumed.log"
ok $? "--resume ran no round again"
[ $st -eq 0 ] || sed 's/^/# log: /' "$TMP/resumed.log"

# ---- softfp against hardfp -------------------------------------------------
R=/opt/arm-cross
why=
for tr in arm-linux-gnueabihf arm-linux-gnueabi; do
	command -v "$tr-gcc" >/dev/null 2>&1 || why="no $tr-gcc"
	[ -x "$R/bin/$tr-run" ] || why="no $R/bin/$tr-run"
done
[ -d "$R/armhf/usr/include" ] && [ -d "$R/armel/usr/include" ] ||
	why="${why:-no sysroots in $R}"
builds=$(pick '^mkdir -p \(hard\|soft\)fp ')
qemu=$(pick "^$R/bin/arm-linux-gnueabihf-run ")
[ "$(printf '%s\n' "$builds" | wc -l)" -eq 2 ] && [ -n "$qemu" ] &&
	pick '^scp hardfp/boardbench .* softfp/boardbench ' >/dev/null
ok $? "the README has both builds, the Pi's copy of them and the qemu run"
if [ -n "$why" ]; then
	echo "ok $((n = n + 1)) # SKIP softfp against hardfp: $why (scripts/setup-arm-cross)"
else
	printf '%s\n' "$builds" >"$TMP/builds"
	while IFS= read -r c; do
		in_src "$c" </dev/null >"$TMP/x.out" 2>"$TMP/x.err"
		st=$?
		ok $st "as written: ${c%% && make*}"
		[ $st -eq 0 ] || tail -10 "$TMP/x.err" | sed 's/^/# /'
	done <"$TMP/builds"
	in_src "$qemu" >"$TMP/q.out" 2>"$TMP/q.err"
	st=$?
	ok $st "under qemu-user: $qemu"
	[ $st -eq 0 ] || tail -10 "$TMP/q.err" | sed 's/^/# /'
	grep -q '^whetstone ' "$TMP/q.out" && grep -q 'softfp' "$TMP/q.out"
	ok $? "... the paired comparison of hardfp and softfp is printed"
fi

done_testing
