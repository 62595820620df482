/*
 * cmd-opt.h - a command's options as one table: what getopt_long is given
 * and the option lines of its --help are both made from it, so that an
 * option is declared once and its help cannot drift from what is parsed.
 * The options several commands have (--db, --format, -h, ...) are entries
 * written here once (CMD_OPT_*), each command naming its own help text
 * where it says something else.
 */
#ifndef BOARDBENCH_CMD_OPT_H
#define BOARDBENCH_CMD_OPT_H

#include <getopt.h>
#include <stdio.h>

struct strbuf;

enum cmd_opt_arg { CMD_OPT_NOARG, CMD_OPT_ARG };

/*
 * One option.  getopt returns key for it: for an entry with a short
 * letter, key is the letter (getopt returns the letter for -x).  help is
 * the text after the option in --help, its explicit line breaks kept (a
 * line too long for CMD_OPT_WIDTH is also broken at a space); each line
 * starts at the table's column.  help NULL: accepted but not listed.
 * name NULL: a short option only.
 */
struct cmd_opt {
	const char *name;	/* long name, without "--" */
	int letter;		/* short option, 0 for none */
	enum cmd_opt_arg arg;
	const char *meta;	/* the argument in --help ("FILE"), or NULL */
	int key;		/* what the command's switch sees; 0 ends */
	const char *help;
};

/* A command's table and the prose of its --help around the options. */
struct cmd_opts {
	const char *head;	/* usage line and text before the options */
	const struct cmd_opt *opt;	/* ended by CMD_OPT_END */
	const char *tail;	/* text after them, or NULL */
	int col;		/* the column where each help text starts */
	int in_order;		/* options end at the first operand ('+') */
};

/* The longest help line, with its indent. */
#define CMD_OPT_WIDTH	79
/* Entries a table may have (the getopt arrays are this big). */
#define CMD_OPT_MAX	40

/* Keys of the shared options; a command's own keys start at OPT_OWN. */
enum {
	OPT_DB = 256, OPT_FORMAT, OPT_TAG, OPT_NO_SAVE, OPT_HOT_TEMP,
	OPT_NO_MONITOR, OPT_TIMEOUT, OPT_VERBOSE, OPT_COLUMNS, OPT_CLASSIC,
	OPT_NO_HEADLINE, OPT_MEASURE_CLOCK, OPT_ALPHA, OPT_COOL_DOWN,
	OPT_WAIT_IDLE, OPT_WAIT_MAX,
	OPT_OWN
};

/* The help texts that are the same in several commands. */
extern const char cmd_opt_help_text[];		/* -h, --help */
extern const char cmd_opt_db_text[];		/* --db FILE */
extern const char cmd_opt_format_text[];	/* show, compare */
extern const char cmd_opt_format_stdout_text[];	/* run, exec */

#define CMD_OPT_END	{ NULL, 0, CMD_OPT_NOARG, NULL, 0, NULL }
#define CMD_OPT_HELP \
	{ "help", 'h', CMD_OPT_NOARG, NULL, 'h', cmd_opt_help_text }
#define CMD_OPT_DB \
	{ "db", 0, CMD_OPT_ARG, "FILE", OPT_DB, cmd_opt_db_text }
#define CMD_OPT_FORMAT(help) \
	{ "format", 0, CMD_OPT_ARG, "F", OPT_FORMAT, (help) }
#define CMD_OPT_TAG(meta, help) \
	{ "tag", 0, CMD_OPT_ARG, (meta), OPT_TAG, (help) }
#define CMD_OPT_NO_SAVE(help) \
	{ "no-save", 0, CMD_OPT_NOARG, NULL, OPT_NO_SAVE, (help) }
#define CMD_OPT_HOT_TEMP(help) \
	{ "hot-temp", 0, CMD_OPT_ARG, "C", OPT_HOT_TEMP, (help) }
#define CMD_OPT_NO_MONITOR(help) \
	{ "no-monitor", 0, CMD_OPT_NOARG, NULL, OPT_NO_MONITOR, (help) }
#define CMD_OPT_TIMEOUT(help) \
	{ "timeout", 0, CMD_OPT_ARG, "SEC", OPT_TIMEOUT, (help) }
#define CMD_OPT_VERBOSE(help) \
	{ "verbose", 0, CMD_OPT_NOARG, NULL, OPT_VERBOSE, (help) }
#define CMD_OPT_COLUMNS(meta, help) \
	{ "columns", 0, CMD_OPT_ARG, (meta), OPT_COLUMNS, (help) }
#define CMD_OPT_CLASSIC(help) \
	{ "classic", 0, CMD_OPT_NOARG, NULL, OPT_CLASSIC, (help) }
#define CMD_OPT_NO_HEADLINE(help) \
	{ "no-headline", 0, CMD_OPT_NOARG, NULL, OPT_NO_HEADLINE, (help) }
#define CMD_OPT_MEASURE_CLOCK(help) \
	{ "measure-clock", 0, CMD_OPT_NOARG, NULL, OPT_MEASURE_CLOCK, (help) }
#define CMD_OPT_ALPHA(help) \
	{ "alpha", 0, CMD_OPT_ARG, "P", OPT_ALPHA, (help) }

/* What getopt_long is given, made from a table. */
struct cmd_getopt {
	const struct cmd_opts *t;
	struct option lo[CMD_OPT_MAX + 1];
	char so[2 * CMD_OPT_MAX + 2];	/* "+", "x:" each, NUL */
};

/* Make g's arrays from t (a table too big is a programming error). */
void cmd_opt_getopt(const struct cmd_opts *t, struct cmd_getopt *g);
/* cmd_opt_getopt, and getopt reset to argv[1] with its messages off. */
void cmd_opt_start(struct cmd_getopt *g, const struct cmd_opts *t);
/* The next option's key, '?' or ':' for a bad one, -1 at the end. */
int cmd_opt_next(struct cmd_getopt *g, int argc, char **argv);

/* The whole --help text of t onto sb. */
void cmd_opt_help(struct strbuf *sb, const struct cmd_opts *t);
/* Print it to fp (stdout for --help; its errors are main's). */
void cmd_opt_usage(FILE *fp, const struct cmd_opts *t);

#endif
