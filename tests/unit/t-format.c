/*
 * t-format.c - the output formats: CSV/TSV column counts and quoting,
 * numbers with '.' whatever the locale, JSON schema, text scaling.
 */
#include "config.h"

#include <jansson.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "fmt.h"
#include "headline.h"
#include "runinfo.h"
#include "sysinfo-show.h"
#include "tap.h"
#include "util.h"

static void
fill(struct run_info *ri, struct result *r, double *samples)
{
	memset(ri, 0, sizeof(*ri));
	ri->id = 7;
	strcpy(ri->uuid, "00000000-0000-0000-0000-000000000007");
	strcpy(ri->started, "2026-11-30T10:00:00Z");
	strcpy(ri->status, "complete");
	strcpy(ri->tag, "gcc-O2, \"hard\"");
	strcpy(ri->profile, "quick");
	run_info_identity(ri, json_loads("{\"cc_version\":\"gcc (Debian) "
	    "12.2.0\",\"opt_level\":\"-O2\"}", 0, NULL),
	    json_loads("{\"board\":\"test board\"}", 0, NULL));
	memset(r, 0, sizeof(*r));
	strcpy(r->bench, "linpack");
	strcpy(r->group, "cpu");
	strcpy(r->case_name, "double-rolled");
	strcpy(r->unit, "flop/s");
	strcpy(r->params, "n=200,precision=double,single");
	r->better = 1;
	r->samples = samples;
	r->nsamples = 3;
	r->st.median = 1234567.5;
	r->st.mean = 1234000.25;
	r->st.n = 3;
	r->cycles = r->instructions = NAN;
	r->copies = 1;
}

/* Count the fields of one CSV line, honouring quotes. */
static int
csv_fields(const char *line, char sep)
{
	int n = 1, q = 0;

	for (; *line && *line != '\n'; line++) {
		if (*line == '"')
			q = !q;
		else if (*line == sep && !q)
			n++;
	}
	return n;
}

/*
 * The units people quote, by the unit and the benchmark's quotes; base
 * units stay in CSV/TSV/JSON.
 */
static void
check_quote(void)
{
	static const struct {
		double v;
		const char *bench, *unit, *num, *u;
	} q[] = {
		{ 1234.5e6, "linpack", "flop/s", "1234.5", "MFLOPS" },
		{ 123.45e9, "linpack", "flop/s", "123.5", "GFLOPS" },
		{ 4311.9e6, "whetstone", "WI/s", "4311.9", "MWIPS" },
		{ 39503847.8, "dhrystone", "dhry/s", "39503848", "Dhry/s" },
		{ 1.5e9, "hash", "B/s", "1500.0", "MB/s" },
		{ 2800.4, "pubkey", "op/s", "2800.4", "op/s" },
		{ 12345, "storage", "op/s", "12345.0", "IOPS" },
		{ 95.5e-9, "memlat", "s", "95.50", "ns" },
		{ 941.2e6, "iperf3", "bit/s", "941.2", "Mbit/s" },
		{ 9.41e9, "iperf3", "bit/s", "9.410", "Gbit/s" },
		{ 2, "iperf3", "segments", "2", "retrans" },
		{ 1027.4, "mp3", "s/s", "1027.4x", "realtime" },
		{ 65430, "fft", "transform/s", "65.43", "kFFT/s" },
	};
	char num[32], unit[24];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(q); i++) {
		fmt_quote(q[i].v, q[i].bench, NULL, q[i].unit, num,
		    sizeof(num), unit, sizeof(unit));
		ok(strcmp(num, q[i].num) == 0 && strcmp(unit, q[i].u) == 0,
		    "%s %s shows as %s %s (got %s %s)", q[i].bench, q[i].unit,
		    q[i].num, q[i].u, num, unit);
	}
}

