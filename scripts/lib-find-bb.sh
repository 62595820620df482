# lib-find-bb.sh - sourced by scripts/aa-check, scripts/crosscheck and
# scripts/crosscheck-wakeup (in a clone, and installed under
# /usr/lib/boardbench/scripts by the package).

# find_boardbench TOP: the boardbench a script measures when none is named:
# TOP/build/boardbench (the Quick start's), else TOP/boardbench (a build in
# place), else boardbench on PATH (the installed one).  Prints nothing and
# fails when there is none.
find_boardbench() {
	for f in "$1/build/boardbench" "$1/boardbench"; do
		[ -x "$f" ] && { printf '%s\n' "$f"; return 0; }
	done
	command -v boardbench
}
