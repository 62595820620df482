#!/bin/bash
# matrix-ref.sh FILE - the reference the matrix fuzzer checks scripts/sweep
# against: the character-by-character bash parser that scripts/sweep used
# before its one-pass awk reader (slow, quadratic, but plain), with the
# limits added since (4096 bytes a line, no control characters but tab and
# carriage return, at most two '|').  Prints what `sweep --dry-run` prints
# for a good matrix and exits 0; exits 2 with "ref: LINE: why" otherwise.
# It knows nothing of run prefix programs or CPUs.
set -u
export LC_ALL=C

# parse_line LINE: split LINE into tokens in TOK: "w<word>" for a word,
# "s" for a field separator.  Returns 1 with PERR set when it cannot.
parse_line() {
	local s=$1 n=${#1} i=0 c w="" inword=0 q=""
	TOK=()
	PERR=
	while [ "$i" -lt "$n" ]; do
		c=${s:i:1}
		if [ "$q" = "'" ]; then
			if [ "$c" = "'" ]; then q=""; else w+=$c; fi
		elif [ "$q" = '"' ]; then
			case $c in
			'"') q="" ;;
			'\')
				if [ $((i + 1)) -lt "$n" ] &&
				   { [ "${s:i+1:1}" = '"' ] || [ "${s:i+1:1}" = '\' ]; }; then
					i=$((i + 1))
					w+=${s:i:1}
				else
					w+=$c
				fi ;;
			'$'|'`')
				PERR="no expansion in the matrix: write the value of '$c' out, or single-quote it"
				return 1 ;;
			*) w+=$c ;;
			esac
		else
			case $c in
			' '|$'\t'|$'\r')
				if [ "$inword" = 1 ]; then TOK+=("w$w"); w=""; inword=0; fi ;;
			'|')
				if [ "$inword" = 1 ]; then TOK+=("w$w"); w=""; inword=0; fi
				TOK+=("s") ;;
			"'"|'"') q=$c; inword=1 ;;
			'\')
				if [ $((i + 1)) -ge "$n" ]; then
					PERR="a backslash ends the line"
					return 1
				fi
				i=$((i + 1))
				w+=${s:i:1}
				inword=1 ;;
			'$'|'`')
				PERR="no expansion in the matrix: write the value of '$c' out, or single-quote it"
				return 1 ;;
			'#')
				if [ "$inword" = 0 ]; then break; fi
				w+=$c ;;
			*) w+=$c; inword=1 ;;
			esac
		fi
		i=$((i + 1))
	done
	if [ -n "$q" ]; then
		PERR="unterminated $q quote"
		return 1
	fi
	if [ "$inword" = 1 ]; then TOK+=("w$w"); fi
	return 0
}

bad() { printf 'ref: %s\n' "$*" >&2; exit 2; }
file=$1
lineno=0
declare -A seen
[ "$(tr -d '\000' <"$file" | wc -c)" = "$(wc -c <"$file")" ] || bad "a NUL byte"
out=
while IFS= read -r line || [ -n "$line" ]; do
	lineno=$((lineno + 1))
	[ "${#line}" -le 4096 ] || bad "$lineno: too long"
	case $line in *[$'\001'-$'\010'$'\013'$'\014'$'\016'-$'\037'$'\177']*) bad "$lineno: control character" ;; esac
	parse_line "$line" || bad "$lineno: $PERR"
	[ "${#TOK[@]}" -eq 0 ] && continue
	field=0 name='' nf=0 conf='' pre=''
	for t in "${TOK[@]}"; do
		if [ "$t" = s ]; then field=$((field + 1)); continue; fi
		t=${t#w}
		case $field in
		0) nf=$((nf + 1)); name=$t ;;
		1) conf+="  configure: [$t]"$'\n' ;;
		2) pre+="  prefix: [$t]"$'\n' ;;
		esac
	done
	[ "$field" -ge 1 ] && [ "$field" -le 2 ] || bad "$lineno: fields"
	[ "$nf" -eq 1 ] || bad "$lineno: name words"
	case $name in [A-Za-z0-9]*) ;; *) bad "$lineno: bad name" ;; esac
	case $name in *[!A-Za-z0-9._+-]*) bad "$lineno: bad name" ;; esac
	[ "${#name}" -le 64 ] || bad "$lineno: long name"
	[ -z "${seen[$name]:-}" ] || bad "$lineno: twice"
	seen[$name]=1
	out+="$name"$'\n'$conf$pre
done <"$file"
[ -n "$out" ] || bad "empty"
printf '%s' "$out"
