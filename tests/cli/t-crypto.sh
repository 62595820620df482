#!/bin/sh
# t-crypto.sh - the crypto group from the command line: bad input exits 2
# with one line, rows of both libraries have the same shape, a library
# this build lacks gives SKIPPED rows, a library built never SKIPs SHA-2,
# AES-CBC/CTR/GCM or RSA, CSV has a fixed column count, --classic
# prints the `openssl speed` table, and with hash.writes and random.size
# lists every column of libgcrypt's tests/benchmark hash and random lines.
. "${top_srcdir}/tests/cli/lib.sh"

# what this build has, from its own build identity (HAVE_OPENSSL and
# HAVE_GCRYPT from make check are not filled in by configure)
HAVE_OPENSSL=no
HAVE_GCRYPT=no
bb info >"$TMP/info" 2>/dev/null
grep '^build\.libraries\.openssl ' "$TMP/info" | grep -vq 'not built' &&
    HAVE_OPENSSL=yes
grep '^build\.libraries\.libgcrypt ' "$TMP/info" | grep -vq 'not built' &&
    HAVE_GCRYPT=yes

fast="--profile quick --budget 0.05 --min-sample 0.005 --warmup 0 --no-save"

expect 2 "crypto.sizes=0 is refused" -- bb run hash -p crypto.sizes=0 $fast
expect 2 "a negative size is refused" -- bb run cipher -p cipher.sizes=16,-1 $fast
expect 2 "a non-numeric size is refused" -- bb run crypto -p crypto.sizes=big $fast
expect 2 "a size over 64 MiB is refused" -- bb run hash -p hash.sizes=65Mi $fast
expect 2 "an unknown algorithm is refused" -- bb run crypto -p crypto.algorithms=sha256,rot13 $fast
expect 2 "an unknown backend is refused" -- bb run hash -p hash.backends=nss $fast
expect 2 "hash.writes=0 is refused" -- bb run hash -p hash.writes=0 $fast
expect 2 "hash.writes with a leading zero is refused" -- bb run hash -p hash.writes=whole,0100 $fast
expect 2 "hash.writes=w100 is refused (the number alone)" -- bb run hash -p hash.writes=w100 $fast
expect 2 "random.size=128,0 is refused" -- bb run random -p random.size=128,0 $fast
bb run crypto -p crypto.algorithms=rot13 $fast 2>"$TMP/err" >/dev/null
grep -q "unknown algorithm 'rot13'" "$TMP/err"
ok $? "the message names the unknown algorithm"
# scripts/crosscheck: bad input is refused before anything runs
expect 2 "crosscheck refuses --rounds 0" -- \
    sh "$top_srcdir/scripts/crosscheck" --rounds 0 --boardbench "$BOARDBENCH"
expect 2 "crosscheck refuses an unknown section" -- \
    sh "$top_srcdir/scripts/crosscheck" --boardbench "$BOARDBENCH" nss
# crosscheck's mem section asks mbw for its memcpy test: -t1 of mbw 1.2.2
# (whose -t0 is the b[i]=a[i] loop), -t0 of a newer one (its -h names its
# version); the triad row against stress-ng is info+ (fakes on PATH)
mkdir -p "$TMP/ccbin"
cat > "$TMP/ccbin/mbw" <<EOS
#!/bin/sh
if [ "\$1" = -h ]; then
	[ -n "\${FAKE_MBW_NEW:-}" ] && echo "mbw memory benchmark v1.4"
	echo "Usage: mbw [options] array_size_in_MiB"
	exit 1
