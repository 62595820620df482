#!/bin/sh
# Optional per-row columns of the text view (issue 13): run and show
# --columns +temp,+mhz,+power from the monitor's extras (fixture trees),
# "-" where a row has none, 80 columns kept with long crypto names, and
# bad values refused with one line and exit 2.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fx="$top_srcdir/tests/fixtures"
db="$TMP/c.db"
fast="--profile quick --budget 0.02 --min-sample 0.002 --warmup 0 --no-progress"

# the Raspberry Pi 4 tree: 51.121 C, cpufreq 1500 MHz
expect 0 "run null on the Pi 4 tree with +temp,+mhz" -- env COLUMNS=80 \
	BOARDBENCH_SYSROOT="$fx/rpi4" $TEST_RUNNER "$BOARDBENCH" run null \
	--db "$db" $fast --columns +temp,+mhz
grep -q "^BENCH  *CASE  *VALUE  *UNIT  *±CV%  *N  *TEMP  *MHz  FLAG$" \
	"$TMP/out"; ok $? "run: the header names TEMP and MHz before FLAG"
grep -Eq "^null  *add  *[0-9.]+ [kMG]?op/s  *[0-9.]+  *[0-9]+  *51C  *1500  [A-Z]*$" \
	"$TMP/out"; ok $? "run: a row shows 51C and 1500 (min = max: one value)"
w=$(widest "$TMP/out"); [ "$w" -le 80 ]; ok $? "run: fits 80 columns ($w)"
expect 0 "run without --columns" -- env BOARDBENCH_SYSROOT="$fx/rpi4" \
	$TEST_RUNNER "$BOARDBENCH" run null --no-save $fast
! grep -q "TEMP" "$TMP/out"; ok $? "no optional column unless asked"

# a stored run: another clock range, and power, through export/import
expect 0 "export the run" -- bb export --db "$db" -o "$TMP/run.json"
sed -e 's/"mon.mhz_min": *1500\(\.0\)*/"mon.mhz_min": 600.0/' \
    -e 's/"mon.samples": *\([0-9.]*\)/"mon.samples": \1, "power:avg_w": 3.25/' \
    "$TMP/run.json" >"$TMP/edited.json"
grep -q '"mon.mhz_min": 600.0' "$TMP/edited.json"; ok $? "edited: 600 MHz"
expect 0 "import the edited run" -- bb import --db "$TMP/e.db" \
	"$TMP/edited.json"
expect 0 "show --columns +power,+mhz,+temp" -- env COLUMNS=80 \
	"$BOARDBENCH" show --db "$TMP/e.db" --columns +power,+mhz,+temp
grep -q "  *N  *TEMP  *MHz  *POWER  FLAG$" "$TMP/out"
ok $? "show: columns in their own order, whatever the order asked"
grep -Eq "^null  *add  .* 51C  *600-1500  *3\.2W  [A-Z]*$" "$TMP/out"
ok $? "show: 51C, 600-1500 and 3.2W"
w=$(widest "$TMP/out"); [ "$w" -le 80 ]; ok $? "show: fits 80 columns ($w)"
expect 0 "show --columns temp (the + is optional)" -- \
	bb show --db "$TMP/e.db" --columns temp
grep -Eq "^null  *add  .* 51C  [A-Z]*$" "$TMP/out"; ok $? "show: temp alone"

# no monitor readings: "-"
expect 0 "run null on a bare tree" -- env COLUMNS=80 \
	BOARDBENCH_SYSROOT="$fx/bare" $TEST_RUNNER "$BOARDBENCH" run null \
	--no-save $fast --columns +temp,+mhz,+power
grep -Eq "^null  *add  .* [0-9]+  *-  *-  *-  [A-Z]*$" "$TMP/out"
ok $? "missing readings show as -"

# the longest names with every column: still 80 columns
expect 0 "AES-128-CBC at 16 KiB with every column" -- env COLUMNS=80 \
	"$BOARDBENCH" run --no-save $fast cipher dhrystone \
	-p cipher.algorithms=aes-128-cbc -p cipher.sizes=16384 \
	-p cipher.backends=openssl --columns +temp,+mhz,+power
w=$(widest "$TMP/out"); [ "$w" -le 80 ]; ok $? "crypto: fits 80 columns ($w)"
grep -q "aes-128-cbc/openssl/encrypt/16384" "$TMP/out"
ok $? "crypto: the long name is shown whole"

