/*
 * fmt-compare-plot.c - compare's bar charts (fmt-compare.h): a gnuplot
 * script per page (a benchmark group, or a part of a big one), gnuplot
 * run with an argument vector and fed the script on a pipe, the chart
 * written through a temporary file next to it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fmt-compare.h"
#include "spawn.h"
#include "util.h"


/*
 * Every text that reaches gnuplot (tags, file names, benchmark and case
 * names) comes from the inputs and may be hostile.  gnuplot substitutes
 * `...` on a command line, even inside double quotes, and @name macros
 * outside quotes; single-quoted strings get neither, and no backslash
 * escapes.  So the script has two kinds of text only: labels in the data
 * block ($ratios), whose lines gnuplot stores without evaluating them and
 * whose strings reach the chart through xtic() and columnheader as data,
 * and the title in single quotes.  Both are also cleaned: no control
 * characters (a newline would end the data line or the command), no
 * double quote or backslash in the data (they end or escape a data
 * string), and a single quote doubled in the title.
 */
static char plot_tmp[4096];
static volatile sig_atomic_t plot_sig;

/* SIGINT, SIGTERM, SIGHUP while gnuplot draws: stop it (spawn), then plot()
 * removes the file and dies of the signal. */
static void
plot_signal(int sig)
{
	plot_sig = sig;
	spawn_interrupt();
}

/* One byte of label text for gnuplot: control characters become spaces. */
static char
gp_char(unsigned char c)
{
	return c < 0x20 || c == 0x7f ? ' ' : (char)c;
}

/* Text inside a double-quoted data-block string: no " or \. */
static void
gp_data(struct strbuf *sb, const char *s)
{
	char c;

	for (; *s; s++) {
		c = gp_char((unsigned char)*s);
		strbuf_add(sb, c == '"' || c == '\\' ? "'" : &c, 1);
	}
}

/* Text inside a single-quoted command string: ' doubled. */
static void
gp_single(struct strbuf *sb, const char *s)
{
	char c;

	for (; *s; s++) {
		c = gp_char((unsigned char)*s);
		strbuf_add(sb, c == '\'' ? "''" : &c, c == '\'' ? 2 : 1);
	}
}

/*
 * plot_terminal: the gnuplot terminal and size for a chart file, chosen
 * by its extension (.svg, .png through cairo, .pdf through cairo; any
 * case); NULL for any other extension.  width and height are in pixels
 * (points for PDF, 72 to the inch).
 */
const char *
fmt_compare_plot_terminal(const char *path, int width, int height,
    char *buf, size_t len)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');

	if (dot == NULL || (slash != NULL && dot < slash))
		return NULL;
	if (strcasecmp(dot, ".svg") == 0)
		bufprintf(buf, len, "svg size %d,%d", width, height);
	else if (strcasecmp(dot, ".png") == 0)
		bufprintf(buf, len, "pngcairo size %d,%d", width, height);
	else if (strcasecmp(dot, ".pdf") == 0)
		bufprintf(buf, len, "pdfcairo size %.2fin,%.2fin",
		    width / 72.0, height / 72.0);
	else
		return NULL;
	return buf;
}

/* A bar's label on the x axis: "bench case". */
static void
plot_label(const struct cmp_table *t, size_t ri, char *buf, size_t len)
{
	char cname[160];

	fmt_cmp_case_label(t, ri, cname, sizeof(cname));
	bufprintf(buf, len, "%s %s", t->rows[ri].key->bench, cname);
}