fi
echo "\$*" >> "$TMP/mbw.args"
# FAKE_MBW_MIBS: the figures to give, one per call in turn
set -- \${FAKE_MBW_MIBS:-4000.0}
shift \$(( \$(wc -l < "$TMP/mbw.args") % \$# ))
printf 'AVG\tMethod: MEMCPY\tElapsed: 0.01\tMiB: 96.0\tCopy: %s MiB/s\n' "\$1"
EOS
cat > "$TMP/ccbin/stress-ng" <<EOS
#!/bin/sh
echo "stress-ng: info:  [1] stream: memory rate: 6000.00 MB read/sec, 3000.00 MB write/sec, 500.00 double precision Mflop/sec (instance 0)" >&2
EOS
# boardbench's side of the mem section is a fake too: a real membw run of
# 192 MiB is SKIPPED on a machine with less than 768 MiB available (seen
# in CI's sanitizer tier), and these tests are of crosscheck's verdicts
cat > "$TMP/ccbin/bb-mem" <<EOS
#!/bin/sh
echo "\$*" >> "$TMP/bb-mem.args"
printf 'bench\tcase\tstatus\tvalue\tmean\treason\n'
printf 'membw\tcopy/192MiB\tOK\t9000000000\t8900000000\t\n'
printf 'membw\ttriad/192MiB\tOK\t7000000000\t6900000000\t\n'
EOS
chmod +x "$TMP/ccbin/mbw" "$TMP/ccbin/stress-ng" "$TMP/ccbin/bb-mem"
for v in old new; do
	rm -f "$TMP/mbw.args"
	if [ $v = new ]; then t=-t0; else t=-t1; fi
	expect 0 "crosscheck mem with a fake mbw ($v)" -- env \
	    PATH="$TMP/ccbin:$PATH" FAKE_MBW_NEW=$([ $v = new ] && echo 1) \
	    sh "$top_srcdir/scripts/crosscheck" --boardbench "$TMP/ccbin/bb-mem" \
	    --rounds 1 --seconds 0.1 mem
	grep -q -- "^-q -n 5 $t 96\$" "$TMP/mbw.args"
	ok $? "mbw ($v) is asked for its memcpy test, $t"
done
grep -q -- '^run membw .*-p membw.ops=copy,triad -p membw.sizes=201326592$' \
    "$TMP/bb-mem.args"
ok $? "boardbench is asked for membw copy and triad of 192 MiB"
grep -q '^mem  *copy/192MiB  *8388.6 MB/s .* 9000.0 MB/s  *8900.0 MB/s ' "$TMP/out"
ok $? "the copy row takes mbw's MiB/s of one array as read + write"
grep -q '^mem  *triad/192MiB .*info+$' "$TMP/out" &&
    grep -q '^info+: stress-ng --stream counts' "$TMP/out"
st=$?
ok $st "the triad row against stress-ng is info+, and says why"
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/out" "$TMP/err"
# far off (no machine copies 800 GB/s): NO, or NO? when the peer's own
# figures spread more than the tolerance between the rounds
for mibs in "400000 400000" "400000 800000"; do
	rm -f "$TMP/mbw.args"
	expect 0 "crosscheck mem, two rounds, mbw giving $mibs MiB/s" -- env \
	    PATH="$TMP/ccbin:$PATH" FAKE_MBW_MIBS="$mibs" \
	    sh "$top_srcdir/scripts/crosscheck" --boardbench "$TMP/ccbin/bb-mem" \
	    --rounds 2 --seconds 0.1 mem
	case $mibs in
	"400000 400000")
		grep -q '^mem  *copy/192MiB .* 0%  NO$' "$TMP/out"
		st=$?
		ok $st "a steady peer far off: NO, spread 0 %" ;;
	*)
		grep -q '^mem  *copy/192MiB .* 67%  NO?$' "$TMP/out" &&
		    grep -q '^NO?: outside the tolerance, but the peer' "$TMP/out"
		st=$?
		ok $st "a peer spreading 67 % between rounds: NO?, and why" ;;
	esac
	[ $st -eq 0 ] || sed 's/^/# /' "$TMP/out" "$TMP/err"
done
# a boardbench run that fails, or a row that is not OK, is said on stderr
# (fake boardbench programs: one that fails, one whose rows are SKIPPED)
cat > "$TMP/ccbin/bb-fails" <<'EOS'
#!/bin/sh
echo "boardbench: the fake run broke" >&2
exit 1
EOS
cat > "$TMP/ccbin/bb-skips" <<'EOS'
#!/bin/sh
printf 'bench\tcase\tstatus\tvalue\tmean\treason\n'
printf 'membw\tcopy/192MiB\tSKIPPED\t\t\tneeds 576 MiB, more than a quarter\n'
EOS
chmod +x "$TMP/ccbin/bb-fails" "$TMP/ccbin/bb-skips"
expect 0 "crosscheck mem with a boardbench that fails" -- env \
    PATH="$TMP/ccbin:$PATH" sh "$top_srcdir/scripts/crosscheck" \
    --boardbench "$TMP/ccbin/bb-fails" --rounds 1 --seconds 0.1 mem
grep -q '^crosscheck: boardbench run membw: exit 1: boardbench: the fake run broke$' "$TMP/err" &&
    grep -q '^mem  *copy/192MiB .*  -$' "$TMP/out"
ok $? "... says so on stderr, and the row has no verdict"
expect 0 "crosscheck mem with a boardbench whose row is SKIPPED" -- env \
    PATH="$TMP/ccbin:$PATH" sh "$top_srcdir/scripts/crosscheck" \
    --boardbench "$TMP/ccbin/bb-skips" --rounds 1 --seconds 0.1 mem
grep -q '^crosscheck: boardbench membw copy/192MiB: SKIPPED needs 576 MiB, more than a quarter$' "$TMP/err"
ok $? "... says which row and why"
# OpenSSL 3's speed -aead sets the AES-GCM key for every message: those
# rows are info^ with 3.x, judged with 1.1.1 (a fake openssl speed)
if [ "$HAVE_OPENSSL" = yes ]; then
	cat > "$TMP/ccbin/fake-openssl" <<'EOS'