/* Every line of the text view of long crypto names fits 80 columns. */
static void
check_width(const struct run_info *ri, const struct result *proto)
{
	static const char *const names[] = {
		"aes-128-cbc/openssl/encrypt/16384",
		"chacha20-poly1305/openssl/decrypt/16384",
		"aes-128-cbc/gcrypt/encrypt/8192",
	};
	struct result r = *proto, bad;
	char *buf, *line, *save, *flat;
	size_t len, i, cols, widest = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct fmt *f = fmt_new("text", fp);
	int aligned = 1;

	strcpy(r.bench, "cipher");
	strcpy(r.group, "crypto");
	strcpy(r.unit, "B/s");
	r.flags = RF_THROTTLED | RF_HOT | RF_BUSY | RF_NOISY;
	r.st.median = 123456.7e6;
	r.st.cv = 0.123;
	r.st.n = 999;
	result_add_extra(&r, "mon.samples", 4);
	result_add_extra(&r, "mon.temp_max_c", 71.5);
	result_add_extra(&r, "mon.mhz_min", 600);
	result_add_extra(&r, "mon.mhz_max", 1800);
	result_add_extra(&r, "mon.throttle_bits", 0x50005);
	f->width = 80;
	for (i = 0; i < ARRAY_SIZE(names); i++)
		fmt_size_name(f, r.bench, names[i], 1);
	fmt_begin(f, ri);
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		strcpy(r.case_name, names[i]);
		fmt_result(f, &r);
	}
	bad = r;
	bad.extra = NULL;
	bad.nextra = 0;
	bad.status = ST_SKIPPED;
	strcpy(bad.reason, "CPU clock unknown (no cpufreq and not measured): "
	    "run 'boardbench info --measure-clock' first (kept until "
	    "reboot)");
	fmt_result(f, &bad);
	fmt_end(f, ri);
	fmt_free(f);
	fclose(fp);
	/* the monitor's line, its wrapped lines joined */
	flat = xcalloc(len + 1, 1);
	for (i = 0, cols = 0; i < len; i++) {
		if (buf[i] == '\n') {
			flat[cols++] = ' ';
			while (buf[i + 1] == ' ')
				i++;
		} else {
			flat[cols++] = buf[i];
		}
	}
	ok(strstr(flat, "== monitor: highest 71.5 C, clock 600-1800 MHz, "
	    "throttled in 3 rows (first aes-128-cbc/openssl/encrypt/16384), "
	    "under-voltage in 3 rows") != NULL,
	    "the monitor's line: hottest, clock range, throttling, "
	    "under-voltage");
	free(flat);
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		/* columns, not bytes: UTF-8 continuation bytes take none */
		for (cols = 0, i = 0; line[i] != '\0'; i++)
			cols += ((unsigned char)line[i] & 0xc0) != 0x80;
		if (cols > widest)
			widest = cols;
		if (strncmp(line, "cipher ", 7) == 0 &&
		    strstr(line, "aes-128-cbc/openssl/encrypt/16384") &&
		    strstr(line, " THBN") == NULL)
			aligned = 0;
	}
	ok(widest <= 80, "every text line fits 80 columns (widest %zu)",
	    widest);
	ok(aligned, "a long crypto row keeps its figures and flag letters");
	free(buf);
	free(r.extra);
}

/* The text view of rows[0..n) of run ri (free it). */
static char *
text_of(const struct run_info *ri, const struct result *rows, size_t n)
{
	char *buf;
	size_t len, i;
	FILE *fp = open_memstream(&buf, &len);
	struct fmt *f = fmt_new("text", fp);

	fmt_begin(f, ri);
	for (i = 0; i < n; i++)
		fmt_result(f, &rows[i]);
	fmt_end(f, ri);
	fmt_free(f);
	fclose(fp);
	return buf;
}

/*
 * The headline never shows fewer flags than the row it quotes, nor than
 * that row's case: Dhrystone's DMIPS of a preempted case says preempted,
 * also from a run stored before derived rows carried their case's flags.
 */