/* Characters of UTF-8 text (bytes that start one). */
static size_t
text_chars(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/*
 * A page of the chart: the rows of one benchmark group (or a part of a
 * group that has more than fits), so a chart has a bounded size whatever
 * the number of cases.  A row is drawn only when the baseline and at
 * least one other column have a ratio: SKIPPED or absent cases get no
 * empty slot.
 */
#define PLOT_MAX_BARS	48

struct plot_page {
	const char *group;
	size_t *rows, n;
	size_t part, nparts;
};

static int
plot_row_shown(const struct cmp_table *t, size_t ri)
{
	const struct cmp_row *row = &t->rows[ri];
	size_t c;

	if (isnan(row->cells[t->base].speedup))
		return 0;
	for (c = 0; c < t->ncols; c++)
		if (c != t->base && !isnan(row->cells[c].speedup))
			return 1;
	return 0;
}

static size_t
plot_pages(const struct cmp_table *t, struct plot_page **out)
{
	struct plot_page *pg = NULL;
	size_t np = 0, g, i, j, k, n, per, first;
	size_t bars = t->ncols > 1 ? t->ncols - 1 : 1;
	size_t *rows = xcalloc(t->nrows + 1, sizeof(*rows));

	per = PLOT_MAX_BARS / bars > 0 ? PLOT_MAX_BARS / bars : 1;
	for (g = 0; g < t->nrows; g++) {
		const char *group = t->rows[g].key->group;

		for (j = 0; j < g; j++)
			if (strcmp(t->rows[j].key->group, group) == 0)
				break;
		if (j < g)
			continue;	/* the group has its pages */
		for (n = 0, i = g; i < t->nrows; i++)
			if (strcmp(t->rows[i].key->group, group) == 0 &&
			    plot_row_shown(t, i))
				rows[n++] = i;
		first = np;
		for (k = 0; k < n; k += per) {
			pg = xreallocarray(pg, np + 1, sizeof(*pg));
			pg[np].group = group;
			pg[np].n = n - k < per ? n - k : per;
			pg[np].rows = xcalloc(pg[np].n, sizeof(size_t));
			memcpy(pg[np].rows, rows + k, pg[np].n * sizeof(size_t));
			pg[np].part = np - first + 1;
			np++;
		}
		for (k = first; k < np; k++)
			pg[k].nparts = np - first;
	}
	free(rows);
	*out = pg;
	return np;
}

static void
plot_pages_free(struct plot_page *pg, size_t np)
{
	size_t i;

	for (i = 0; i < np; i++)
		free(pg[i].rows);
	free(pg);
}

/*
 * The gnuplot script for pages [from, to): one plot each (a PDF gets one
 * page per plot).  Bars are boxes from the axis base (0, or 1 with --log)
 * to the ratio, one colour per column; a cell within the noise is the
 * same colour hatched and titled "~"; the 95 % interval is an error bar.
 * plot_file names the chart (its extension picks the terminal); plot_log:
 * a logarithmic ratio axis, bars from 1 up or down.
 */
/* What a page's axis must hold: the intervals' and the bars' ends. */
struct plot_range {
	double lo, hi;		/* the intervals' */
	double vlo, vhi;	/* the bars' */
	int anynoise;		/* a bar within the noise is drawn */
};

/* One cell's data: its ratio, solid or hatched, and its interval. */
static void
plot_cell(struct strbuf *sb, const struct cmp_cell *cell, int plot_log,
    struct plot_range *r)
{
	double v = cell->speedup;
	int noise = cell->mark == CMP_NOISE;

	if (!isnan(v) && v > r->vhi)
		r->vhi = v;
	if (!isnan(v) && v < r->vlo)
		r->vlo = v;
	r->anynoise |= noise && !isnan(v);
	if (isnan(v) || (plot_log && !(v > 0)))
		strbuf_addf(sb, " NaN NaN");
	else if (noise)
		strbuf_addf(sb, " NaN %.6g", v);
	else
		strbuf_addf(sb, " %.6g NaN", v);
	/* the 95 % interval: an error bar */
	if (isnan(v) || isnan(cell->lo) || (plot_log && !(cell->lo > 0))) {
		strbuf_addf(sb, " NaN NaN NaN");
		return;
	}
	strbuf_addf(sb, " %.6g %.6g %.6g", v, cell->lo, cell->hi);
	if (cell->hi > r->hi)
		r->hi = cell->hi;
	if (cell->lo < r->lo)
		r->lo = cell->lo;
}

/*
 * One page of the chart: its data block $pP (each column's ratio, solid
 * or hatched, and its interval), its title and ranges, and its plot.
 */
static void
plot_page_script(struct strbuf *sb, const struct cmp_inputs *cs,
    const struct cmp_table *t, const struct plot_page *pp, size_t p,
    double bw, int plot_log)
{
	struct plot_range r = { 1, 1, 1, 1, 0 };
	double lo, hi;
	size_t i, c, k;
	char buf[256];
	strbuf_addf(sb, "$p%zu << EOD\n\"i\" \"case\"", p);
	for (c = 0; c < cs->n; c++) {
		if (c == t->base)
			continue;
		/* the column's name reaches the key as data (the
		 * header line), never through the evaluator */
		strbuf_addf(sb, " \"");
		gp_data(sb, cs->v[c].name);
		strbuf_addf(sb, "\" \"~\" \"r\" \"lo\" \"hi\"");
	}
	strbuf_addf(sb, "\n");
	for (k = 0; k < pp->n; k++) {
		i = pp->rows[k];
		strbuf_addf(sb, "%zu \"", k);
		plot_label(t, i, buf, sizeof(buf));
		gp_data(sb, buf);
		strbuf_addf(sb, "\"");
		for (c = 0; c < cs->n; c++)
			if (c != t->base)
				plot_cell(sb, &t->rows[i].cells[c], plot_log,
				    &r);
		strbuf_addf(sb, "\n");
	}
	/* an interval's end stretches the axis at most to twice the
	 * bars (half of them on a log axis): gnuplot clips the rest */
	hi = r.hi > 2 * r.vhi ? 2 * r.vhi : r.hi > r.vhi ? r.hi : r.vhi;
	lo = r.lo < r.vlo / 2 ? r.vlo / 2 : r.lo < r.vlo ? r.lo : r.vlo;
	strbuf_addf(sb, "EOD\nset title 'boardbench compare: ratio "
	    "to ");
	gp_single(sb, cs->v[t->base].name);
	strbuf_addf(sb, ", group ");
	gp_single(sb, pp->group[0] ? pp->group : "-");
	if (pp->nparts > 1)
		strbuf_addf(sb, " (part %zu of %zu)", pp->part,
		    pp->nparts);
	strbuf_addf(sb, "'\nset xrange [-0.6:%zu.6]\n", pp->n - 1);
	if (plot_log)
		strbuf_addf(sb, "set yrange [%.6g:%.6g]\n",
		    lo > 0 ? lo / 1.25 : 0.1, hi * 1.25);
	else
		strbuf_addf(sb, "set yrange [0:%.6g]\n", hi * 1.1);
	strbuf_addf(sb, "plot $p%zu using 1:(NaN):xtic(2) notitle",
	    p);
	for (c = 0, k = 0; c < cs->n; c++) {
		double off;

		if (c == t->base)
			continue;
		off = -0.4 + bw * ((double)k + 0.5);
		strbuf_addf(sb, ", $p%zu using ($1%+.4f):%zu:($1%+.4f)"
		    ":($1%+.4f):(%s):%zu with boxxyerror fs solid 0.85 "
		    "lc %zu title columnhead(%zu)", p, off, 3 + 5 * k,
		    off - bw / 2 * 0.9, off + bw / 2 * 0.9,
		    plot_log ? "1" : "0", 3 + 5 * k, k + 1, 3 + 5 * k);
		strbuf_addf(sb, ", $p%zu using ($1%+.4f):%zu:($1%+.4f)"
		    ":($1%+.4f):(%s):%zu with boxxyerror fs pattern 4 "
		    "lc %zu notitle", p, off, 4 + 5 * k,
		    off - bw / 2 * 0.9, off + bw / 2 * 0.9,
		    plot_log ? "1" : "0", 4 + 5 * k, k + 1);
		strbuf_addf(sb, ", $p%zu using ($1%+.4f):%zu:%zu:%zu "
		    "with yerrorbars pt 0 lw 1.5 lc rgb '#222222' "
		    "notitle", p, off, 5 + 5 * k, 6 + 5 * k, 7 + 5 * k);
		k++;
	}
	/* the legend names only the marks drawn */
	if (r.anynoise)
		strbuf_addf(sb, ", NaN title '~ hatched: within the "
		    "noise' with boxes fs pattern 4 lc rgb '#555555'");
	strbuf_addf(sb, ", NaN title 'bar: 95 %% interval' with lines "
	    "lw 1.5 lc rgb '#222222'\n");
}

static char *
plot_script(const struct cmp_inputs *cs, const struct cmp_table *t,
    const struct plot_page *pg, size_t from, size_t to,
    const char *plot_file, int plot_log)
{
	struct strbuf sb;
	size_t k, p, maxn = 1, nb = cs->n - 1, first = 0, widest = 0, w;
	int width, height, lmargin, bmargin;
	double bw;
	char buf[256], tbuf[64];

	for (p = from; p < to; p++) {
		if (pg[p].n > maxn)
			maxn = pg[p].n;
		for (k = 0; k < pg[p].n; k++) {
			plot_label(t, pg[p].rows[k], buf, sizeof(buf));
			w = text_chars(buf);
			widest = w > widest ? w : widest;
			first = k == 0 && w > first ? w : first;
		}
	}
	/*
	 * A label turned by 30 degrees ends under its bar: the first reaches
	 * left of the plot by cos 30 of its length, the longest down by
	 * sin 30 of it.  gnuplot's margins count its character cells (about
	 * 1.4 glyphs wide, 2.4 high at 11 points): they hold the labels
	 * whole, and the chart grows by what they take.
	 */
	lmargin = (int)(0.65 * (double)first) + 3;
	if (lmargin < 10)
		lmargin = 10;
	bmargin = (int)(0.22 * (double)widest) + 4;
	if (bmargin < 10)
		bmargin = 10;
	width = 160 + (int)maxn * (int)(nb * 22 + 30) + 7 * (lmargin - 10);
	if (width < 640)
		width = 640;
	height = 520 + 17 * (bmargin - 10);
	bw = 0.8 / (double)nb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "set terminal %s noenhanced font 'sans,11' "
	    "background rgb 'white'\n", fmt_compare_plot_terminal(plot_file, width,
	    height, tbuf, sizeof(tbuf)));
	strbuf_addf(&sb, "set key outside top center horizontal "
	    "autotitle columnheader\n"
	    "set xtics rotate by 30 right scale 0 nomirror\n"
	    "set lmargin %d\nset rmargin 4\nset bmargin %d\nset grid ytics\n"
	    "set ylabel 'ratio to the baseline (above 1 is better)'\n"
	    "set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead "
	    "dt 2 lc rgb '#333333' front\n", lmargin, bmargin);
	if (plot_log)
		strbuf_addf(&sb, "set logscale y 2\nset format y '%%g'\n");
	for (p = from; p < to; p++)
		plot_page_script(&sb, cs, t, &pg[p], p, bw, plot_log);
	return strbuf_detach(&sb);
}

