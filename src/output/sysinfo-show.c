/*
 * sysinfo-show.c - identity for people: the machine's one-line label and
 * `info`'s detail (every field of the serialised snapshot and build, as
 * "key value" lines).  It reads the structs and what sysinfo-json.c
 * makes of them; it never reads the machine itself.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "sysinfo-show.h"
#include "util.h"

void
sysinfo_label(const struct system_info *s, char *buf, size_t len)
{
	const char *cpu;
	char clock[32], cores[256];

	if (s == NULL) {
		strlcpy_bb(buf, "unknown machine", len);
		return;
	}
	cpu = s->cpu_model;
	if (!isnan(s->cpu_max_mhz))
		snprintf(clock, sizeof(clock), " @ %.0f MHz", s->cpu_max_mhz);
	else
		clock[0] = '\0';
	/* new snapshots say "4 x Cortex-A72"; old ones only the model */
	if (cpu != NULL && strstr(cpu, " x ") != NULL)
		snprintf(cores, sizeof(cores), "%s", cpu);
	else if (s->cpus_online <= 0)
		snprintf(cores, sizeof(cores), "%s CPUs", cpu ? cpu :
		    "unknown");
	else
		snprintf(cores, sizeof(cores), "%lld x %s", s->cpus_online,
		    cpu ? cpu : "unknown");
	snprintf(buf, len, "%s | %s%s | Linux %s%s%s%s%s%s", s->board ?
	    s->board : "unknown", cores, clock, s->kernel ? s->kernel :
	    "unknown", sysinfo_emulated(s) ? " | emulated by " : "",
	    sysinfo_emulated(s) ? s->emulator : "", sysinfo_in_vm(s) ?
	    " | vm " : "", sysinfo_in_vm(s) ? s->vm : "",
	    s->clock_unset != NULL ? " | clock unset: dates not real" : "");
}

/*
 * Print obj as "prefix.key: value" lines, nested with dots; arrays of
 * objects are numbered (clusters.0.cpus), other arrays printed inline.
 */
/*
 * One "key value" line, the values in one column (29): a value too long
 * for the width wraps under it, and a key too long for its column puts
 * its value on the next line, in that column.
 */
static void
kv_line(FILE *fp, int width, const char *name, const char *value)
{
	int col;

	if (strlen(name) > 28)
		col = fprintf(fp, "%s\n%29s", name, "") - (int)strlen(name) - 1;
	else
		col = fprintf(fp, "%-28s ", name);
	fmt_wrap(fp, width, value, col > 0 ? col : 0, 29);
}

void
print_kv(FILE *fp, int width, const char *prefix, const json_t *obj)
{
	const char *key;
	json_t *v, *e;
	char name[256], *txt, safe[FMT_SAFE(2048)];
	size_t i;

	json_object_foreach((json_t *)obj, key, v) {
		snprintf(name, sizeof(name), "%s%s%s", prefix ? prefix : "",
		    prefix && *prefix ? "." : "", key);
		if (json_is_object(v)) {
			print_kv(fp, width, name, v);
			continue;
		}
		if (json_is_array(v) && json_array_size(v) > 0 &&
		    json_is_object(json_array_get(v, 0))) {
			json_array_foreach(v, i, e) {
				char sub[280];

				snprintf(sub, sizeof(sub), "%s.%zu", name, i);
				print_kv(fp, width, sub, e);
			}
			continue;
		}
		if (json_is_array(v) && json_array_size(v) > 0 &&
		    json_is_string(json_array_get(v, 0))) {
			json_array_foreach(v, i, e)
				kv_line(fp, width, name, fmt_safe(safe,
				    sizeof(safe), json_string_value(e)));
			continue;
		}
		if (json_is_string(v)) {
			kv_line(fp, width, name, fmt_safe(safe, sizeof(safe),
			    json_string_value(v)));
			continue;
		}
		if (json_is_null(v)) {
			kv_line(fp, width, name, "unknown");
			continue;
		}
		if (json_is_array(v) && json_array_size(v) == 0) {
			kv_line(fp, width, name, "none");
			continue;
		}
		txt = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT |
		    JSON_REAL_PRECISION(6));
		kv_line(fp, width, name, txt ? txt : "?");
		free(txt);
	}
}

static const char *
or_q(const char *s)
{
	return s ? s : "?";
}

/*
 * A compiler's name and version from its --version line:
 *   "gcc (Debian 12.2.0-14) 12.2.0"        -> "gcc 12.2.0"
 *   "Debian clang version 14.0.6"          -> "clang 14.0.6"
 *   "clang version 16.0.0 (https://...)"   -> "clang 16.0.0"
 * otherwise the first word and the first later word that begins with a
 * digit.
 */