static void
check_headline_flags(const struct run_info *ri, const struct result *proto)
{
	struct result rows[2];
	struct headline_item it[HEADLINE_MAX];
	char *buf;
	size_t k;

	rows[0] = rows[1] = *proto;
	strcpy(rows[0].bench, "dhrystone");
	strcpy(rows[0].case_name, "v2.1");
	strcpy(rows[0].unit, "dhry/s");
	rows[0].flags = RF_BUSY | RF_NOISY | RF_PREEMPTED;
	rows[1] = rows[0];
	strcpy(rows[1].case_name, "v2.1/dmips");
	strcpy(rows[1].unit, "DMIPS");
	rows[1].flags = RF_BUSY | RF_NOISY;
	k = headline_pick(rows, 2, it, HEADLINE_MAX);
	ok(k == 1 && it[0].r == &rows[1] && it[0].flags == (RF_BUSY |
	    RF_NOISY | RF_PREEMPTED), "the DMIPS headline item has its "
	    "case's flags too (%#x)", k ? it[0].flags : 0);
	buf = text_of(ri, rows, 2);
	ok(strstr(buf, "Dhrystone 2.1") != NULL && strstr(buf,
	    " BNP\n== flags: B busy, N noisy, P preempted\n") != NULL,
	    "the text headline says BNP, its legend below");
	free(buf);
}

/*
 * The two Whetstone programs by their own names (issue 27): the classic
 * C conversion's row in MIPS, as it prints its figure, Longbottom's in
 * MWIPS; in the table and in the headline, each with a label naming it.
 */
static void
check_whetstone_names(const struct run_info *ri, const struct result *proto)
{
	struct result rows[2];
	struct headline_item it[HEADLINE_MAX];
	char num[32], unit[24], *buf;
	size_t k;

	rows[0] = *proto;
	strcpy(rows[0].bench, "whetstone");
	strcpy(rows[0].case_name, "classic-double");
	strcpy(rows[0].unit, "WI/s");
	rows[0].st.median = 3557.9e6;
	rows[1] = rows[0];
	strcpy(rows[1].case_name, "mwips-double");
	rows[1].st.median = 2671.7e6;
	fmt_quote_row(&rows[0], rows[0].st.median, num, sizeof(num), unit,
	    sizeof(unit));
	ok(strcmp(num, "3557.9") == 0 && strcmp(unit, "MIPS") == 0,
	    "classic-double in MIPS (got %s %s)", num, unit);
	fmt_quote_row(&rows[1], rows[1].st.median, num, sizeof(num), unit,
	    sizeof(unit));
	ok(strcmp(num, "2671.7") == 0 && strcmp(unit, "MWIPS") == 0,
	    "mwips-double in MWIPS (got %s %s)", num, unit);
	k = headline_pick(rows, 2, it, HEADLINE_MAX);
	ok(k == 2 && strcmp(it[0].label, "Whetstone classic (C-converted)") ==
	    0 && strcmp(it[1].label, "Whetstone MWIPS (Longbottom)") == 0,
	    "the headline names both programs");
	buf = text_of(ri, rows, 2);
	ok(strstr(buf, "Whetstone classic (C-converted)     3557.9 MIPS") !=
	    NULL && strstr(buf, "Whetstone MWIPS (Longbottom)        2671.7 "
	    "MWIPS") != NULL, "the text headline: each figure in its "
	    "program's unit");
	if (!ok(strstr(buf, " 3557.9 MIPS ") != NULL && strstr(buf,
	    " 2671.7 MWIPS ") != NULL, "the table: the same"))
		diag("%s", buf);
	free(buf);
}

/*
 * The parameter line shows the value a kernel used for one given as
 * "auto" (issue 27: lda=0 beside a classic block saying lda=200), from
 * the benchmark's first row that names one.
 */
