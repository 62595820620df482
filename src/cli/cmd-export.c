/*
 * cmd-export.c - `boardbench export`: stored runs as JSON (or CSV/TSV) for
 * `import` elsewhere.  Shares its body with `show` (cmd-show.c).
 */
#include "config.h"

#include "cmd.h"

int
cmd_export(int argc, char **argv)
{
	return cmd_show_runs(argc, argv, 1);
}