#!/bin/sh
case "$1" in
version) echo "OpenSSL $FAKE_OSSL_VERSION" ;;
speed) echo "+F:1:aes-256-gcm:1000000000.00" ;;
esac
EOS
	chmod +x "$TMP/ccbin/fake-openssl"
	for v in 3.0.22 1.1.1w; do
		expect 0 "crosscheck openssl with a fake openssl $v" -- env \
		    FAKE_OSSL_VERSION=$v CROSSCHECK_CASES=aes-256-gcm/1024 \
		    sh "$top_srcdir/scripts/crosscheck" --boardbench \
		    "$BOARDBENCH" --openssl "$TMP/ccbin/fake-openssl" \
		    --rounds 1 --seconds 0.1 openssl
		grep -q '^openssl  *aes-256-gcm/openssl/encrypt/1024 .* info^$' \
		    "$TMP/out"
		rc=$?
		if [ $v = 1.1.1w ]; then
			ok $(( ! rc )) "with OpenSSL $v the GCM row gets a verdict"
		else
			ok $rc "with OpenSSL $v the GCM row is info^"
			grep -q '^info^: this openssl speed -aead sets the AES-GCM key' \
			    "$TMP/out"
			ok $? "and the table says why"
		fi
	done
fi
if [ "$HAVE_GCRYPT" != yes ]; then
	expect 2 "asking for libgcrypt in a build without it is refused" -- \
	    bb run hash -p hash.backends=gcrypt $fast
else
	expect 0 "asking for libgcrypt works when built" -- \
	    bb run hash -p hash.backends=gcrypt -p hash.algorithms=sha1 \
	    -p hash.sizes=64 $fast
fi
if [ "$HAVE_OPENSSL" != yes ]; then
	expect 2 "asking for OpenSSL in a build without it is refused" -- \
	    bb run hash -p crypto.backends=openssl $fast
fi

# one small run of each benchmark, as CSV
bb run crypto -p crypto.algorithms=sha256,md5,aes-128-cbc,aes-128-ctr,aes-128-gcm,rsa2048,ed25519 \
    -p crypto.sizes=64,1000 -p pubkey.operations=sign,verify $fast \
    --format csv >"$TMP/c.csv" 2>"$TMP/err"
rc=$?
[ $rc -eq 0 ]
ok $? "a small crypto run succeeds (exit $rc)"
sed 's/^/# /' "$TMP/err" | head -5
csv_counts "$TMP/c.csv" | sort -u >"$TMP/counts"
[ "$(wc -l <"$TMP/counts")" -eq 1 ]
ok $? "every CSV line has the same number of fields"
if [ "$HAVE_OPENSSL" != yes ] && [ "$HAVE_GCRYPT" != yes ]; then
	# neither library: each benchmark is one SKIPPED row with the reason
	rows=$(grep -c ',SKIPPED,.*built without OpenSSL and libgcrypt' "$TMP/c.csv")
	[ "$rows" -eq 3 ]
	ok $? "built without either library: hash, cipher and pubkey SKIPPED ($rows)"
	for i in 1 2 3 4 5; do
		n=$((n + 1)); echo "ok $n # SKIP built without OpenSSL and libgcrypt"
	done
