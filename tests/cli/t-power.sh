#!/bin/sh
# Supply power on every row: hwmon sensors in fixture trees (INA226 with
# power1_input, an INA219-like curr1_input and in1_input, malformed values)
# and the Raspberry Pi 5 PMIC through a fake vcgencmd on PATH replaying a
# synthesized pmic_read_adc output; info lists the sensors.
. "${top_srcdir:-.}/tests/cli/lib.sh"

fx="$top_srcdir/tests/fixtures"
fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0"

has() { grep -q "$1" "$TMP/out"; ok $? "$2"; }
hasnt() { grep -q "$1" "$TMP/out"; ok $(( ! $? )) "$2"; }

runfx() { # runfx TREE: run null on a fixture tree, JSON rows
	env BOARDBENCH_SYSROOT="$fx/$1" $TEST_RUNNER "$BOARDBENCH" run null \
	    $fast --no-save --format json
}

expect 0 "run null on an INA226" -- runfx power-ina226
has '"power:avg_w": 2.35' "rows carry the average watts"
has '"power:peak_w": 2.35' "rows carry the peak watts"
has '"power:source": 1' "the source is hwmon"
has '"energy:j_per_unit": ' "rows carry energy per unit of work"
hasnt '"power:rejected"' "nothing rejected"

# each case's own row is followed by its energy row: the average watts per
# unit of work, per sample (spin: 1e6 op/s, so about 2.35 uJ per op)
expect 0 "run null spin on an INA226, TSV" -- env \
    BOARDBENCH_SYSROOT="$fx/power-ina226" $TEST_RUNNER "$BOARDBENCH" \
    run null $fast --no-save --format tsv -p null.mode=spin -p null.ns=1000 \
    -p null.kind=rate,time
cp "$TMP/out" "$TMP/tsv"
# energy row NAME of main row MAIN: unit U, lower is better, OK, and
# energy / watts against the main value (x rate, or / time), to 0.1 %
energy_ok() { # MAIN NAME UNIT RATE|TIME
	awk -F'\t' -v m="$1" -v e="$2" -v u="$3" -v k="$4" '
	NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$col["case"] == m { v = $col["value"] }
	$col["case"] == e { x = $col["value"]; uu = $col["unit"]
		b = $col["better"]; s = $col["status"] }
	END { r = k == "RATE" ? x * v / 2.35 : x / v / 2.35
	    if (uu != u || b != "lower" || s != "OK" || !(r > 0.999 && r < 1.001)) {
		print m ": " v " " e ": " x " " uu " " b " " s; exit 1 } }' \
	    "$TMP/tsv" >"$TMP/err"
}
energy_ok spin spin/energy J/op RATE
ok $? "spin/energy is 2.35 W / the rate, in J/op, lower is better"
energy_ok spin-time spin-time/energy J TIME
ok $? "spin-time/energy is 2.35 W x the time per op, in J"
grep -q '/kops/energy\|/per-mhz/energy\|/energy/energy' "$TMP/tsv"
ok $(( ! $? )) "only a case's own row gets one"
expect 0 "run null on an INA226, text" -- env \
    BOARDBENCH_SYSROOT="$fx/power-ina226" COLUMNS=80 $TEST_RUNNER \
    "$BOARDBENCH" run null $fast --no-save