static void
check_params_used(const struct run_info *ri, const struct result *proto)
{
	struct result rows[2];
	char used[256], *buf;

	memset(rows, 0, sizeof(rows));
	rows[0] = *proto;
	rows[0].extra = NULL;
	rows[0].nextra = 0;
	strcpy(rows[0].bench, "linpack");
	strcpy(rows[0].params, "n=100,lda=0,precision=double,single");
	rows[1] = rows[0];
	rows[0].status = ST_FAILED;	/* failed before it said */
	strcpy(rows[0].reason, "out of memory");
	result_add_extra(&rows[1], "param:lda", 200);
	result_params_used(&rows[1], used, sizeof(used));
	is_str(used, "n=100,lda=200,precision=double,single",
	    "the parameters as used: lda=200");
	result_params_used(&rows[0], used, sizeof(used));
	is_str(used, "n=100,lda=0,precision=double,single",
	    "a row that names no value used: as given");
	buf = text_of(ri, rows, 2);
	if (!ok(strstr(buf, "== linpack parameters: n=100,lda=200,precision="
	    "double,single\n") != NULL, "the parameter line: lda=200"))
		diag("%s", buf);
	free(buf);
	free(rows[1].extra);	/* the rest is proto's */
}

/* A wrapped block (continuation lines indented 3) as one line. */
static void
unwrap(char *s)
{
	char *w = s;

	while (*s != '\0') {
		if (s[0] == '\n' && strncmp(s + 1, "   ", 3) == 0) {
			*w++ = ' ';
			s += 4;
		} else {
			*w++ = *s++;
		}
	}
	*w = '\0';
}

/* The header's line on the run's CPU: which one, the slower ones. */
static void
check_run_cpu_line(void)
{
	struct si_run r;
	char line[400];

	memset(&r, 0, sizeof(r));
	r.noise_pct = 2;
	r.run_cpu = -1;
	ok(sysinfo_run_cpu_line(&r, line, sizeof(line))[0] == '\0',
	    "run CPU line: none chosen, no line");
	r.noise_ncpus = 3;
	r.noise_cpu[0] = 0;
	r.noise_rate[0] = 65;
	r.noise_cpu[1] = 1;
	r.noise_rate[1] = 100;
	r.noise_cpu[2] = 2;
	r.noise_rate[2] = 97;
	r.run_cpu = 2;
	is_str(sysinfo_run_cpu_line(&r, line, sizeof(line)), "== CPU kernels "
	    "ran on CPU 2, the fastest at the start (CPU 0 at 0.65 of its "
	    "pace); --cpu to choose", "run CPU line: the CPUs over 5 %% "
	    "slower, by their pace");
	r.noise_rate[0] = 99;
	is_str(sysinfo_run_cpu_line(&r, line, sizeof(line)), "== CPU kernels "
	    "ran on CPU 2 (the CPUs within 5 % of each other's pace at the "
	    "start); --cpu to choose", "... none slower: said so");
}

/*
 * Flagged rows: one block after the legend says what each letter rests
 * on, in the flagged rows' own numbers (issue 39), from the least to the
 * largest; a flag whose rows lack the number is left out.
 */