else
	# 20 rows of hash, cipher and pubkey, 2 of powm (quick: 1024, 2048);
	# random has levels of its own per library and is left out here
	for b in openssl gcrypt; do
		grep ",$b/\|/$b/" "$TMP/c.csv" | grep -vc 'random/' >"$TMP/n.$b"
	done
	[ "$(cat "$TMP/n.openssl")" -eq "$(cat "$TMP/n.gcrypt")" ] &&
	    [ "$(cat "$TMP/n.openssl")" -eq 22 ]
	ok $? "22 rows per library: the same shape for both ($(cat "$TMP/n.openssl"), $(cat "$TMP/n.gcrypt"))"
	grep -q ',sha256/openssl/1000,.*,B/s,' "$TMP/c.csv" &&
	    grep -q ',aes-128-gcm/gcrypt/decrypt/64,.*,B/s,' "$TMP/c.csv" &&
	    grep -q ',ed25519/openssl/verify,.*,op/s,' "$TMP/c.csv"
	ok $? "case names algorithm/backend/[direction/]size|operation, base units"
	grep -q ',aes-128-cbc/[a-z]*/[a-z]*/1000,.*SKIPPED,.*not a multiple' "$TMP/c.csv"
	ok $? "CBC at a size that is not whole blocks is SKIPPED with the reason"
	for lib in openssl:OpenSSL gcrypt:libgcrypt; do
		name=${lib%%:*}
		eval have=\$HAVE_$(echo "$name" | tr a-z A-Z)
		if [ "$have" = yes ]; then
			grep "/$name/" "$TMP/c.csv" | grep -vq ',SKIPPED,\|,OK,'
			[ $? -ne 0 ]
			ok $? "$name rows are OK or SKIPPED"
		else
			rows=$(grep "/$name/" "$TMP/c.csv" |
			    grep -c "SKIPPED,.*built without ${lib#*:}")
			[ "$rows" -eq 20 ]
			ok $? "$name rows are SKIPPED: built without ${lib#*:} ($rows)"
		fi
	done

	# SHA-2, AES-CBC/CTR/GCM and RSA must run in every library built:
	# SKIPPED only for a library this build lacks (bb info, config.h) or
	# a CBC size that is not whole blocks
	HAVE_MBEDTLS=no
	grep -q '^#define HAVE_MBEDTLS 1' "${top_builddir:-.}/config.h" \
	    2>/dev/null && HAVE_MBEDTLS=yes
	for name in openssl gcrypt mbedtls; do
		eval have=\$HAVE_$(echo "$name" | tr a-z A-Z)
		[ "$have" = yes ] || continue
		grep -E ",(sha256|aes-128-(cbc|ctr|gcm)|rsa2048)/$name/" \
		    "$TMP/c.csv" | grep ',SKIPPED,' |
		    grep -v 'aes-128-cbc/.*/1000,.*not a multiple' >"$TMP/must"
		[ ! -s "$TMP/must" ]
		ok $? "$name: no SKIPPED row for SHA-256, AES-128-CBC/CTR/GCM or RSA-2048"
		sed 's/^/# /' "$TMP/must" | head -3
	done

	# --classic: the openssl speed table
	bb run hash -p hash.algorithms=sha256 -p hash.sizes=16,1024 $fast \
	    --classic --format text >"$TMP/t.txt" 2>/dev/null
	grep -q "The 'numbers' are in 1000s of bytes per second processed" "$TMP/t.txt" &&
	    grep -q "^type  *16 bytes  *1024 bytes" "$TMP/t.txt"
	ok $? "--classic prints the openssl speed table"

	# --classic, libgcrypt: tests/benchmark's hash line from a real run
	if [ "$HAVE_GCRYPT" = yes ]; then
		bb run hash -p hash.algorithms=md5 -p hash.sizes=10000 \
		    -p hash.backends=gcrypt $fast --classic --format text \
		    >"$TMP/g.txt" 2>/dev/null
		grep -Eq '^MD5 +- +- +- +- +[0-9.]+ms$' "$TMP/g.txt" &&
		    grep -q "^(ms for the work libgcrypt's tests/benchmark times" \
		    "$TMP/g.txt"
		ok $? "--classic prints libgcrypt's tests/benchmark hash line"
		# every column: the write patterns and both random sizes
		bb run hash random -p hash.algorithms=md5 \
		    -p hash.sizes=10000,1000000 -p hash.writes=whole,100,1,putc \
		    -p random.size=128,8 -p crypto.backends=gcrypt $fast \
		    --classic --format text >"$TMP/g.txt" 2>"$TMP/err"
		rc=$?
		grep -Eq '^MD5( +[0-9.]+ms){5}$' "$TMP/g.txt" &&
		    grep -Eq '^random( +[0-9.]+ms){2}$' "$TMP/g.txt" &&
		    grep -q ' md5/gcrypt/1000000/w100 ' "$TMP/g.txt" &&
		    grep -q ' random/gcrypt/strong/8 ' "$TMP/g.txt"
		ok $? "hash.writes and random.size=128,8 fill every column (exit $rc)"
		grep -E '^(MD5|random) +[0-9]' "$TMP/g.txt" | sed 's/^/# /'
	else
		n=$((n + 2)); echo "ok $((n - 1)) # SKIP built without libgcrypt"
		echo "ok $n # SKIP built without libgcrypt"
	fi
	if [ "$HAVE_OPENSSL" = yes ]; then
		bb run hash -p hash.algorithms=md5 -p hash.sizes=64 \
		    -p hash.writes=whole,7,putc -p hash.backends=openssl $fast \
		    --format csv >"$TMP/w.csv" 2>/dev/null
		grep -q ',md5/openssl/64/w7,.*,OK,' "$TMP/w.csv" &&
		    grep -q ",md5/openssl/64/putc,.*,SKIPPED,.*,putc is libgcrypt's gcry_md_putc$" "$TMP/w.csv"
		ok $? "OpenSSL: 7-byte writes run, putc is SKIPPED with the reason"
	else
		n=$((n + 1)); echo "ok $n # SKIP built without OpenSSL"
	fi

fi

done_testing
