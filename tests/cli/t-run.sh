#!/bin/sh
# run: every format, fixed CSV columns, JSON schema, exit statuses, list.
. "${top_srcdir:-.}/tests/cli/lib.sh"

db="$TMP/s.db"
fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0"

expect 0 "run null (text)" -- bb run null $fast --db "$db" --tag t1
grep -q "^BENCH *CASE *VALUE *UNIT" "$TMP/out"; ok $? "text table header"
grep -q "== build: \[t1\]" "$TMP/out"; ok $? "header names the tag and build"
grep -q "^null *add .*op/s" "$TMP/out"; ok $? "a row per case"
test ! -s "$TMP/err"; ok $? "nothing on stderr when it is not a terminal"

expect 0 "run null --format csv" -- bb run null $fast --db "$db" --format csv
cp "$TMP/out" "$TMP/run.csv"
head -1 "$TMP/run.csv" | grep -q '^run_id,run_uuid,tag,bench,group,case,params,status,value,unit'
ok $? "CSV header"
counts=$(csv_counts "$TMP/run.csv" | sort -u)
[ "$counts" = "24" ]; ok $? "every CSV line has 24 fields ($counts)"
[ "$(wc -l < "$TMP/run.csv")" -eq 3 ]; ok $? "header plus one line per case"

expect 0 "run null --format tsv" -- bb run null $fast --no-save --format tsv
counts=$(csv_counts "$TMP/out" "$(printf '\t')" | sort -u)
[ "$counts" = "24" ]; ok $? "every TSV line has 24 fields"

expect 0 "run null --format json" -- bb run null $fast --no-save --format json
grep -q '"schema_version": 1' "$TMP/out"; ok $? "JSON carries schema_version"
grep -q '"samples": \[' "$TMP/out"; ok $? "JSON carries raw samples"
cp "$TMP/out" "$TMP/run.json"
expect 0 "the JSON output imports" -- bb import --db "$TMP/j.db" "$TMP/run.json"

expect 1 "a crash gives exit 1" -- bb run null $fast --no-save -p null.mode=crash
grep -q "CRASHED *SIGSEGV" "$TMP/out"; ok $? "the row says CRASHED SIGSEGV"
expect 1 "a bad result gives exit 1" -- bb run null $fast --no-save -p null.mode=bad
grep -q "BADRESULT" "$TMP/out"; ok $? "the row says BADRESULT"
grep "BADRESULT" "$TMP/out" | grep -q "op/s"; ok $(( ! $? )) "and shows no number"
expect 0 "a skip is exit 0" -- bb run null $fast --no-save -p selftest.mode=skip
grep -q "SKIPPED" "$TMP/out"; ok $? "the row says SKIPPED"
expect 1 "a hang is a TIMEOUT" -- bb run null $fast --no-save -p null.mode=hang --timeout 1
grep -q "TIMEOUT" "$TMP/out"; ok $? "the row says TIMEOUT"

# the first two CPUs this process may use, or the only one (a Pi Zero or
# Pi 1 has one; under taskset -c 0 too): the copies then share it
cpus=$(awk '/^Cpus_allowed_list/ {
	n = split($2, part, ",")
	for (i = 1; i <= n && k < 2; i++) {
		lo = hi = part[i]
		if (part[i] ~ /-/) { split(part[i], r, "-"); lo = r[1]; hi = r[2] }
		for (c = lo + 0; c <= hi + 0 && k < 2; c++) out[++k] = c
	}
	print (k > 1 ? out[1] "," out[2] : out[1]) }' /proc/self/status)
expect 0 "--copies 2 --cpu $cpus" -- bb run null $fast --no-save --copies 2 \
    --cpu "$cpus"
grep -q "add \[copy 1/2\]" "$TMP/out" && grep -q "add \[copy 2/2\]" "$TMP/out" &&
	grep -q "add \[2 copies\]" "$TMP/out"
ok $? "two per-copy rows and an aggregate"

expect 0 "show the last run" -- bb show --db "$db"
grep -q "^null *add" "$TMP/out"; ok $? "show prints its rows"
expect 0 "show --list" -- bb show --list --db "$db"
[ "$(grep -c '^[0-9]' "$TMP/out")" -eq 2 ]; ok $? "two runs listed"
# the list for scripts: every field whole, a header, one run a line
expect 0 "show --list --format tsv" -- bb show --list --format tsv --db "$db"
head -1 "$TMP/out" | grep -qx "$(printf 'run\tuuid\tstarted\tfinished\tstatus\tprofile\ttag\tbuild')" &&
	[ "$(awk -F '\t' 'NR > 1 && NF == 8 && $5 == "complete" && length($2) == 36' "$TMP/out" | wc -l)" -eq 2 ] &&
	[ "$(awk -F '\t' 'NR > 1 && $7 == "t1"' "$TMP/out" | wc -l)" -eq 1 ] &&
	awk -F '\t' 'NR > 1 && $8 !~ /\.\.\.$/ { n++ } END { exit n != 2 }' "$TMP/out"