static void
check_why(const struct run_info *ri, const struct result *proto)
{
	struct result rows[4];
	double forty[40];
	char *buf;
	size_t i;

	memset(rows, 0, sizeof(rows));
	for (i = 0; i < 40; i++)
		forty[i] = 1.0;
	for (i = 0; i < 4; i++) {
		rows[i] = *proto;
		rows[i].extra = NULL;
		rows[i].nextra = 0;
		rows[i].status = ST_OK;
	}
	/* in processes (cv:samples): noisy by their spread */
	rows[0].flags = RF_NOISY | RF_DRIFTED;
	result_add_extra(&rows[0], "cv:within", 0.075);
	result_add_extra(&rows[0], "cv:samples", 0.02);
	result_add_extra(&rows[0], "mon.pace", 0.62);
	rows[1].flags = RF_NOISY | RF_BUSY | RF_PREEMPTED;
	rows[1].samples = forty;	/* the count must have its samples */
	rows[1].nsamples = 40;
	result_add_extra(&rows[1], "preempted", 12);
	result_add_extra(&rows[1], "cv:within", 0.31);
	result_add_extra(&rows[1], "cv:samples", 0.5);
	result_add_extra(&rows[1], "mon.busy_cores", 1.4);
	result_add_extra(&rows[1], "mon.cpus_spare", 1);	/* 0.4 over */
	result_add_extra(&rows[1], "mon.pace", 0.99);	/* not drifted */
	/* no layout:spread: L left out; noisy in one process: its
	 * samples' robust spread, not the CV column */
	rows[2].flags = RF_LAYOUT | RF_NOISY;
	rows[2].st.cv = 0.03;
	result_add_extra(&rows[2], "cv:within", 0.087);
	/* a row stored before samples had cv:within: the CV column */
	rows[3].flags = RF_NOISY;
	rows[3].st.cv = 0.12;
	buf = text_of(ri, rows, 4);
	unwrap(buf);
	if (!ok(strstr(buf, "== why flagged: N on 2 rows: processes spread "
	    "7.5 to 31 % (over 5 %); N on 2 rows: samples spread 8.7 to 12 % "
	    "(over 5 %); D on 1 row: pace 0.62 of the run's "
	    "start; B on 1 row: 0.4 cores of other work beyond the CPUs they left "
	    "spare; P on "
	    "1 row: 30 % of their samples under 0.9 CPU/wall\n")
	    != NULL, "why flagged: each letter's own numbers, over its rows "
	    "only"))
		diag("%s", buf);
	free(buf);
	for (i = 0; i < 4; i++)
		free(rows[i].extra);
	rows[0] = *proto;
	rows[0].flags = 0;
	rows[0].status = ST_OK;
	buf = text_of(ri, rows, 1);
	ok(strstr(buf, "why flagged") == NULL, "no flags: no why line");
	free(buf);
}

/*
 * The CV column stays where it is beside the long units shown (FFTs per
 * second, MFLOPS/MHz, cycle/block), and beside a longer one (from an
 * imported run) the N column does.
 */
static void
check_unit_column(const struct run_info *ri, const struct result *proto)
{
	static const char *const units[] = { "transform/s", "flop/s",
	    "flop/s/MHz", "cycle/block", "long-unit/s" };
	struct result r = *proto;
	char *buf, *line, *save;
	size_t len, i;
	FILE *fp = open_memstream(&buf, &len);
	struct fmt *f = fmt_new("text", fp);
	long cv_at = -1, n_at = -1, at;
	int same_cv = 1, same_n = 1, rows = 0;

	strcpy(r.bench, "fft");
	r.st.median = 56450;
	r.st.cv = 0.45;
	r.st.n = 10;
	f->width = 80;
	fmt_begin(f, ri);
	for (i = 0; i < ARRAY_SIZE(units); i++) {
		snprintf(r.case_name, sizeof(r.case_name), "case-%zu", i);
		strcpy(r.unit, units[i]);
		fmt_result(f, &r);
	}
	fmt_end(f, ri);
	fmt_free(f);
	fclose(fp);
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "fft ", 4) != 0 || strstr(line, " 45.0 ")
		    == NULL)
			continue;
		rows++;
		at = (long)(strstr(line, " 10 ") - line);
		if (n_at >= 0 && at != n_at)
			same_n = 0;
		n_at = at;
		if (strstr(line, "long-unit/s") != NULL)
			continue;
		at = (long)(strstr(line, " 45.0 ") - line);
		if (cv_at >= 0 && at != cv_at)
			same_cv = 0;
		cv_at = at;
	}
	ok(rows == 5 && same_cv, "a long unit (cycle/block) does not move "
	    "the CV column");
	ok(rows == 5 && same_n, "nor, longer still, the N column");
	free(buf);
}

