/*
 * cmd-opt.c - from a command's option table (cmd-opt.h): getopt_long's
 * arrays and the option lines of its --help.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd-opt.h"
#include "util.h"

const char cmd_opt_help_text[] = "this text";
const char cmd_opt_db_text[] =
    "results store (default $XDG_DATA_HOME/boardbench/results.db)";
const char cmd_opt_format_text[] = "text | csv | tsv | json (default text)";
const char cmd_opt_format_stdout_text[] =
    "text | csv | tsv | json on stdout (default text)";

void
cmd_opt_getopt(const struct cmd_opts *t, struct cmd_getopt *g)
{
	const struct cmd_opt *o;
	size_t nl = 0, ns = 0;

	g->t = t;
	if (t->in_order)
		g->so[ns++] = '+';
	for (o = t->opt; o->key != 0; o++) {
		if (nl == CMD_OPT_MAX)
			die(EXIT_BENCH, "an option table has more than %d "
			    "entries", CMD_OPT_MAX);
		if (o->name != NULL) {
			g->lo[nl].name = o->name;
			g->lo[nl].has_arg = o->arg == CMD_OPT_ARG ?
			    required_argument : no_argument;
			g->lo[nl].flag = NULL;
			g->lo[nl++].val = o->key;
		}
		if (o->letter != 0) {
			g->so[ns++] = (char)o->letter;
			if (o->arg == CMD_OPT_ARG)
				g->so[ns++] = ':';
		}
	}
	memset(&g->lo[nl], 0, sizeof(g->lo[nl]));
	g->so[ns] = '\0';
}

void
cmd_opt_start(struct cmd_getopt *g, const struct cmd_opts *t)
{
	cmd_opt_getopt(t, g);
	/* the commands say what was wrong themselves (cmd_getopt_error) */
	opterr = 0;
	optind = 1;
}

int
cmd_opt_next(struct cmd_getopt *g, int argc, char **argv)
{
	return getopt_long(argc, argv, g->so, g->lo, NULL);
}

/*
 * One line of help text (no newline in it) from column pos on: broken at
 * the last space that keeps a line within CMD_OPT_WIDTH, each further
 * line indented to col.
 */
static void
help_line(struct strbuf *sb, const char *s, size_t len, size_t pos,
    size_t col)
{
	size_t room, cut;

	for (;;) {
		room = pos < CMD_OPT_WIDTH ? CMD_OPT_WIDTH - pos : 0;
		if (len <= room)
			break;
		/* the last space that fits; else the first (a long word) */
		for (cut = room; cut > 0 && s[cut] != ' '; cut--)
			;
		if (cut == 0)
			for (cut = room; cut < len && s[cut] != ' '; cut++)
				;
		if (cut >= len)
			break;
		strbuf_add(sb, s, cut);
		strbuf_addf(sb, "\n%*s", (int)col, "");
		s += cut + 1;
		len -= cut + 1;
		pos = col;
	}
	strbuf_add(sb, s, len);
	strbuf_add(sb, "\n", 1);
}

/*
 * "  -x, --name META" padded to the column, or two spaces after it when
 * it reaches the column; then the help, each of its lines from the
 * column.
 */
static void
help_entry(struct strbuf *sb, const struct cmd_opt *o, size_t col)
{
	size_t start = sb->len, pos;
	const char *s = o->help, *nl;

	strbuf_add(sb, "  ", 2);
	if (o->letter != 0)
		strbuf_addf(sb, "-%c%s", o->letter, o->name != NULL ? ", " :
		    "");
	if (o->name != NULL)
		strbuf_addf(sb, "--%s", o->name);
	if (o->meta != NULL)
		strbuf_addf(sb, " %s", o->meta);
	pos = sb->len - start;
	strbuf_addf(sb, "%*s", pos < col ? (int)(col - pos) : 2, "");
	pos = pos < col ? col : pos + 2;
	for (;;) {
		nl = strchr(s, '\n');
		help_line(sb, s, nl != NULL ? (size_t)(nl - s) : strlen(s),
		    pos, col);
		if (nl == NULL)
			break;
		s = nl + 1;
		pos = col;
		strbuf_addf(sb, "%*s", (int)col, "");
	}
}

void
cmd_opt_help(struct strbuf *sb, const struct cmd_opts *t)
{
	const struct cmd_opt *o;

	strbuf_addf(sb, "%s", t->head);
	for (o = t->opt; o->key != 0; o++)
		if (o->help != NULL)
			help_entry(sb, o, (size_t)t->col);
	if (t->tail != NULL)
		strbuf_addf(sb, "%s", t->tail);
}

void
cmd_opt_usage(FILE *fp, const struct cmd_opts *t)
{
	struct strbuf sb;

	strbuf_init(&sb);
	cmd_opt_help(&sb, t);
	fputs(sb.buf, fp);
	strbuf_release(&sb);
}
