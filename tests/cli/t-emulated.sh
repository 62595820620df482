#!/bin/sh
# A run under a user-mode emulator says so (doc/DESIGN.md section 7): this
# build run under qemu-user for the machine's own architecture (qemu-x86_64
# on x86-64), which answers /proc/self/exe for the guest, is judged
# emulated: info warns, the snapshot names qemu-user, every row is flagged
# emulated (E in the table and its legend), and show and the report say
# so; the same build run natively is not.  t-cross.sh checks the same of
# ARM cross builds under qemu-arm.  Skips (77) where qemu-user for this
# architecture is not installed or cannot start this build (ASan).
. "${top_srcdir:-.}/tests/cli/lib.sh"

[ -z "${TEST_RUNNER:-}" ] ||
	skip_all "this is a cross build (TEST_RUNNER is set)"
m=$(uname -m)
case $m in i?86) m=i386 ;; armv*) m=arm ;; esac
qemu=$(command -v "qemu-$m" 2>/dev/null) ||
	skip_all "qemu-$m (Debian's qemu-user) is not installed"
# an AddressSanitizer build (--enable-debug) cannot start under qemu-user:
# its shadow memory is more than the emulator maps (killed, exit 137).
# configure said so already: the probe below took two minutes of mostly
# system time to fail in the sanitizer build of .ci/run (and that kill is
# the kernel's OOM killer, which may pick another test's process).
[ "${ENABLE_DEBUG:-no}" != yes ] ||
	skip_all "qemu-$m cannot start this build (an ASan build: --enable-debug)"
"$qemu" "$BOARDBENCH" --version >/dev/null 2>&1 ||
	skip_all "qemu-$m cannot start this build (an ASan build: --enable-debug)"
fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0"
# has LINE-REGEX DESCRIPTION: a line of the last output matches
has() { grep -q "$1" "$TMP/out"; ok $? "$2"; }
# every data row of the CSV in $TMP/out has (or, with !, lacks) emulated
all_rows() {
	rows=$(tail -n +2 "$TMP/out" | wc -l)
	flagged=$(tail -n +2 "$TMP/out" | grep -c ',"\{0,1\}[a-z,]*emulated')
	if [ "$1" = "!" ]; then [ "$rows" -gt 0 ] && [ "$flagged" -eq 0 ]
	else [ "$rows" -gt 0 ] && [ "$flagged" -eq "$rows" ]; fi
}

expect 0 "info natively" -- bb info
! grep -q "emulated" "$TMP/out"; ok $? "natively: nothing is emulated"

expect 0 "info under $qemu" -- "$qemu" "$BOARDBENCH" info
has "^== warning: emulated by qemu-user: timings are the emulator's" \
	"under qemu: info's summary warns"
has "^system.emulator  *qemu-user$" "under qemu: the snapshot names qemu-user"
info_joined "$TMP/out" |
	grep -q "^system.emulator_evidence  *.*/proc/thread-self/exe is .*qemu-$m"
ok $? "under qemu: with what showed it"

expect 0 "a run under qemu" -- "$qemu" "$BOARDBENCH" run null \
	--db "$TMP/e.db" --format csv $fast
all_rows; ok $? "under qemu: every row is flagged emulated"
expect 0 "the run shown natively" -- bb show --db "$TMP/e.db"
sed -n '/^== machine:/,/^== run/p' "$TMP/out" | tr -s '\n ' '  ' |
	grep -q "emulated by qemu-user"
ok $? "show: the machine line (wrapped) says so"
has "^null  *add .* [A-Z]*E[A-Z]*$" "show: the row's letters have E"
has "^== flags: .*E emulated" "show: the legend spells E out"
expect 0 "the report of it" -- bb report --db "$TMP/e.db" -o "$TMP/r.html"
grep -q "<strong>Emulated:</strong> .* ran under qemu-user" "$TMP/r.html"
ok $? "report: the notice above the tables"

expect 0 "the same run natively" -- bb run null --no-save --format csv $fast
all_rows !; ok $? "natively: no row is flagged emulated"

# per MHz: under the emulator the clock is the host's, not the board's,
# so no such figure (even with a clock measured and cached here)
bb info --measure-clock >/dev/null 2>&1
expect 0 "dhrystone under qemu" -- "$qemu" "$BOARDBENCH" run dhrystone \
	--no-save --format csv $fast
grep '/dmips-per-mhz,' "$TMP/out" | grep -q ",SKIPPED,.*emulated: the clock is the host's"
ok $? "under qemu: the DMIPS/MHz row is SKIPPED, the host's clock named"
expect 0 "the same in text" -- env COLUMNS=80 "$qemu" "$BOARDBENCH" run \
	dhrystone --no-save $fast
tr -s '\n ' '  ' <"$TMP/out" |
	grep -q "SKIPPED (--verbose lists them): emulated: the clock is the host's"
ok $? "under qemu: the folded line gives that reason"

# two emulated runs compare with each other: said once, with verdicts
expect 0 "a second run under qemu" -- "$qemu" "$BOARDBENCH" run null \
	--db "$TMP/e.db" --format csv $fast
expect 0 "compare the two emulated runs" -- env COLUMNS=80 \
	"$BOARDBENCH" compare --db "$TMP/e.db" 1 2
[ "$(grep -c "emulated" "$TMP/out")" -ge 1 ] &&
	[ "$(grep -c "^== .*emulated (qemu-user)" "$TMP/out")" -eq 1 ] &&
	grep -q "^== every column is emulated (qemu-user)" "$TMP/out" &&
	! grep -q "no verdict against a native run" "$TMP/out"
ok $? "both emulated: one line says so, no 'no verdict against a native run'"
! grep -q "n/c emulated" "$TMP/out"
ok $? "both emulated: no cell is refused for the emulator (no n/c emulated)"
expect 0 "the report of both" -- bb report --db "$TMP/e.db" 1 2 -o "$TMP/r2.html"
sed -n '1,/<h2/p' "$TMP/r2.html" | grep -c "<strong>Emulated:</strong>" >"$TMP/cnt"
[ "$(cat "$TMP/cnt")" -eq 1 ] && grep -q "every run here ran under qemu-user" "$TMP/r2.html"
ok $? "report: one notice at the top for both ($(cat "$TMP/cnt"))"
done_testing