/*
 * run_gnuplot: prog through spawn, the script on its stdin, its stdout
 * into fd, its messages captured (its warnings are not ours to show), at
 * most PLOT_LIMIT seconds.  0 on success; -1 with *err set to errno when
 * prog could not be started, -2 when it failed (why: its first message,
 * its exit status or the time limit), -3 when it was interrupted.
 */
#define PLOT_LIMIT	120

static int
run_gnuplot(const char *prog, const char *script, int fd, int *err,
    char *why, size_t len)
{
	char *argv[2], *nl;
	struct spawn sp;
	int rc;

	argv[0] = (char *)prog;
	argv[1] = NULL;
	spawn_init(&sp);
	sp.input = script;
	sp.input_len = strlen(script);
	sp.out_fd = fd;
	sp.capture_err = 1;
	sp.err_cap = 64 * 1024;
	sp.limit = PLOT_LIMIT;
	rc = spawn_run(&sp, argv);
	*err = sp.error;
	why[0] = '\0';
	if (rc != SPAWN_OK && rc != SPAWN_NOEXEC && rc != SPAWN_INTERRUPTED)
		spawn_strerror(&sp, rc, why, len);
	if (rc == SPAWN_OK && (sp.input_done < sp.input_len ||
	    !WIFEXITED(sp.status) || WEXITSTATUS(sp.status) != 0)) {
		rc = -2;
		/* its last line says what went wrong (the first may be a
		 * warning) */
		while (sp.err.len > 0 && sp.err.buf[sp.err.len - 1] == '\n')
			sp.err.buf[--sp.err.len] = '\0';
		nl = sp.err.len > 0 ? strrchr(sp.err.buf, '\n') : NULL;
		if (sp.err.len > 0)
			bufprintf(why, len, "%s", nl != NULL ? nl + 1 :
			    sp.err.buf);
		else if (WIFEXITED(sp.status))
			bufprintf(why, len, "exit status %d",
			    WEXITSTATUS(sp.status));
		else
			bufprintf(why, len, "killed by signal %d",
			    WTERMSIG(sp.status));
	}
	spawn_release(&sp);
	return rc == SPAWN_OK ? 0 : rc == SPAWN_NOEXEC ? -1 :
	    rc == SPAWN_INTERRUPTED ? -3 : -2;
}