ok $? "TSV: header, 8 fields, uuid, status, tag, the build label uncut"
expect 0 "show --list --format csv" -- bb show --list --format csv --db "$db"
head -1 "$TMP/out" | grep -qx 'run,uuid,started,finished,status,profile,tag,build' &&
	[ "$(grep -c ',complete,' "$TMP/out")" -eq 2 ]
ok $? "CSV: header and both runs"
expect 0 "show --list --format json" -- bb show --list --format json --db "$db"
[ "$(grep -c '"uuid": "[0-9a-f-]\{36\}"' "$TMP/out")" -eq 2 ] &&
	grep -q '"tag": "t1"' "$TMP/out" && grep -q '"tag": null' "$TMP/out" &&
	[ "$(head -c 1 "$TMP/out")" = "[" ]
ok $? "JSON: an array of both runs, a missing tag null"
expect 0 "show by tag" -- bb show t1 --db "$db" --format csv
grep -q ',t1,null,selftest,add,' "$TMP/out"; ok $? "the tagged run"
for f in text csv tsv json; do
	expect 0 "show --format $f" -- bb show --all --db "$db" --format $f
done

expect 0 "list" -- bb list
for b in linpack null; do
	grep -q "^$b " "$TMP/out"; ok $? "list names $b"
done
expect 0 "list -l linpack" -- bb list -l linpack
grep -q "linpack.n (int) = 100" "$TMP/out"; ok $? "list -l shows parameters"
expect 0 "info" -- bb info
grep -q "^build.cc_version" "$TMP/out"; ok $? "info has the compiler"
grep -q "^build.float_abi" "$TMP/out"; ok $? "info has the float ABI"
grep -q "^counters.available" "$TMP/out"; ok $? "info says whether counters work"
expect 0 "info --format json" -- bb info --format json
grep -q '"cflags"' "$TMP/out"; ok $? "info JSON has CFLAGS"

# ---- the run's CPU: CPU kernels pinned to one, the fastest at start ---
# What is expected follows from how many CPUs this process may use (nproc
# honours taskset), never from how fast they are.
first=$(awk '/^Cpus_allowed_list/ { split($2, a, /[-,]/); print a[1] }' \
    /proc/self/status)
expect 0 "run null unpinned (JSON)" -- bb run null $fast --no-save --format json
rcpu=$(sed -n 's/.*"run_cpu": \([0-9]*\).*/\1/p' "$TMP/out" | head -1)
c=$(json_get add cpu "$TMP/out")
if [ "$(nproc)" -ge 2 ]; then
	[ -n "$rcpu" ] && [ "$c" = "$rcpu.0" ] &&
		taskset -c "$rcpu" true 2>/dev/null
	ok $? "two CPUs or more: the snapshot's run CPU ($rcpu), one this \
process may use, on the CPU kernel's row (extra cpu $c)"
else
	[ -z "$rcpu" ] && [ -z "$c" ]
	ok $? "one CPU: no run CPU chosen, no extra cpu ('$rcpu' '$c')"
fi
# named_by_cpus PATTERN FILE WHAT: PATTERN in FILE with two CPUs or more,
# not with one
named_by_cpus() {
	if [ "$(nproc)" -ge 2 ]; then grep -q "$1" "$2"; else ! grep -q "$1" "$2"; fi
	ok $? "$3 names the run's CPU with two CPUs or more, none with one \
($(nproc) here)"
}
expect 0 "run null unpinned (text)" -- bb run null $fast --no-save
named_by_cpus "^== CPU kernels ran on CPU [0-9]" "$TMP/out" "the header"
expect 0 "run null unpinned, stored" -- bb run null $fast --db "$TMP/cpu.db"
expect 0 "its report" -- bb report --db "$TMP/cpu.db" -o "$TMP/cpu.html"
named_by_cpus "<dt>CPU kernels</dt><dd>ran on CPU [0-9]" "$TMP/cpu.html" \
    "the report"
expect 0 "run null --cpu $first" -- bb run null $fast --cpu "$first" \
    --no-save --format json
! grep -q '"run_cpu"' "$TMP/out" && [ -z "$(json_get add cpu "$TMP/out")" ]
ok $? "--cpu: the user's CPUs, no run CPU and no extra cpu"
expect 0 "run null --copies 2" -- bb run null $fast --copies 2 --no-save \
    --format json
! grep -q '"run_cpu"' "$TMP/out"; ok $? "--copies: no run CPU"
expect 0 "run storage unpinned" -- bb run storage $fast --no-save \
    --format json -p storage.size=1Mi
! grep -q '"cpu": [0-9]*\.0' "$TMP/out"
ok $? "a case that is not a CPU kernel is not pinned (no extra cpu)"
done_testing