/* fmt_wrap: lines break before a space or after a comma, not in words. */
static void
check_wrap(void)
{
	static const struct {
		const char *text, *want;
		int col;
	} w[] = {
		/* the footers of issue 27: never "encryp" / "t,decrypt" */
		{ "== cipher parameters: algorithms=aes-128-cbc,chacha20-poly1305,"
		  "sizes=16,64,256,1024,8192,16384,directions=encrypt,decrypt",
		  "== cipher parameters: algorithms=aes-128-cbc,chacha20-poly1305,"
		  "\n   sizes=16,64,256,1024,8192,16384,directions=encrypt,decrypt"
		  "\n", 0 },
		{ "== iperf3 parameters: time=1,parallel=1,server=,"
		  "iperf3=/usr/bin/iperf3,udp=no",
		  "== iperf3 parameters: time=1,parallel=1,server=,\n"
		  "   iperf3=/usr/bin/iperf3,udp=no\n", 0 },
		/* a long path: after a '/' */
		{ "/sys/devices/system/cpu/cpufreq/policy0/scaling_governor: empty",
		  "/sys/devices/system/cpu/cpufreq/\n"
		  "   policy0/scaling_governor: empty\n", 0 },
		/* beside a column that leaves no room: on the next line */
		{ "gcc-12.2.0-O2", "\n      gcc-12.2.0-O2\n", 70 },
	};
	char *buf;
	size_t len, i;
	FILE *fp;

	for (i = 0; i < ARRAY_SIZE(w); i++) {
		fp = open_memstream(&buf, &len);
		fmt_wrap(fp, i == 2 ? 35 : i == 3 ? 80 : 70, w[i].text,
		    w[i].col, i == 3 ? 6 : 3);
		fclose(fp);
		ok(strcmp(buf, w[i].want) == 0, "wrap %zu: at spaces, commas, "
		    "slashes (got '%s')", i, buf);
		free(buf);
	}
}

static const char *const comma_locales[] = {
	"de_DE.UTF-8", "de_DE.utf8", "de_DE", "fr_FR.UTF-8", "fr_FR.utf8",
	"nl_NL.UTF-8", "es_ES.UTF-8", "it_IT.UTF-8", "ru_RU.UTF-8"
};

