#!/bin/sh
# Bash completion (contrib/bash-completion/boardbench), driven in bash the
# way bash calls it (COMP_LINE, COMP_POINT, COMP_WORDS split at '=' and
# ':' too): commands, options from --help, benchmark and group names,
# -p NAME.PARAM= names and their words from `list --long`, run ids and
# tags from the store named by --db; a hostile tag is offered as it is,
# never expanded.
. "${top_srcdir:-.}/tests/cli/lib.sh"

[ -z "${TEST_RUNNER:-}" ] ||
	skip_all "completion runs the boardbench on the line; not in a cross build"
command -v bash >/dev/null 2>&1 || skip_all "bash not installed"

comp="$top_srcdir/contrib/bash-completion/boardbench"
db="$TMP/c.db"

# complete LINE: what the completion offers for LINE (cursor at its end),
# one per line, sorted; bash's own word split (at blanks, '=' and ':')
complete_line() {
	BB_LINE=$1 bash -c '
		. "$1" || exit 1
		COMP_LINE=$BB_LINE
		COMP_POINT=${#COMP_LINE}
		COMP_WORDS=()
		w=
		l=$COMP_LINE
		while [ -n "$l" ]; do
			c=${l:0:1}
			l=${l:1}
			case $c in
			" ") [ -n "$w" ] && COMP_WORDS+=("$w"); w= ;;
			=|:) [ -n "$w" ] && COMP_WORDS+=("$w"); COMP_WORDS+=("$c"); w= ;;
			*) w=$w$c ;;
			esac
		done
		COMP_WORDS+=("$w")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_boardbench || exit 1
		printf "%s\n" "${COMPREPLY[@]}"' sh "$comp" | sort
}
# offers LINE WORD...: the completion of LINE is exactly WORD...
offers() {
	line=$1
	shift
	complete_line "$line" > "$TMP/got"
	printf '%s\n' "$@" | sort > "$TMP/want"
	cmp -s "$TMP/got" "$TMP/want" ||
		{ echo "# '$line': got:"; sed 's/^/#   /' "$TMP/got"; return 1; }
}
# includes LINE WORD: WORD is among the completions of LINE
includes() {
	complete_line "$1" | grep -qxF -- "$2" ||
		{ echo "# '$1' does not offer '$2'"; return 1; }
}

offers "$BOARDBENCH r" run report; ok $? "commands: r -> run, report"
offers "$BOARDBENCH --h" --help; ok $? "a global option"
offers "$BOARDBENCH run dh" dhrystone; ok $? "a benchmark name"
offers "$BOARDBENCH run cr" crypto; ok $? "a group name"
offers "$BOARDBENCH list sel" selftest; ok $? "list: a group name"
includes "$BOARDBENCH run --pro" --profile; ok $? "run's options from its --help"
offers "$BOARDBENCH run --profile q" quick; ok $? "a profile"
offers "$BOARDBENCH show --format t" text tsv; ok $? "a format"
offers "$BOARDBENCH run -p null.mo" null.mode=; ok $? "-p: a parameter name, with ="
offers "$BOARDBENCH run -p null.mode=sp" spread spin
ok $? "-p: a choice's words after NAME.PARAM= (bash replaces only after '=')"
offers "$BOARDBENCH run -p null.kind=" rate time reported phases
ok $? "-p: a list's words"
offers "$BOARDBENCH run -p null.work=" ; ok $? "-p: nothing for a number"

# a store with a tagged run, and one with a hostile tag
expect 0 "a run tagged n1" -- bb run null --profile quick --budget 0.02 \
    --min-sample 0.005 --warmup 0 --db "$db" --tag n1 --format csv
expect 0 "an import tagged \$(touch ...)" -- bb export n1 --db "$db" \
    --format json -o "$TMP/n1.json"
evil='$(touch${IFS}'"$TMP"'/pwned)'
awk -v t="$evil" '{ i = index($0, "\"tag\": \"n1\"")
	if (i) $0 = substr($0, 1, i - 1) "\"tag\": \"" t "\"" substr($0, i + 11)
	print }' "$TMP/n1.json" > "$TMP/evil.json"
grep -qF "$evil" "$TMP/evil.json"; ok $? "the export's tag replaced"
expect 0 "import it into a second store" -- bb import --db "$TMP/e.db" \
    "$TMP/evil.json"
offers "$BOARDBENCH show --db $db n" n1; ok $? "show: a tag from the store given by --db"
offers "$BOARDBENCH compare --db=$db 1" 1; ok $? "compare: a run id (--db=FILE)"
offers "$BOARDBENCH export --db $db l" last; ok $? "export: last"
includes "$BOARDBENCH show --db $TMP/e.db \$" "$evil"
ok $? "a hostile tag is offered as stored"
[ ! -e "$TMP/pwned" ]; ok $? "and never run"
offers "$BOARDBENCH show x" ; ok $? "no store: nothing, no error"

done_testing
