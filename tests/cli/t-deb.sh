#!/bin/sh
# The Debian package (slow tier): `dpkg-buildpackage -us -uc -b` on a clean
# copy of the source (make distdir, which must carry debian/) builds a .deb
# that holds the binary, the man page, bash completion, the example matrix,
# the documents and the scripts a user runs (under /usr/lib/boardbench,
# linked as /usr/bin/boardbench-NAME); its binary runs and says the
# package's version; its boardbench-sweep answers --help; it recommends
# bash-completion, with which `boardbench r<TAB>` completes to run; lintian
# reports no error and no warning.  Skips
# (77) only without dpkg-buildpackage; debhelper and lintian are then
# required (.ci/run installs them).
. "${top_srcdir:-.}/tests/cli/lib.sh"
. "$top_srcdir/tests/cli/lib-src.sh"

[ -z "${TEST_RUNNER:-}" ] ||
	skip_all "the package is built natively; not in a cross build"
command -v dpkg-buildpackage >/dev/null 2>&1 ||
	skip_all "dpkg-buildpackage not installed (Debian package dpkg-dev)"

mkdir -p "$TMP/src" && clean_src "$TMP/src/boardbench"
st=$?
ok $st "a clean source tree (make distdir)"
[ $st -eq 0 ] || { sed 's/^/# /' "$TMP/distdir.log" | tail -20; done_testing; }
[ -x "$TMP/src/boardbench/debian/rules" ]; ok $? "it carries debian/"

(cd "$TMP/src/boardbench" && unset MAKEFLAGS MFLAGS MAKELEVEL &&
	DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -us -uc -b) \
	>"$TMP/build.log" 2>&1
st=$?
ok $st "dpkg-buildpackage -us -uc -b"
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/build.log" | tail -30
deb=$(ls "$TMP"/src/boardbench_*.deb 2>/dev/null | head -1)
[ -n "$deb" ]; ok $? "a .deb ($(basename "${deb:-none}"))"
[ -n "$deb" ] || done_testing

dpkg-deb -c "$deb" > "$TMP/list"
for f in usr/bin/boardbench usr/share/man/man1/boardbench.1.gz \
    usr/share/bash-completion/completions/boardbench \
    usr/share/doc/boardbench/README.md.gz usr/share/doc/boardbench/copyright \
    usr/share/doc/boardbench/examples/pi-matrix \
    usr/lib/boardbench/scripts/sweep usr/lib/boardbench/scripts/fleet \
    usr/lib/boardbench/scripts/aa-check usr/lib/boardbench/scripts/crosscheck \
    usr/lib/boardbench/scripts/placement-check \
    usr/lib/boardbench/scripts/lib-find-bb.sh \
    usr/lib/boardbench/contrib/ansible/fleet.yml; do
	grep -q " \./$f\$" "$TMP/list"; ok $? "the package holds /$f"
done
dpkg-deb -x "$deb" "$TMP/x"
"$TMP/x/usr/bin/boardbench" --version >"$TMP/out" 2>&1
ok $? "its boardbench runs: $(head -1 "$TMP/out")"

# one version string: the package's is the program's
pv=$(dpkg-deb -f "$deb" Version)
[ "$(head -1 "$TMP/out")" = "boardbench ${pv%-*}" ]
ok $? "the program's version is the package's ($pv)"

# the scripts on PATH: links that find their folder through the link
for s in sweep fleet aa-check crosscheck placement-check; do
	[ -L "$TMP/x/usr/bin/boardbench-$s" ] &&
		[ -e "$TMP/x/usr/share/man/man1/boardbench-$s.1.gz" ]
	ok $? "/usr/bin/boardbench-$s, with its manual page"
done
"$TMP/x/usr/bin/boardbench-sweep" --help >"$TMP/out" 2>&1 &&
	grep -q '^usage: .*sweep \[OPTIONS\] MATRIX' "$TMP/out"
ok $? "boardbench-sweep --help: $(head -1 "$TMP/out")"
# (Ansible stubbed: only the fleet's own check of --build is asked)
mkdir -p "$TMP/stub" && printf 'pi ansible_host=127.0.0.1\n' >"$TMP/one.ini" || exit 99
for f in ansible ansible-playbook ansible-inventory python3; do
	printf '#!/bin/sh\nexit 1\n' >"$TMP/stub/$f" && chmod +x "$TMP/stub/$f" || exit 99
done
PATH="$TMP/stub:$TMP/x/usr/bin:$PATH" "$TMP/x/usr/bin/boardbench-fleet" \
	"$TMP/one.ini" --build >"$TMP/out" 2>&1
[ $? -eq 2 ] && grep -q 'needs boardbench.s source' "$TMP/out"
ok $? "boardbench-fleet --build without a clone: one line ($(head -c 100 "$TMP/out"))"

# bash completion, as bash-completion loads it after install
case $(dpkg-deb -f "$deb" Recommends) in
*bash-completion*) r=0 ;; *) r=1 ;;
esac
ok $r "it recommends bash-completion"
bc=/usr/share/bash-completion/bash_completion
if [ ! -f "$bc" ] || ! command -v bash >/dev/null 2>&1; then
	echo "ok $((n = n + 1)) # SKIP boardbench r<TAB>: no $bc (Debian package bash-completion)"
else
	XDG_DATA_DIRS="$TMP/x/usr/share" PATH="$TMP/x/usr/bin:$PATH" bash -c '
		. "$1" || exit 1
		__load_completion boardbench || exit 1
		COMP_WORDS=(boardbench r)
		COMP_CWORD=1
		COMP_LINE="boardbench r"
		COMP_POINT=${#COMP_LINE}
		$(complete -p boardbench | sed "s/.*-F \([^ ]*\).*/\1/") boardbench r boardbench
		printf "%s\n" "${COMPREPLY[@]}"' sh "$bc" >"$TMP/comp" 2>&1
	grep -qx 'run' "$TMP/comp"
	ok $? "boardbench r<TAB> offers run: $(tr '\n' ' ' < "$TMP/comp")"
fi

lintian --fail-on error,warning "$deb" >"$TMP/lintian" 2>&1
st=$?
ok $st "lintian: no error, no warning"
sed 's/^/# /' "$TMP/lintian" | head -30
done_testing