int
main(void)
{
	size_t i;
	int comma;
	double samples[] = { 1.0, 2.0, 3.0 };
	struct run_info ri;
	struct result r, bad;
	char *buf, *line2, num[32], unit[24];
	size_t len;
	FILE *fp;
	struct fmt *f;
	json_t *doc, *run, *res;
	json_error_t jerr;
	int hdr;

	/*
	 * A locale whose decimal point is ',' (when one is installed), so
	 * that the checks below show the output ignores it.
	 */
	comma = 0;
	for (i = 0; i < ARRAY_SIZE(comma_locales) && !comma; i++)
		comma = setlocale(LC_ALL, comma_locales[i]) != NULL &&
		    strcmp(localeconv()->decimal_point, ",") == 0;
	if (comma)
		diag("the checks below run in locale %s, which has ',' "
		    "decimals", comma_locales[i - 1]);
	else {
		setlocale(LC_ALL, "C");
		diag("no locale with ',' decimals installed (de_DE, fr_FR, "
		    "...): the checks below run in C only");
	}
	fill(&ri, &r, samples);
	bad = r;
	bad.status = ST_BADRESULT;
	bad.samples = NULL;
	bad.nsamples = 0;
	strcpy(bad.reason, "residual too large");

	fp = open_memstream(&buf, &len);
	f = fmt_new("csv", fp);
	fmt_begin(f, &ri);
	fmt_result(f, &r);
	fmt_result(f, &bad);
	fmt_end(f, &ri);
	fmt_free(f);
	fclose(fp);
	hdr = csv_fields(buf, ',');
	is_int(hdr, 24, "CSV header has 24 columns");
	line2 = strchr(buf, '\n') + 1;
	is_int(csv_fields(line2, ','), hdr, "CSV data row has as many");
	is_int(csv_fields(strchr(line2, '\n') + 1, ','), hdr,
	    "CSV BADRESULT row has as many");
	ok(strstr(buf, "\"gcc-O2, \"\"hard\"\"\"") != NULL,
	    "RFC 4180 quoting of commas and quotes");
	ok(strstr(buf, "1234567.5") != NULL, "'.' decimals, base units");
	ok(strstr(buf, "BADRESULT,,flop/s") != NULL,
	    "a BADRESULT row shows no value");
	free(buf);

	fp = open_memstream(&buf, &len);
	f = fmt_new("tsv", fp);
	fmt_begin(f, &ri);
	fmt_result(f, &r);
	fmt_end(f, &ri);
	fmt_free(f);
	fclose(fp);
	is_int(csv_fields(buf, '\t'), 24, "TSV header has 24 columns");
	is_int(csv_fields(strchr(buf, '\n') + 1, '\t'), 24, "TSV row too");
	free(buf);

	fp = open_memstream(&buf, &len);
	f = fmt_new("json", fp);
	fmt_begin(f, &ri);
	fmt_result(f, &r);
	fmt_end(f, &ri);
	fmt_free(f);
	fclose(fp);
	doc = json_loads(buf, 0, &jerr);
	ok(doc != NULL, "JSON output parses");
	is_int(json_integer_value(json_object_get(doc, "schema_version")),
	    EXPORT_SCHEMA_VERSION, "schema_version");
	is_str(json_string_value(json_object_get(doc, "tool")), "boardbench",
	    "tool");
	run = json_array_get(json_object_get(doc, "runs"), 0);
	ok(json_is_object(json_object_get(run, "build")),
	    "the run carries its build identity");
	res = json_array_get(json_object_get(run, "results"), 0);
	is_int((long long)json_array_size(json_object_get(res, "samples")), 3,
	    "raw samples are kept");
	json_decref(doc);
	free(buf);

	fp = open_memstream(&buf, &len);
	f = fmt_new("text", fp);
	fmt_begin(f, &ri);
	fmt_result(f, &r);
	fmt_result(f, &bad);
	fmt_end(f, &ri);
	fmt_free(f);
	fclose(fp);
	ok(strstr(buf, "BENCH") && strstr(buf, "CASE") && strstr(buf, "VALUE")
	    && strstr(buf, "UNIT") && strstr(buf, "±CV%") &&
	    strstr(buf, "FLAG"), "text header has the columns");
	ok(strstr(buf, "1.235") != NULL && strstr(buf, "MFLOPS") != NULL,
	    "text quotes Linpack as people do: 1.235 MFLOPS");
	ok(strstr(buf, "== headline") != NULL &&
	    strstr(buf, "Linpack double rolled") != NULL,
	    "the headline names Linpack double rolled");
	ok(strstr(buf, "BADRESULT") && strstr(buf, "residual too large"),
	    "text names a bad result and why");
	ok(strstr(buf, "gcc 12.2.0 -O2") != NULL,
	    "the header names the build flag set");
	free(buf);

	ok(fmt_new("xml", stdout) == NULL, "unknown format refused");
	fmt_human(2.5e-9, "s", num, sizeof(num), unit, sizeof(unit));
	ok(strcmp(num, "2.500") == 0 && strcmp(unit, "ns") == 0,
	    "2.5e-9 s is 2.500 ns");
	fmt_human(1.5e9, "B/s", num, sizeof(num), unit, sizeof(unit));
	ok(strcmp(num, "1.500") == 0 && strcmp(unit, "GB/s") == 0,
	    "1.5e9 B/s is 1.500 GB/s");
	fmt_human(1.653e-9, "J/op", num, sizeof(num), unit, sizeof(unit));
	ok(strcmp(num, "1.653") == 0 && strcmp(unit, "nJ/op") == 0,
	    "1.653e-9 J/op is 1.653 nJ/op");
	fmt_human(0.25, "J", num, sizeof(num), unit, sizeof(unit));
	ok(strcmp(num, "250.0") == 0 && strcmp(unit, "mJ") == 0,
	    "0.25 J is 250.0 mJ");
	check_quote();
	check_width(&ri, &r);
	check_headline_flags(&ri, &r);
	check_whetstone_names(&ri, &r);
	check_params_used(&ri, &r);
	check_why(&ri, &r);
	check_run_cpu_line();
	check_unit_column(&ri, &r);
	check_wrap();
	run_info_release(&ri);
	return done_testing();
}