/*
 * plot: draw the chart into path, through a temporary file next to it
 * that is renamed when gnuplot succeeded and removed otherwise (on SIGINT
 * too, after which the signal goes to the handler before ours: main()'s
 * exits 130).  0, or with one
 * error line -1 (gnuplot cannot be run) or -2 (it failed, or the write).
 */
static int
plot_one(const char *path, const char *script)
{
	const char *env = getenv("BOARDBENCH_GNUPLOT");
	const char *progs[2];
	struct sigaction sa, old[3];
	static const int sigs[3] = { SIGINT, SIGTERM, SIGHUP };
	struct stat sb;
	size_t np = 0, i;
	int fd, rc = -1, err = 0, r = -1;
	char why[160];
	mode_t mask = umask(0);

	umask(mask);	/* mkstemp makes 0600; the chart gets the usual mode */

	if (env != NULL && env[0] != '\0') {
		progs[np++] = env;
	} else {
		progs[np++] = GNUPLOT_PATH;
		if (strcmp(GNUPLOT_PATH, "gnuplot") != 0)
			progs[np++] = "gnuplot";
	}
	if (bufprintf(plot_tmp, sizeof(plot_tmp), "%s.tmpXXXXXX", path),
	    strlen(path) + 10 >= sizeof(plot_tmp)) {
		plot_tmp[0] = '\0';
		return error("--plot: file name '%s' is too long", path);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = plot_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, &old[i]);
	fd = mkostemp(plot_tmp, O_CLOEXEC);
	if (fd < 0) {
		error("cannot write plot '%s': %m", path);
		plot_tmp[0] = '\0';
		goto out;
	}
	for (i = 0; i < np; i++) {
		r = run_gnuplot(progs[i], script, fd, &err, why,
		    sizeof(why));
		if (r != -1 || err != ENOENT)
			break;
	}
	if (r == -3 || plot_sig != 0)
		;	/* interrupted: removed below, then the signal */
	else if (r == -1)
		error("cannot run gnuplot '%s' for --plot: %s (install "
		    "gnuplot-nox, or name it in BOARDBENCH_GNUPLOT)",
		    progs[i < np ? i : np - 1], strerror(err));
	else if (r == -2)
		error("gnuplot failed to draw '%s': %s", path, why);
	else if (fstat(fd, &sb) != 0 || sb.st_size == 0)
		error("gnuplot wrote nothing for '%s'", path);
	else if (fchmod(fd, 0666 & ~mask) != 0 || close(fd) != 0 ||
	    (fd = -1, rename(plot_tmp, path) != 0))
		error("cannot write plot '%s': %m", path);
	else {
		plot_tmp[0] = '\0';
		rc = 0;
	}
	/* not a bad input: gnuplot or the write failed */
	if (rc != 0 && r != -1)
		rc = -2;
	if (fd >= 0)
		close(fd);
	if (plot_tmp[0] != '\0')
		unlink(plot_tmp);
	plot_tmp[0] = '\0';
out:
	for (i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &old[i], NULL);
	if (plot_sig != 0) {
		/* to the handler before ours: main()'s exits 130 */
		raise(plot_sig);
	}
	return rc;
}