static void
cc_short(const char *v, char *buf, size_t len)
{
	const char *p = strrchr(v, ')'), *w;
	int n = (int)strcspn(v, " ");

	if (p != NULL && p[1] == ' ' && isdigit((unsigned char)p[2])) {
		snprintf(buf, len, "%.*s %.*s", n, v, (int)strcspn(p + 2, " "),
		    p + 2);
		return;
	}
	if ((w = strstr(v, "clang version ")) != NULL) {
		w += strlen("clang version ");
		snprintf(buf, len, "clang %.*s", (int)strcspn(w, " "), w);
		return;
	}
	for (w = v + n; *w != '\0'; w++)
		if (w > v && w[-1] == ' ' && isdigit((unsigned char)*w))
			break;
	snprintf(buf, len, "%.*s%s%.*s", n, v, *w ? " " : "",
	    (int)strcspn(w, " "), w);
}

void
buildinfo_label(const struct build_info *b, const char *tag, char *buf,
    size_t len)
{
	char cc[96];

	if (b == NULL) {
		snprintf(buf, len, "%s%s%sunknown build", tag && *tag ? "[" : "",
		    tag && *tag ? tag : "", tag && *tag ? "] " : "");
		return;
	}
	cc_short(or_q(b->cc_version), cc, sizeof(cc));
	snprintf(buf, len, "%s%s%s%s %s | %s | float %s, fpu %s | %s",
	    tag && *tag ? "[" : "", tag && *tag ? tag : "",
	    tag && *tag ? "] " : "", cc, or_q(b->opt_level), or_q(b->arch),
	    or_q(b->float_abi), or_q(b->fpu), or_q(b->cflags));
}

/* A string made safe, or "unknown" when missing or empty. */
static const char *
info_str(const char *v, char *buf, size_t len)
{
	return fmt_safe(buf, len, v != NULL && *v != '\0' ? v : "unknown");
}

/* One summary line, wrapped to the width. */
static void
summary_line(FILE *fp, int width, struct strbuf *sb)
{
	fmt_wrap(fp, width, sb->buf != NULL ? sb->buf : "", 0, 3);
	strbuf_release(sb);
	strbuf_init(sb);
}

void
info_summary(FILE *fp, int width, const struct build_info *b,
    const struct system_info *s)
{
	const struct si_cluster *c;
	char a[FMT_SAFE(128)], z[FMT_SAFE(128)], e[FMT_SAFE(128)];
	char f[FMT_SAFE(64)], g[FMT_SAFE(64)], cc[96];
	struct strbuf sb;
	unsigned long boot;
	int i;

	strbuf_init(&sb);
	strbuf_addf(&sb, "== board: %s (SoC %s)", info_str(s->board, a,
	    sizeof(a)), info_str(s->soc, z, sizeof(z)));
	summary_line(fp, width, &sb);
	strbuf_addf(&sb, "== cpu: %s", info_str(s->cpu_model, a, sizeof(a)));
	for (i = 0; i < s->nclusters; i++) {
		c = &s->clusters[i];
		if (!isnan(c->min_mhz) && !isnan(c->max_mhz))
			strbuf_addf(&sb, "%s cpus %s %.0f-%.0f MHz", i ? "," :
			    ";", info_str(c->cpus, z, sizeof(z)), c->min_mhz,
			    c->max_mhz);
	}
	strbuf_addf(&sb, "; governor %s", info_str(s->governor, a,
	    sizeof(a)));
	summary_line(fp, width, &sb);
	if (s->mem_total_mb >= 0) {
		strbuf_addf(&sb, "== memory: %lld MB", s->mem_total_mb);
		summary_line(fp, width, &sb);
	}
	strbuf_addf(&sb, "== os: %s, kernel %s", info_str(s->distribution, a,
	    sizeof(a)), info_str(s->kernel, z, sizeof(z)));
	summary_line(fp, width, &sb);
	/* the compiler as in a table's build line; its version line is in
	 * build.cc_version below */
	cc_short(or_q(b->cc_version), cc, sizeof(cc));
	strbuf_addf(&sb, "== build: %s %s, %s, float %s, fpu %s, neon %s",
	    info_str(cc, a, sizeof(a)), info_str(b->opt_level, z, sizeof(z)),
	    info_str(b->arch, e, sizeof(e)),
	    info_str(b->float_abi, f, sizeof(f)),
	    info_str(b->fpu, g, sizeof(g)), b->neon == 1 ? "yes" : "no");
	summary_line(fp, width, &sb);
	/* since-boot bits: 16 under-voltage, 17 capped, 18 throttled */
	boot = s->have_throttling ? s->throttle_bits >> 16 : 0;
	if (boot & 1) {
		strbuf_addf(&sb, "== warning: under-voltage since boot: check "
		    "the power supply");
		summary_line(fp, width, &sb);
	}
	if (boot & 6) {
		strbuf_addf(&sb, "== warning: throttled or clock capped since "
		    "boot");
		summary_line(fp, width, &sb);
	}
	info_str(s->governor, a, sizeof(a));
	if (strcmp(a, "performance") != 0 && strcmp(a, "unknown") != 0) {
		strbuf_addf(&sb, "== warning: governor %s, not performance: "
		    "the clock may vary during a run", a);
		summary_line(fp, width, &sb);
	}
	if (sysinfo_emulated(s)) {
		strbuf_addf(&sb, "== warning: emulated by %s: timings are the "
		    "emulator's, not this board's", info_str(s->emulator, a,
		    sizeof(a)));
		summary_line(fp, width, &sb);
	}
	if (sysinfo_in_vm(s)) {
		strbuf_addf(&sb, "== vm: %s (a virtual machine: figures drift "
		    "more than on bare metal)", info_str(s->vm, a, sizeof(a)));
		summary_line(fp, width, &sb);
	}
	if (s->clock_unset != NULL) {
		strbuf_addf(&sb, "== warning: clock unset (%s): the dates of "
		    "runs are not real", info_str(s->clock_unset, a,
		    sizeof(a)));
		summary_line(fp, width, &sb);
	}
	if (!isnan(s->run.noise_pct)) {
		char line[400];

		strbuf_addf(&sb, "%s", sysinfo_noise_line(&s->run, line,
		    sizeof(line)));
		summary_line(fp, width, &sb);
		if (sysinfo_run_cpu_line(&s->run, line, sizeof(line))[0]) {
			strbuf_addf(&sb, "%s", line);
			summary_line(fp, width, &sb);
		}
	}
	strbuf_release(&sb);
	fputc('\n', fp);
}