# a headline figure with every flag: the flags as letters on its line,
# their legend below
all="throttled,hot,busy,noisy,noclock,preempted,multiplexed,emulated,drifted"
expect 0 "dhrystone, stored" -- bb run dhrystone --db "$TMP/h.db" $fast --no-monitor
expect 0 "export it" -- bb export --db "$TMP/h.db" -o "$TMP/h.json"
perl -0pe 's/"flags": *\[[^\]]*\]/"flags": "'"$all"'"/g' "$TMP/h.json" > "$TMP/hall.json"
grep -q "\"flags\": \"$all\"" "$TMP/hall.json"; ok $? "edited: every flag on every row"
expect 0 "import it" -- bb import --db "$TMP/hall.db" "$TMP/hall.json"
expect 0 "show it at 80 columns" -- env COLUMNS=80 "$BOARDBENCH" show --db "$TMP/hall.db"
grep -q "^  Dhrystone 2.1  *[0-9.]* DMIPS  *THBNCPMED$" "$TMP/out" &&
	sed -n '/^== headline/,$p' "$TMP/out" | tr -s '\n ' '  ' |
	grep -q "== flags: T throttled, H hot, B busy, N noisy, C noclock, P preempted, M multiplexed, E emulated, D drifted"
ok $? "the headline's flags as letters on its line, the legend below"
w=$(widest "$TMP/out"); [ "$w" -le 80 ]; ok $? "every flag: fits 80 columns ($w)"

# the per-MHz rows of a board with no clock are one line after the table
# (issue 27), with the hint and how to list them
expect 0 "whetstone on a bare tree, no clock" -- env COLUMNS=80 \
	BOARDBENCH_SYSROOT="$fx/bare" \
	BOARDBENCH_CLOCK_CACHE="$TMP/no-clock.json" $TEST_RUNNER \
	"$BOARDBENCH" run whetstone --db "$TMP/w.db" $fast
! grep -q "SKIPPED  *(reason as above)\|per-mhz  *SKIPPED" "$TMP/out"
ok $? "no per-MHz SKIPPED row in the table"
grep -q "^== 2 rows per MHz or per cycle SKIPPED (--verbose lists them): CPU" \
	"$TMP/out"; ok $? "one line counts them, with the reason"
grep -q "^   .*run 'boardbench info --measure-clock'" "$TMP/out"
ok $? "and the clock hint"
! grep -q "^== flags: .*C noclock" "$TMP/out"
ok $? "the legend has no letter that no row shows"
# asked for: a long reason is printed once per run, the next row of the
# same reason says "(reason as above)"
expect 0 "show --verbose" -- env COLUMNS=80 "$BOARDBENCH" show --verbose \
	--db "$TMP/w.db"
[ "$(grep -c "run 'boardbench info\$" "$TMP/out")" -eq 1 ]
ok $? "show --verbose: the clock hint is printed once"
grep -Eq "^whetstone mwips-double/mwips-per-mhz +SKIPPED  \(reason as above\)$" \
	"$TMP/out"; ok $? "show --verbose: the next per-MHz row: (reason as above)"
! grep -q "rows per MHz or per cycle SKIPPED" "$TMP/out"
ok $? "show --verbose: no folded line"
# run --verbose lists them as it runs, one by one
expect 0 "run --verbose, no clock" -- env COLUMNS=80 \
	BOARDBENCH_SYSROOT="$fx/bare" \
	BOARDBENCH_CLOCK_CACHE="$TMP/no-clock.json" $TEST_RUNNER \
	"$BOARDBENCH" run whetstone --no-save --verbose $fast
grep -Eq "^whetstone classic-double/mips-per-mhz +SKIPPED" "$TMP/out" &&
	grep -Eq "^whetstone mwips-double/mwips-per-mhz +SKIPPED" "$TMP/out"
ok $? "run --verbose: each per-MHz row SKIPPED in the table"
! grep -q "rows per MHz or per cycle SKIPPED" "$TMP/out"
ok $? "run --verbose: no folded line"
w=$(widest "$TMP/out"); [ "$w" -le 80 ]; ok $? "run --verbose: fits 80 columns ($w)"

# bad values: one line, exit 2, nothing run
expect 2 "run --columns +volts" -- bb run null --no-save $fast --columns +volts
grep -q "allowed: a comma list of +temp, +mhz, +power" "$TMP/err"
ok $? "the message lists the columns"
expect 2 "run --columns ''" -- bb run null --no-save $fast --columns ''
expect 2 "run --columns +temp, (an empty item)" -- \
	bb run null --no-save $fast --columns +temp,
expect 2 "run --columns +" -- bb run null --no-save $fast --columns +
expect 2 "show --columns mhz,++temp" -- bb show --db "$db" --columns mhz,++temp
expect 2 "show --columns with an escape" -- \
	bb show --db "$db" --columns "$(printf 'temp\033[2J')"
! grep -q "$(printf '\033')" "$TMP/err"; ok $? "the bad value is escaped"

done_testing