# the prefix depends on how fast add runs here (837 pJ/op on one host, 3 nJ
# on another), so the rule is checked, not one outcome: the energy row in
# [1, 1000) of an SI-prefixed J/op (pJ at the least), and that figure
# times add's own rate (its prefix undone) is the sensor's 2.35 W, to the
# 4 digits the text view prints
awk '$1 == "null" && $2 == "add" { r = $3; ru = $4 }
	$1 == "null" && $2 == "add/energy" { e = $3; eu = $4 }
	END {
		f["op/s"] = 1; f["kop/s"] = 1e3; f["Mop/s"] = 1e6
		f["Gop/s"] = 1e9; f["Top/s"] = 1e12
		g["J/op"] = 1; g["mJ/op"] = 1e-3; g["uJ/op"] = 1e-6
		g["nJ/op"] = 1e-9; g["pJ/op"] = 1e-12
		if (!(ru in f) || !(eu in g) || e + 0 <= 0 ||
		    (e + 0 < 1 && eu != "pJ/op") || e + 0 >= 1000) exit 1
		w = e * g[eu] * r * f[ru]
		exit !(w > 2.35 * 0.997 && w < 2.35 * 1.003)
	}' "$TMP/out"
ok $? "the text view shows add/energy in people's units of J/op"

expect 0 "run null on an INA219-like pair" -- runfx power-ina219
has '"power:avg_w": 2\.5\(5\|49999\)' "500 mA x 5100 mV is 2.55 W"

expect 0 "run null on malformed sensors" -- runfx power-bad
has '"power:avg_w": 1.5' "only the sane channel is used"
has '"power:rejected": ' "rejected readings are counted"

expect 0 "run null without a sensor" -- runfx bare
hasnt '"power:' "no power extras without a sensor"
hasnt '"energy:' "no energy without a sensor"
hasnt '/energy"' "no energy rows without a sensor"

expect 0 "info on an INA226" -- env BOARDBENCH_SYSROOT="$fx/power-ina226" \
    $TEST_RUNNER "$BOARDBENCH" info
has "^system.power.0.sensor  *hwmon1 power1$" "info lists the sensor"
has "^system.power.0.name  *ina226$" "info names its device"
has "^system.power.0.watts  *2.35$" "info shows its reading"
expect 0 "info on malformed sensors" -- env \
    BOARDBENCH_SYSROOT="$fx/power-bad" $TEST_RUNNER "$BOARDBENCH" info
# (a long note wraps under its column: the lines joined)
info_joined "$TMP/out" |
	grep -q "^system.notes  *.*hwmon0/power1_input: not a number, ignored"
ok $? "a malformed value is noted"
has "^system.notes  *.*hwmon2/power1_input: absurd" "an absurd value is noted"
expect 0 "info without a sensor" -- env BOARDBENCH_SYSROOT="$fx/bare" \
    $TEST_RUNNER "$BOARDBENCH" info
hasnt "^system.power" "info shows no power sensor"

# The Pi 5 PMIC: vcgencmd runs only on the real machine, so a fake one on
# PATH; meaningless where this machine has hwmon power sensors of its own.
if ls /sys/class/hwmon/hwmon*/power*_input /sys/class/hwmon/hwmon*/curr*_input \
    >/dev/null 2>&1; then
	n=$((n + 1)); echo "ok $n # SKIP this machine has hwmon power sensors"
else
	mkdir -p "$TMP/bin"
	cat > "$TMP/bin/vcgencmd" <<EOS
#!/bin/sh
case "\$1" in
pmic_read_adc) cat "$fx/pi5/pmic_read_adc.txt" ;;
get_throttled) echo throttled=0x0 ;;
*) exit 1 ;;
esac
EOS
	chmod +x "$TMP/bin/vcgencmd"
	expect 0 "run null with a Pi 5 PMIC" -- env PATH="$TMP/bin:$PATH" \
	    $TEST_RUNNER "$BOARDBENCH" run null $fast --no-save --format json
	has '"power:avg_w": 3.15483' "the PMIC rails are summed"
	has '"power:source": 2' "the source is the PMIC"
	expect 0 "info with a Pi 5 PMIC" -- env PATH="$TMP/bin:$PATH" \
	    $TEST_RUNNER "$BOARDBENCH" info
	has "^system.power.0.sensor  *vcgencmd pmic_read_adc$" \
	    "info lists the PMIC"
	has "^system.power.0.watts  *3.15" "info shows its reading"
fi
done_testing
