#!/bin/sh
# Cross builds (doc/DESIGN.md section 5): armhf (hard float, NEON) and armel
# (softfp, linked statically so it runs on an armhf board), configured out
# of tree with the toolchain that scripts/setup-arm-cross installs; under qemu-user their known-answer tests pass, `boardbench
# info` reports the float ABI, FPU and architecture of their flags, and a
# tiny run completes.  BB_CROSS_ARCHES="armhf armel arm64" picks the
# variants (default armhf armel); ARM_CROSS_ROOT where the toolchain is.
# Skips (77) where the cross compilers, sysroots or qemu-user are missing.
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/lib-src.sh"

[ -z "${TEST_RUNNER:-}" ] ||
	skip_all "this is already a cross build (TEST_RUNNER is set)"
R=${ARM_CROSS_ROOT:-/opt/arm-cross}
arches=${BB_CROSS_ARCHES:-armhf armel}

# variant ARCH: sets t (triplet), cflags, extra, and the expected info
variant() {
	extra=
	case $1 in
	armhf)
		t=arm-linux-gnueabihf cflags="-O2 -mfpu=neon"
		want_abi=hard want_fpu="neon*" want_arch="arm (armv7*"
		want_elf_args="VFP registers (hard)" want_elf_fp="VFPv3" ;;
	armel)
		t=arm-linux-gnueabi
		cflags="-O2 -march=armv7-a -mfloat-abi=softfp -mfpu=vfpv3-d16"
		extra=--enable-static-binary
		want_abi=softfp want_fpu="vfp*" want_arch="arm (armv7)"
		want_elf_args="integer registers*" want_elf_fp="VFPv3-D16" ;;
	armel-soft)
		t=arm-linux-gnueabi cflags="-O2"
		want_abi=soft want_fpu=none want_arch="arm (armv5*"
		want_elf_args="integer registers*" want_elf_fp="none" ;;
	arm64)
		t=aarch64-linux-gnu cflags="-O2 -mcpu=cortex-a72"
		want_abi="hard (aarch64)" want_fpu="fp+simd" want_arch="aarch64*"
		want_elf_args= want_elf_fp= ;;
	*) return 1 ;;
	esac
	sysroot=$R/${1%-soft}
}

have_any=0
for a in $arches; do
	variant "$a" || skip_all "unknown variant '$a' in BB_CROSS_ARCHES"
	if command -v "$t-gcc" >/dev/null 2>&1 && [ -d "$sysroot/usr/include" ] &&
	   [ -x "$R/bin/$t-run" ] && [ -x "$R/bin/$t-pkg-config" ]; then
		have_any=1
	fi
done
[ $have_any = 1 ] || skip_all "no ARM cross toolchain in $R (run scripts/setup-arm-cross as root)"

cross_src "$TMP/src"

# info's field KEY (a regex): on its line, or on the next when the key
# is longer than its column
field() {
	awk -v k="^build\\.$1" '$0 ~ k "  +" { sub(k " +", ""); print; exit }
		$0 ~ k "$" { getline; sub(/^ +/, ""); print; exit }' "$TMP/info"
}

for a in $arches; do
	variant "$a"
	if ! command -v "$t-gcc" >/dev/null 2>&1 || [ ! -x "$R/bin/$t-run" ]; then
		echo "ok $((n = n + 1)) # SKIP $a: no $t-gcc or $R/bin/$t-run"
		continue
	fi
	run="$R/bin/$t-run"
	d="$TMP/$a"
	mkdir "$d"
	(cd "$d" && unset MAKEFLAGS MFLAGS MAKELEVEL &&
	 ../src/configure --build="$build" --host="$t" \
		CC="$t-gcc --sysroot=$sysroot" CFLAGS="$cflags" \
		PKG_CONFIG="$R/bin/$t-pkg-config" TEST_RUNNER="$run" $extra) \
		>"$d/configure.out" 2>&1
	st=$?
	ok $st "$a: configure --host=$t CFLAGS='$cflags' $extra"
	if [ $st -ne 0 ]; then
		tail -15 "$d/config.log" | sed 's/^/# /'
		continue
	fi
	(cd "$d" && unset MAKEFLAGS MFLAGS MAKELEVEL && make -j2) >"$d/make.out" 2>&1
	st=$?
	ok $st "$a: make"
	if [ $st -ne 0 ]; then
		tail -15 "$d/make.out" | sed 's/^/# /'
		continue
	fi
	if [ -n "$extra" ]; then
		"$t-readelf" -l "$d/boardbench" > "$TMP/elf" 2>&1 &&
			! grep -q INTERP "$TMP/elf"
		ok $? "$a: the binary is static (no program interpreter)"
	fi

	"$run" "$d/boardbench" info > "$TMP/info" 2>"$TMP/err"
	ok $? "$a: boardbench info runs under qemu"
	grep -q "^== warning: emulated by qemu-user" "$TMP/info" &&
		grep -q "^system.emulator  *qemu-user$" "$TMP/info"
	ok $? "$a: info says the run is emulated by qemu-user"
	abi=$(field float_abi) fpu=$(field fpu) arch=$(field arch)
	case $abi in $want_abi) st=0 ;; *) st=1 ;; esac
	ok $st "$a: float ABI '$abi' (want $want_abi)"
	case $fpu in $want_fpu) st=0 ;; *) st=1 ;; esac
	ok $st "$a: FPU '$fpu' (want $want_fpu)"
	case $arch in $want_arch) st=0 ;; *) st=1 ;; esac
	ok $st "$a: architecture '$arch' (want $want_arch)"
	[ "$(field host)" != "$(field build)" ]; ok $? "$a: built for $(field host)"
	if [ -n "$want_elf_args" ]; then
		# the ELF build attributes of the executable agree
		args=$(field 'elf\.attributes\.Tag_ABI_VFP_args')
		fp=$(field 'elf\.attributes\.Tag_FP_arch')
		case $args in $want_elf_args) st=0 ;; *) st=1 ;; esac
		ok $st "$a: ELF Tag_ABI_VFP_args '$args' (want $want_elf_args)"
		[ "$fp" = "$want_elf_fp" ]; ok $? "$a: ELF Tag_FP_arch '$fp' (want $want_elf_fp)"
	fi

	kats=$(cd "$d" && unset MAKEFLAGS MFLAGS MAKELEVEL && make -s print-kat-tests)
	(cd "$d" && unset MAKEFLAGS MFLAGS MAKELEVEL &&
	 make -j2 check TESTS="$kats" check_PROGRAMS="$kats") >"$d/check.out" 2>&1
	st=$?
	ok $st "$a: known-answer tests pass under qemu ($kats)"
	if [ $st -ne 0 ]; then
		grep -E '^(FAIL|ERROR)' "$d/check.out" | sed 's/^/# /'
	fi
	"$run" "$d/boardbench" run linpack -p linpack.n=20 --no-save --format csv \
		--profile quick --budget 0.05 --min-sample 0.005 --warmup 0 \
		> "$TMP/run.csv" 2>"$TMP/err"
	st=$?
	[ $st -eq 0 ] && [ "$(grep -c ',OK,' "$TMP/run.csv")" -eq 6 ]
	ok $? "$a: a tiny linpack run under qemu: six OK rows (exit $st)"
	[ "$(tail -n +2 "$TMP/run.csv" | grep -vc 'emulated')" -eq 0 ]
	ok $? "$a: every row of it is flagged emulated"
done
done_testing
