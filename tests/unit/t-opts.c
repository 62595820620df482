/*
 * t-opts.c - option tables (cmd-opt.c): getopt_long's arrays agree with
 * the table entry by entry, the generated --help of a small table is the
 * expected text to the byte (the column, two spaces after a long option,
 * explicit and automatic line breaks, hidden and short-only entries), and
 * every command's table is sound and shares its common entries.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cmd-opt.h"
#include "tap.h"
#include "util.h"

static const struct cmd_opt toy_opt[] = {
	{ "long", 'l', CMD_OPT_NOARG, NULL, 'l', "first line\nsecond line" },
	{ "out", 0, CMD_OPT_ARG, "FILE", OPT_OWN, "a help text long enough "
	    "to be broken at its last space that fits in the width" },
	{ "rather-long-name", 0, CMD_OPT_ARG, "N", OPT_OWN + 1, "past it" },
	{ "hidden", 0, CMD_OPT_NOARG, NULL, OPT_OWN + 2, NULL },
	{ NULL, 'p', CMD_OPT_ARG, "A=B", 'p', "short only" },
	CMD_OPT_DB,
	CMD_OPT_HELP,
	CMD_OPT_END
};

static const struct cmd_opts toy = {
	"usage: toy [OPTIONS]\n\n", toy_opt, "\nthe end\n", 22, 1
};

static const char toy_help[] =
"usage: toy [OPTIONS]\n"
"\n"
"  -l, --long          first line\n"
"                      second line\n"
"  --out FILE          a help text long enough to be broken at its last space\n"
"                      that fits in the width\n"
"  --rather-long-name N  past it\n"
"  -p A=B              short only\n"
"  --db FILE           results store (default\n"
"                      $XDG_DATA_HOME/boardbench/results.db)\n"
"  -h, --help          this text\n"
"\n"
"the end\n";

static const struct {
	const char *cmd;
	const struct cmd_opts *t;
} tables[] = {
	{ "list", &cmd_list_opts }, { "info", &cmd_info_opts },
	{ "run", &cmd_run_opts }, { "show", &cmd_show_opts },
	{ "export", &cmd_export_opts }, { "compare", &cmd_compare_opts },
	{ "import", &cmd_import_opts }, { "report", &cmd_report_opts },
	{ "exec", &cmd_exec_opts },
};

/* The entry of t named name, or NULL. */
static const struct cmd_opt *
find(const struct cmd_opts *t, const char *name)
{
	const struct cmd_opt *o;

	for (o = t->opt; o->key != 0; o++)
		if (o->name != NULL && strcmp(o->name, name) == 0)
			return o;
	return NULL;
}

/*
 * g agrees with t: each long name once with its argument and key, each
 * letter in the short string (':' after it when it takes a value), and
 * nothing else; a letter's key is the letter.  The count of failures.
 */
static int
agrees(const struct cmd_opts *t, const struct cmd_getopt *g)
{
	const struct cmd_opt *o;
	const struct option *lo;
	const char *s = g->so;
	size_t nlong = 0, nshort = 0, i;
	int bad = 0;

	if (t->in_order && *s++ != '+')
		bad++;
	for (o = t->opt; o->key != 0; o++) {
		if (o->name != NULL) {
			for (lo = g->lo; lo->name != NULL; lo++)
				if (strcmp(lo->name, o->name) == 0)
					break;
			if (lo->name == NULL || lo->val != o->key ||
			    lo->flag != NULL || lo->has_arg !=
			    (o->arg == CMD_OPT_ARG ? required_argument :
			    no_argument))
				bad++;
			nlong++;
		}
		if (o->letter != 0) {
			const char *at = strchr(s, o->letter);

			if (at == NULL || o->key != o->letter ||
			    (at[1] == ':') != (o->arg == CMD_OPT_ARG))
				bad++;
			nshort++;
		}
		if (o->name == NULL && o->letter == 0)
			bad++;
	}
	for (i = 0; g->lo[i].name != NULL; i++)
		;
	if (i != nlong)
		bad++;
	for (i = 0; *s != '\0'; s++)
		i += *s != ':';
	if (i != nshort)
		bad++;
	return bad;
}

int
main(void)
{
	struct cmd_getopt g;
	struct strbuf sb;
	const struct cmd_opt *o, *p;
	size_t i;

	cmd_opt_getopt(&toy, &g);
	is_str(g.so, "+lp:h", "the short string: '+', letters, ':' for a "
	    "value");
	is_int(agrees(&toy, &g), 0, "the toy's getopt arrays agree with it");
	ok(g.lo[3].name != NULL && strcmp(g.lo[3].name, "hidden") == 0 &&
	    g.lo[3].val == OPT_OWN + 2, "a hidden entry is still parsed");
	strbuf_init(&sb);
	cmd_opt_help(&sb, &toy);
	is_str(sb.buf, toy_help, "the toy's help, byte for byte");
	strbuf_release(&sb);

	for (i = 0; i < ARRAY_SIZE(tables); i++) {
		const struct cmd_opts *t = tables[i].t;

		cmd_opt_getopt(t, &g);
		is_int(agrees(t, &g), 0, "%s: getopt arrays agree with the "
		    "table", tables[i].cmd);
		for (o = t->opt; o->key != 0; o++)
			for (p = o + 1; p->key != 0; p++)
				if ((o->name != NULL && p->name != NULL &&
				    strcmp(o->name, p->name) == 0) ||
				    (o->letter != 0 && o->letter == p->letter))
					ok(0, "%s: --%s or -%c twice",
					    tables[i].cmd, o->name ? o->name :
					    "", o->letter);
		o = find(t, "help");
		ok(o != NULL && o->help == cmd_opt_help_text &&
		    o->letter == 'h', "%s: -h, --help is the shared entry",
		    tables[i].cmd);
		o = find(t, "db");
		if (strcmp(tables[i].cmd, "list") != 0 &&
		    strcmp(tables[i].cmd, "info") != 0)
			ok(o != NULL && o->help == cmd_opt_db_text &&
			    o->key == OPT_DB, "%s: --db is the shared entry",
			    tables[i].cmd);
	}
	ok(find(&cmd_run_opts, "db")->help ==
	    find(&cmd_compare_opts, "db")->help &&
	    find(&cmd_show_opts, "format")->help ==
	    find(&cmd_compare_opts, "format")->help &&
	    find(&cmd_run_opts, "format")->help ==
	    find(&cmd_exec_opts, "format")->help,
	    "--db and --format: one text in several commands");
	return done_testing();
}