/*
 * plot: the chart, one page per benchmark group (or part of one): a PDF
 * holds every page; an SVG or PNG file holds the first and FILE-2.svg,
 * FILE-3.svg ... the others (named on stderr).  On a failure the pages
 * already written are removed.  0, or -1 or -2 (as plot_one) with one
 * error line.  plot_log: a logarithmic ratio axis.
 */
static int
plot(const char *path, const struct cmp_inputs *cs, const struct cmp_table *t,
    int plot_log)
{
	struct plot_page *pg;
	size_t np = plot_pages(t, &pg), k, j;
	const char *dot = strrchr(path, '.');
	char **paths;
	char *script;
	int rc = 0;

	if (np == 0) {
		plot_pages_free(pg, np);
		return error("--plot: no case has a ratio to draw");
	}
	if (strcasecmp(dot, ".pdf") == 0 || np == 1) {
		script = plot_script(cs, t, pg, 0, np, path, plot_log);
		rc = plot_one(path, script);
		free(script);
		plot_pages_free(pg, np);
		return rc;
	}
	paths = xcalloc(np, sizeof(*paths));
	for (k = 0; k < np && rc == 0; k++) {
		paths[k] = k == 0 ? xstrdup(path) : xasprintf("%.*s-%zu%s",
		    (int)(dot - path), path, k + 1, dot);
		script = plot_script(cs, t, pg, k, k + 1, path,
		    plot_log);
		rc = plot_one(paths[k], script);
		free(script);
		if (rc != 0)
			for (j = 0; j < k; j++)
				unlink(paths[j]);
	}
	if (rc == 0) {
		fprintf(stderr, "%s: --plot: %zu charts, one per benchmark "
		    "group or part of one:", progname, np);
		for (k = 0; k < np; k++)
			fprintf(stderr, " %s", paths[k]);
		fputc('\n', stderr);
	}
	for (k = 0; k < np; k++)
		free(paths[k]);
	free(paths);
	plot_pages_free(pg, np);
	return rc;
}


int
fmt_compare_plot(const char *path, const struct comparison *cmp, int log)
{
	return plot(path, cmp->in, cmp->t, log);
}