const char *
sysinfo_noise_text(const struct si_run *r, char *buf, size_t len)
{
	if (isnan(r->noise_pct))
		bufprintf(buf, len, "unknown");
	else if (r->noise_pct > SI_JITTER_BUSY)
		bufprintf(buf, len, "busy at start");
	else
		bufprintf(buf, len, "+-%.1f %%", r->noise_pct);
	return buf;
}

const char *
sysinfo_noise_line(const struct si_run *r, char *buf, size_t len)
{
	struct strbuf sb;
	int i;

	if (len > 0)
		buf[0] = '\0';
	if (isnan(r->noise_pct))
		return buf;
	strbuf_init(&sb);
	if (r->noise_pct > SI_JITTER_BUSY) {
		/* a percentage over this says only that other work had the
		 * CPUs: said as such, never as a figure */
		strbuf_addf(&sb, "== machine busy at start: a fixed loop's "
		    "2 ms chunks varied by over %.0f %%", SI_JITTER_BUSY);
		bufprintf(buf, len, "%s", sb.buf);
		strbuf_release(&sb);
		return buf;
	}
	strbuf_addf(&sb, "== jitter at start: +-%.1f %%", r->noise_pct);
	for (i = 0; i < r->noise_ncpus; i++)
		strbuf_addf(&sb, "%sCPU %d +-%.1f %%", i ? ", " : " (",
		    r->noise_cpu[i], 2 * r->noise_cv[i] * 100);
	strbuf_addf(&sb, "%s: a fixed loop's 2 ms chunks, a short look at "
	    "the machine", r->noise_ncpus > 0 ? ")" : "");
	bufprintf(buf, len, "%s", sb.buf);
	strbuf_release(&sb);
	return buf;
}

const char *
sysinfo_run_cpu_line(const struct si_run *r, char *buf, size_t len)
{
	struct strbuf sb;
	double fastest = sysinfo_run_cpu_fastest(r);
	int i, slower = 0;

	if (len > 0)
		buf[0] = '\0';
	if (r->run_cpu < 0)
		return buf;
	strbuf_init(&sb);
	strbuf_addf(&sb, "== CPU kernels ran on CPU %d", r->run_cpu);
	/* the CPUs the start found slower, beyond the tie */
	for (i = 0; i < r->noise_ncpus && i < SI_NOISE_CPUS; i++) {
		if (!(r->noise_rate[i] > 0) || sysinfo_run_cpu_fast(r, i))
			continue;
		strbuf_addf(&sb, "%sCPU %d at %.2f", slower++ ? ", " :
		    ", the fastest at the start (", r->noise_cpu[i],
		    r->noise_rate[i] / fastest);
	}
	if (slower > 0)
		strbuf_addf(&sb, " of its pace)");
	else
		strbuf_addf(&sb, " (the CPUs within %.0f %% of each other's "
		    "pace at the start)", SI_RUN_CPU_TIE * 100);
	strbuf_addf(&sb, "; --cpu to choose");
	bufprintf(buf, len, "%s", sb.buf);
	strbuf_release(&sb);
	return buf;
}
