/*
 * net-iperf3.c - iperf3: TCP throughput up (this host sends), down
 * (iperf3 -R) and both ways at once (--bidir, iperf3 3.7 or later), and
 * UDP at a target bitrate when asked, measured by the external iperf3 in
 * JSON mode (-J); with this host's CPU user, system and softirq shares
 * from /proc/stat over each run: the seed's `iperf -c SERVER -t 60 -d`
 * with top open beside it.
 *
 * Without network.server the case starts its own `iperf3 -s -B 127.0.0.1`
 * on a free port in setup() and stops it in teardown().  Every iperf3 is
 * started through spawn (src/util/spawn.h): an argument vector, never a shell,
 * a process group of its own that is stopped whole, and death with the
 * case's process (PR_SET_PDEATHSIG), so a case the runner kills on a
 * time-out or SIGINT leaves no iperf3 behind.  A client's JSON is read up
 * to IP_JSON_CAP bytes; one that prints more FAILS the row.
 *
 * Self-timed: one sample is one client run of network.time seconds, and
 * its value is the rate the receiver saw (bit/s; both directions added
 * for bidir, each direction also a row of its own).  iperf3 3.12 exits 0
 * even when it cannot connect, so the JSON's top-level "error" key is
 * what tells: such a run is FAILED with iperf3's message.  Verification:
 * the JSON parses, has no error, the test it describes is the one asked
 * for, and every direction moved bytes > 0 at a rate that agrees with
 * bytes * 8 / seconds within 1 %.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <jansson.h>

#include "bench.h"
#include "net-iperf3.h"
#include "spawn.h"
#include "sysfs.h"
#include "util.h"

#define IP_MAX_CPUS	256	/* CPUs read from /proc/stat */
#define IP_EXTRA_CPUS	8	/* CPUs with per-core extras */
#define IP_RATE_TOL	0.01	/* bytes * 8 / seconds vs bits_per_second */
/* Plausible figures of one run: beyond them iperf3's output is not true */
#define IP_MAX_BPS	1e13	/* 10 Tbit/s: beyond any link a host has */
#define IP_MAX_SECONDS	1e6
#define IP_MAX_RETRANS	1e15
#define IP_MAX_JITTER_MS 1e6
#define IP_GRACE	30	/* seconds a client may run past -t */
#define IP_JSON_CAP	(4 << 20)	/* bytes of a client's JSON, at most */
#define IP_ERR_CAP	(64 << 10)	/* bytes of its stderr, at most */

enum ip_test { IP_UP, IP_DOWN, IP_BIDIR, IP_UDP, IP_NTESTS };

static const char *const ip_names[IP_NTESTS] = {
	[IP_UP] = "up", [IP_DOWN] = "down", [IP_BIDIR] = "bidir",
	[IP_UDP] = "udp",
};

/* One CPU's jiffies from /proc/stat. */
struct ip_cpu {
	unsigned long long user, system, softirq, idle, total;
};

/* All CPUs (and their sum) at one moment, or summed deltas. */
struct ip_cpus {
	struct ip_cpu all, cpu[IP_MAX_CPUS];
	size_t n;		/* highest CPU number + 1 */
};

/* The state of one case between setup() and teardown(). */
struct ip_state {
	enum ip_test test;
	char prog[512];		/* the iperf3 program */
	char host[256], port[16], time[16], streams[16], bitrate[32];
	int seconds;
	pid_t server;		/* our loopback server, or 0 */
	int server_err;		/* its stderr (non-blocking), or -1 */
	unsigned runs;		/* client runs that gave figures */
	double host_cpu, remote_cpu;	/* sums of iperf3's own figures */
	unsigned ncpu_runs;	/* runs with CPU figures */
	struct ip_cpus *acc;	/* CPU time summed over those runs */
	struct ip_cpus *before, *after;
	char bad[160];		/* the first inconsistency run() found */
};

static int ip_plan(struct bench_ctx *);
static int ip_setup(struct bench_ctx *, const struct bench_case *);
static int ip_run(struct bench_ctx *, const struct bench_case *, uint64_t);
static int ip_verify(struct bench_ctx *, const struct bench_case *);
static void ip_teardown(struct bench_ctx *, const struct bench_case *);

/* ---- finding and starting programs ------------------------------------ */

/* Is path an executable regular file? */
static int
ip_executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	    access(path, X_OK) == 0;
}

/*
 * Resolve a program name as execvp() would (a name with a slash as is,
 * else along $PATH) into out: 0, or -1 when not found.
 */
static int
ip_find(const char *name, char *out, size_t len)
{
	const char *path, *p;
	size_t n;
	char buf[1024];

	if (*name == '\0')
		return -1;
	if (strchr(name, '/') != NULL) {
		if (!ip_executable(name))
			return -1;
		bufprintf(out, len, "%s", name);
		return 0;
	}
	path = getenv("PATH");
	if (path == NULL || *path == '\0')
		path = "/usr/local/bin:/usr/bin:/bin";
	for (p = path; *p != '\0'; p += n + (p[n] == ':')) {
		n = strcspn(p, ":");
		bufprintf(buf, sizeof(buf), "%.*s/%s", n ? (int)n : 1,
		    n ? p : ".", name);
		if (ip_executable(buf)) {
			bufprintf(out, len, "%s", buf);
			return 0;
		}
	}
	return -1;
}

static void
ip_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* The first line of text, for a reason. */
static void
ip_first_line(const char *text, char *out, size_t len)
{
	while (*text == '\n' || *text == ' ')
		text++;
	bufprintf(out, len, "%.*s", (int)strcspn(text, "\n"), text);
	if (*out == '\0')
		bufprintf(out, len, "no message");
}

/*
 * Run argv to the end within `limit` seconds through spawn, its stdout
 * (up to IP_JSON_CAP) and stderr in sp (spawn_release() it).  0, or -1
 * with the reason.
 */
static int
ip_capture(struct bench_ctx *ctx, char *const argv[], double limit,
    struct spawn *sp)
{
	char why[128];
	int rc;

	spawn_init(sp);
	sp->capture_out = sp->capture_err = 1;
	sp->out_cap = IP_JSON_CAP;
	sp->err_cap = IP_ERR_CAP;
	sp->limit = limit;
	rc = spawn_run(sp, argv);
	if (rc == SPAWN_OK)
		return 0;
	if (rc == SPAWN_TIMEOUT)
		return bench_fail(ctx, "iperf3 gave no result within %.0f s",
		    limit);
	spawn_strerror(sp, rc, why, sizeof(why));
	if (rc == SPAWN_TOOBIG)
		return bench_fail(ctx, "iperf3 %s (its JSON may be %d MiB at "
		    "most)", why, IP_JSON_CAP >> 20);
	return bench_fail(ctx, "iperf3 '%s': %s", argv[0], why);
}

/* ---- the loopback server ---------------------------------------------- */

/* A TCP port on 127.0.0.1 that nothing uses now, or -1. */
static int
ip_free_port(void)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	int fd, port = -1;

	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) == 0 &&
	    getsockname(fd, (struct sockaddr *)&a, &len) == 0)
		port = ntohs(a.sin_port);
	close(fd);
	return port;
}

/*
 * Is a TCP socket listening on port?  Read from /proc/net/tcp{,6}, so
 * that the server is not disturbed by a probing connection.
 */
static int
ip_listening(int port)
{
	static const char *const files[] = {
		"/proc/net/tcp", "/proc/net/tcp6"
	};
	unsigned lport, state;
	char line[512];
	size_t i;
	FILE *f;
	int found = 0;

	for (i = 0; i < ARRAY_SIZE(files) && !found; i++) {
		if ((f = sysfs_fopen_live(files[i])) == NULL)
			continue;
		while (!found && fgets(line, sizeof(line), f) != NULL)
			if (sscanf(line, " %*u: %*[0-9A-Fa-f]:%x "
			    "%*[0-9A-Fa-f]:%*x %x", &lport, &state) == 2 &&
			    (int)lport == port && state == 0x0A)
				found = 1;
		fclose(f);
	}
	return found;
}

/* What the server has written to stderr, kept short; drains the pipe. */
static void
ip_server_drain(struct ip_state *s, char *msg, size_t len)
{
	char buf[1024];
	ssize_t n;
	size_t used = 0;

	if (msg != NULL && len > 0)
		msg[0] = '\0';
	if (s->server_err < 0)
		return;
	while ((n = read(s->server_err, buf, sizeof(buf) - 1)) > 0) {
		buf[n] = '\0';
		if (msg != NULL && used + 1 < len)
			used += strlcpy_bb(msg + used, buf, len - used);
	}
}

static void
ip_server_stop(struct ip_state *s)
{
	if (s->server > 0) {
		spawn_stop(s->server, NULL);
		s->server = 0;
	}
	if (s->server_err >= 0)
		close(s->server_err);
	s->server_err = -1;
}

/*
 * Start `iperf3 -s -B 127.0.0.1 -p PORT` on a free port and wait until
 * it listens (at most 5 s); another free port if that one was taken.
 */
static int
ip_server_start(struct bench_ctx *ctx, struct ip_state *s)
{
	char *argv[] = { s->prog, "-s", "-B", "127.0.0.1", "-p", s->port,
	    NULL };
	char msg[256], line[160];
	int attempt, port, pe[2], err, i;

	bufprintf(s->host, sizeof(s->host), "127.0.0.1");
	line[0] = '\0';
	for (attempt = 0; attempt < 3; attempt++) {
		if ((port = ip_free_port()) < 0)
			return bench_fail(ctx, "no free TCP port on 127.0.0.1: "
			    "%s", strerror(errno));
		bufprintf(s->port, sizeof(s->port), "%d", port);
		if (pipe2(pe, O_CLOEXEC) != 0)
			return bench_fail(ctx, "pipe: %s", strerror(errno));
		s->server = spawn_start(argv, SPAWN_NULL, pe[1], &err);
		close(pe[1]);
		s->server_err = pe[0];
		if (s->server < 0) {
			s->server = 0;
			return bench_fail(ctx, "cannot run iperf3 '%s': %s",
			    s->prog, strerror(err));
		}
		fcntl(pe[0], F_SETFL, fcntl(pe[0], F_GETFL) | O_NONBLOCK);
		for (i = 0; i < 500; i++) {
			if (ip_listening(port))
				return 0;
			if (spawn_exited(s->server))
				break;
			ip_sleep_ms(10);
		}
		if (i == 500) {
			ip_server_stop(s);
			return bench_fail(ctx, "the iperf3 server did not "
			    "listen on 127.0.0.1:%d within 5 s", port);
		}
		ip_server_drain(s, msg, sizeof(msg));
		ip_server_stop(s);
		ip_first_line(msg, line, sizeof(line));
		if (strstr(msg, "in use") == NULL)
			return bench_fail(ctx, "the iperf3 server exited: %s",
			    line);
	}
	return bench_fail(ctx, "the iperf3 server found no free port: %s",
	    line);
}

/* ---- CPU shares from /proc/stat --------------------------------------- */

/* Read the cpu lines of /proc/stat: 0, or -1 when there is none. */
static int
ip_procstat(struct ip_cpus *c)
{
	unsigned long long v[8];
	char line[512];
	struct ip_cpu *p;
	long idx;
	FILE *f;
	int k, got = 0;

	memset(c, 0, sizeof(*c));
	if ((f = sysfs_fopen("/proc/stat")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (sysfs_proc_stat_cpu(line, &idx, v) != 0 ||
		    idx >= IP_MAX_CPUS)
			continue;
		if (idx < 0) {
			p = &c->all;
			got = 1;
		} else {
			p = &c->cpu[idx];
			if ((size_t)idx + 1 > c->n)
				c->n = (size_t)idx + 1;
		}
		/* user+nice, system, idle+iowait, softirq; guest is in user */
		p->user = v[0] + v[1];
		p->system = v[2];
		p->idle = v[3] + v[4];
		p->softirq = v[6];
		for (p->total = 0, k = 0; k < 8; k++)
			p->total += v[k];
	}
	fclose(f);
	return got ? 0 : -1;
}

static void
ip_cpu_add(struct ip_cpu *acc, const struct ip_cpu *a, const struct ip_cpu *b)
{
	acc->user += b->user - a->user;
	acc->system += b->system - a->system;
	acc->idle += b->idle - a->idle;
	acc->softirq += b->softirq - a->softirq;
	acc->total += b->total - a->total;
}

static double
ip_pct(unsigned long long part, unsigned long long total)
{
	return total ? 100.0 * (double)part / (double)total : 0.0;
}

/*
 * This run's CPU figures: the shares of all CPUs' time, and the busiest
 * CPU's busy share, as metric rows; added to the case's sums.
 */
static void
ip_cpu_report(struct bench_ctx *ctx, struct ip_state *s)
{
	struct ip_cpu d, one;
	double busiest = 0, b;
	size_t i;

	memset(&d, 0, sizeof(d));
	ip_cpu_add(&d, &s->before->all, &s->after->all);
	if (d.total == 0)
		return;
	for (i = 0; i < s->after->n; i++) {
		memset(&one, 0, sizeof(one));
		ip_cpu_add(&one, &s->before->cpu[i], &s->after->cpu[i]);
		b = ip_pct(one.total - one.idle, one.total);
		if (b > busiest)
			busiest = b;
		ip_cpu_add(&s->acc->cpu[i], &s->before->cpu[i],
		    &s->after->cpu[i]);
	}
	if (s->after->n > s->acc->n)
		s->acc->n = s->after->n;
	ip_cpu_add(&s->acc->all, &s->before->all, &s->after->all);
	s->ncpu_runs++;
	bench_metric_spread(ctx, "cpu-user", "%", BENCH_LOWER,
	    ip_pct(d.user, d.total));
	bench_metric_spread(ctx, "cpu-system", "%", BENCH_LOWER,
	    ip_pct(d.system, d.total));
	bench_metric_spread(ctx, "cpu-softirq", "%", BENCH_LOWER,
	    ip_pct(d.softirq, d.total));
	bench_metric_spread(ctx, "cpu-busiest", "%", BENCH_LOWER, busiest);
}

/* ---- iperf3's JSON ----------------------------------------------------- */

/* One direction's totals from end.<key>. */
struct ip_sum {
	double bytes, seconds, bps;
	double retransmits;	/* NAN when not given */
	double jitter_ms, lost_percent;
};

static double
ip_num(const json_t *o, const char *key, double dflt)
{
	const json_t *v = json_object_get(o, key);

	return json_is_number(v) ? json_number_value(v) : dflt;
}

/*
 * Read end.<key> into *out and check it: bytes moved, figures within
 * plausible bounds, and a rate that agrees with the bytes.  0; 1 when absent; -1 when inconsistent (s->bad).
 */
static int
ip_sum_get(struct ip_state *s, const json_t *end, const char *key,
    struct ip_sum *out)
{
	const json_t *o = json_object_get(end, key);
	double calc;

	if (!json_is_object(o))
		return 1;
	out->bytes = ip_num(o, "bytes", 0);
	out->seconds = ip_num(o, "seconds", 0);
	out->bps = ip_num(o, "bits_per_second", 0);
	out->retransmits = ip_num(o, "retransmits", -1);
	out->jitter_ms = ip_num(o, "jitter_ms", -1);
	out->lost_percent = ip_num(o, "lost_percent", -1);
	if (out->bytes <= 0 || out->seconds <= 0 || out->bps <= 0) {
		if (s->bad[0] == '\0')
			bufprintf(s->bad, sizeof(s->bad), "iperf3's %s moved "
			    "no data (%.0f bytes in %g s)", key, out->bytes,
			    out->seconds);
		return -1;
	}
	if (out->bps > IP_MAX_BPS || out->seconds > IP_MAX_SECONDS ||
	    out->retransmits > IP_MAX_RETRANS ||
	    out->jitter_ms > IP_MAX_JITTER_MS || out->lost_percent > 100) {
		if (s->bad[0] == '\0')
			bufprintf(s->bad, sizeof(s->bad), "iperf3's %s is "
			    "absurd (%g bit/s, %g s, %g retransmits, %g ms "
			    "jitter, %g%% lost)", key, out->bps, out->seconds,
			    out->retransmits, out->jitter_ms,
			    out->lost_percent);
		return -1;
	}
	calc = out->bytes * 8 / out->seconds;
	if (calc < out->bps * (1 - IP_RATE_TOL) ||
	    calc > out->bps * (1 + IP_RATE_TOL)) {
		if (s->bad[0] == '\0')
			bufprintf(s->bad, sizeof(s->bad), "iperf3's %s says "
			    "%.0f bit/s but %.0f bytes in %g s is %.0f bit/s",
			    key, out->bps, out->bytes, out->seconds, calc);
		return -1;
	}
	return 0;
}

/* The test iperf3 says it ran must be the one asked for. */
static void
ip_check_start(struct ip_state *s, const json_t *root)
{
	const json_t *ts = json_object_get(json_object_get(root, "start"),
	    "test_start");
	const char *proto;
	double reverse;		/* any number: iperf3's output is not trusted */

	if (!json_is_object(ts)) {
		if (s->bad[0] == '\0')
			bufprintf(s->bad, sizeof(s->bad), "iperf3's JSON has "
			    "no start.test_start");
		return;
	}
	proto = json_string_value(json_object_get(ts, "protocol"));
	reverse = ip_num(ts, "reverse", -1);
	if (proto == NULL || strcmp(proto, s->test == IP_UDP ? "UDP" :
	    "TCP") != 0 || reverse != (s->test == IP_DOWN)) {
		if (s->bad[0] == '\0')
			bufprintf(s->bad, sizeof(s->bad), "iperf3 ran %s%s, "
			    "not the %s test", proto ? proto : "?",
			    reverse == 1 ? " reverse" : "", ip_names[s->test]);
	}
}

/*
 * The figures of one run from iperf3's JSON: *value (bit/s received),
 * and the metrics.  0, or -1 with the reason when iperf3 failed.
 */
static int
ip_parse(struct bench_ctx *ctx, struct ip_state *s, const char *text,
    size_t len, double *value)
{
	struct ip_sum rx, tx, rrx, rtx;
	json_error_t jerr;
	json_t *root, *end, *cpu;
	const char *err;
	double retr;
	int rc = 0;

	root = json_loadb(text, len, 0, &jerr);
	if (root == NULL)
		return bench_fail(ctx, "cannot parse iperf3's JSON: %s (line "
		    "%d)", jerr.text, jerr.line);
	if ((err = json_string_value(json_object_get(root, "error"))) !=
	    NULL) {
		rc = bench_fail(ctx, "iperf3: %s", err);
		goto out;
	}
	ip_check_start(s, root);
	end = json_object_get(root, "end");
	if (!json_is_object(end)) {
		rc = bench_fail(ctx, "iperf3's JSON has no \"end\" figures");
		goto out;
	}
	memset(&rx, 0, sizeof(rx));
	memset(&tx, 0, sizeof(tx));
	if (s->test == IP_UDP) {
		/* 3.12 gives sum_sent/sum_received; older ones only sum */
		if (ip_sum_get(s, end, "sum_received", &rx) == 1 &&
		    ip_sum_get(s, end, "sum", &rx) == 1) {
			rc = bench_fail(ctx, "iperf3's JSON has no UDP sum");
			goto out;
		}
		*value = rx.bps;
		if (rx.jitter_ms >= 0)
			bench_metric_spread(ctx, "jitter", "s", BENCH_LOWER,
			    rx.jitter_ms / 1000);
		if (rx.lost_percent >= 0)
			bench_metric_spread(ctx, "lost", "%", BENCH_LOWER,
			    rx.lost_percent);
	} else {
		if (ip_sum_get(s, end, "sum_received", &rx) == 1 ||
		    ip_sum_get(s, end, "sum_sent", &tx) == 1) {
			rc = bench_fail(ctx, "iperf3's JSON has no TCP sums");
			goto out;
		}
		*value = rx.bps;
		retr = tx.retransmits;
		if (s->test == IP_BIDIR) {
			memset(&rrx, 0, sizeof(rrx));
			memset(&rtx, 0, sizeof(rtx));
			if (ip_sum_get(s, end, "sum_received_bidir_reverse",
			    &rrx) == 1 || ip_sum_get(s, end,
			    "sum_sent_bidir_reverse", &rtx) == 1) {
				rc = bench_fail(ctx, "iperf3's JSON has no "
				    "reverse sums for --bidir");
				goto out;
			}
			*value = rx.bps + rrx.bps;
			bench_metric(ctx, "up", "bit/s", BENCH_HIGHER, rx.bps);
			bench_metric(ctx, "down", "bit/s", BENCH_HIGHER,
			    rrx.bps);
			retr = retr >= 0 && rtx.retransmits >= 0 ?
			    retr + rtx.retransmits : -1;
		}
		if (retr >= 0)
			bench_metric_spread(ctx, "retransmits", "segments",
			    BENCH_LOWER, retr);
	}
	cpu = json_object_get(end, "cpu_utilization_percent");
	s->host_cpu += ip_num(cpu, "host_total", 0);
	s->remote_cpu += ip_num(cpu, "remote_total", 0);
	s->runs++;
out:
	json_decref(root);
	return rc;
}

int
iperf3_parse_json(struct bench_ctx *ctx, const char *test, const char *text,
    size_t len, double *value)
{
	struct ip_state s;
	int t;

	memset(&s, 0, sizeof(s));
	for (t = 0; t < IP_NTESTS && strcmp(ip_names[t], test) != 0; t++)
		;
	if (t == IP_NTESTS)
		return bench_fail(ctx, "no iperf3 test '%s'", test);
	s.test = (enum ip_test)t;
	return ip_parse(ctx, &s, text, len, value);
}

/* ---- plan, setup, run, verify, teardown -------------------------------- */

static int
ip_supported(char *why, size_t len)
{
	char path[512];

	if (ip_find(IPERF3_PATH, path, sizeof(path)) == 0 ||
	    ip_find("iperf3", path, sizeof(path)) == 0)
		return 0;
	bufprintf(why, len, "iperf3 not found");
	return -1;
}

static int
ip_check_prog(const char *value, char *err, size_t errlen)
{
	char path[512];

	if (ip_find(value, path, sizeof(path)) != 0) {
		bufprintf(err, errlen, "'%s' is not an executable program",
		    value);
		return -1;
	}
	return 0;
}

static int
ip_check_server(const char *value, char *err, size_t errlen)
{
	const char *p;

	for (p = value; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p) && strchr(".:-_%[]", *p) ==
		    NULL)
			break;
	if (*value == '-' || *p != '\0') {
		bufprintf(err, errlen, "'%s' is not a host name or address",
		    value);
		return -1;
	}
	return 0;
}

/* Its parameters (bench_params()); see ip_params. */
struct ip_params {
	const char *server;		/* "": one started on 127.0.0.1 */
	long long port, time;
	struct bench_list tests;
	long long bitrate, streams;
	const char *iperf3;		/* the program */
};

static const struct bench_param ip_params[] = {
	{
		BENCH_PARAM_STR(struct ip_params, server), .def = "",
		.help = "iperf3 server to measure against (empty: start one "
		    "on 127.0.0.1)",
		.check = ip_check_server,
	},
	{
		BENCH_PARAM_INT(struct ip_params, port), .min = 1, .max = 65535,
		.def = "5201", .help = "the server's port (with server)",
	},
	{
		BENCH_PARAM_INT(struct ip_params, time), .min = 1, .max = 600,
		.def = "2", .quick = "1",
		.help = "seconds per sample (one iperf3 run, -t)",
	},
	{
		BENCH_PARAM_LIST(struct ip_params, tests),
		.def = "up,down,bidir",
		.quick = "up,down",
		.choices = "up|down|bidir|udp",
		.help = "up: this host sends; down: receives (-R); bidir: "
		    "both (--bidir); udp: sends UDP at network.bitrate",
	},
	{
		BENCH_PARAM_INT(struct ip_params, bitrate), .min = 1000,
		.max = 1e12, .def = "100M",
		.help = "UDP target bit/s (-b; M is 1000000)",
	},
	{
		BENCH_PARAM_INT(struct ip_params, streams),
		.min = 1, .max = 128,
		.def = "1", .help = "parallel streams (-P)",
	},
	{
		BENCH_PARAM_STR(struct ip_params, iperf3), .def = IPERF3_PATH,
		.help = "the iperf3 program",
		.check = ip_check_prog,
	},
	{ .name = NULL }
};

static int
ip_plan(struct bench_ctx *ctx)
{
	const struct bench_list *tests = &((const struct ip_params *)
	    bench_params(ctx))->tests;
	const char *const *words = tests->items;
	int want[IP_NTESTS];
	struct bench_case *c;
	size_t n = tests->n, i, t;

	memset(want, 0, sizeof(want));
	for (i = 0; i < n && i < 2 * IP_NTESTS; i++)
		for (t = 0; t < IP_NTESTS; t++)
			if (strcmp(words[i], ip_names[t]) == 0)
				want[t] = 1;
	for (t = 0; t < IP_NTESTS; t++) {
		if (!want[t])
			continue;
		c = bench_add_case(ctx, ip_names[t], "bit/s", BENCH_REPORTED,
		    1);
		if (c == NULL)
			return -1;
		c->id = (int)t;
	}
	return 0;
}

/* iperf3's version as major * 1000 + minor, or -1 when unknown. */
static int
ip_version(struct bench_ctx *ctx, struct ip_state *s)
{
	char *argv[] = { s->prog, "--version", NULL };
	struct spawn sp;
	int major, minor, v = -1;
	const char *p;

	if (ip_capture(ctx, argv, 10, &sp) == 0 &&
	    (p = strstr(sp.out.buf, "iperf ")) != NULL &&
	    sscanf(p, "iperf %d.%d", &major, &minor) == 2)
		v = major * 1000 + minor;
	else
		bench_fail(ctx, "%s", "");	/* not fatal: forget why */
	spawn_release(&sp);
	return v;
}

static void ip_teardown(struct bench_ctx *, const struct bench_case *);

/* The case's state and server; ip_setup releases them when it fails. */
static int
ip_setup_state(struct bench_ctx *ctx, const struct bench_case *c)
{
	const struct ip_params *p = bench_params(ctx);
	struct ip_state *s = xcalloc(1, sizeof(*s));
	const char *server = p->server;
	int v;

	s->server_err = -1;
	bench_set_priv(ctx, s);
	s->test = (enum ip_test)c->id;
	s->acc = xcalloc(1, sizeof(*s->acc));
	s->before = xcalloc(1, sizeof(*s->before));
	s->after = xcalloc(1, sizeof(*s->after));
	if (ip_find(p->iperf3, s->prog,
	    sizeof(s->prog)) != 0 &&
	    ip_find("iperf3", s->prog, sizeof(s->prog)) != 0)
		return bench_skip(ctx, "iperf3 not found");
	s->seconds = (int)p->time;
	bufprintf(s->time, sizeof(s->time), "%d", s->seconds);
	bufprintf(s->streams, sizeof(s->streams), "%lld", p->streams);
	bufprintf(s->bitrate, sizeof(s->bitrate), "%lld", p->bitrate);
	if (s->test == IP_BIDIR) {
		v = ip_version(ctx, s);
		if (v >= 0 && v < 3007)
			return bench_skip(ctx, "iperf3 %d.%d has no --bidir "
			    "(3.7 or later has)", v / 1000, v % 1000);
	}
	if (*server == '\0')
		return ip_server_start(ctx, s);
	bufprintf(s->host, sizeof(s->host), "%s", server);
	bufprintf(s->port, sizeof(s->port), "%lld", p->port);
	return 0;
}

/*
 * The runner calls no teardown after a setup that failed or skipped
 * (bench/bench.h): what was made is released here.
 */
static int
ip_setup(struct bench_ctx *ctx, const struct bench_case *c)
{
	int rc = ip_setup_state(ctx, c);

	if (rc != 0)
		ip_teardown(ctx, c);
	return rc;
}

/* One client run: its received bit/s in *value, metrics reported. */
static int
ip_once(struct bench_ctx *ctx, struct ip_state *s, double *value)
{
	char *argv[20], line[160];
	struct spawn sp;
	int n = 0, rc, have_cpu;

	argv[n++] = s->prog;
	argv[n++] = "-c";
	argv[n++] = s->host;
	argv[n++] = "-p";
	argv[n++] = s->port;
	argv[n++] = "-J";
	argv[n++] = "-t";
	argv[n++] = s->time;
	argv[n++] = "-P";
	argv[n++] = s->streams;
	if (s->test == IP_DOWN)
		argv[n++] = "-R";
	if (s->test == IP_BIDIR)
		argv[n++] = "--bidir";
	if (s->test == IP_UDP) {
		argv[n++] = "-u";
		argv[n++] = "-b";
		argv[n++] = s->bitrate;
	}
	argv[n] = NULL;

	have_cpu = ip_procstat(s->before) == 0;
	rc = ip_capture(ctx, argv, s->seconds + IP_GRACE, &sp);
	have_cpu = have_cpu && ip_procstat(s->after) == 0;
	ip_server_drain(s, NULL, 0);
	if (rc != 0)
		goto out;
	if (sp.out.len == 0) {
		ip_first_line(sp.err.buf, line, sizeof(line));
		if (WIFSIGNALED(sp.status))
			rc = bench_fail(ctx, "iperf3 was killed by signal %d "
			    "(%s): %s", WTERMSIG(sp.status),
			    strsignal(WTERMSIG(sp.status)), line);
		else
			rc = bench_fail(ctx, "iperf3 exited with status %d: "
			    "%s", WIFEXITED(sp.status) ?
			    WEXITSTATUS(sp.status) : -1, line);
		goto out;
	}
	rc = ip_parse(ctx, s, sp.out.buf, sp.out.len, value);
	if (rc == 0 && have_cpu)
		ip_cpu_report(ctx, s);
out:
	spawn_release(&sp);
	return rc;
}

static int
ip_run(struct bench_ctx *ctx, const struct bench_case *c, uint64_t iters)
{
	struct ip_state *s = bench_priv(ctx);
	double v = 0, sum = 0;
	uint64_t i;

	(void)c;
	for (i = 0; i < iters; i++) {
		if (ip_once(ctx, s, &v) != 0)
			return -1;
		sum += v;
	}
	bench_report(ctx, iters ? sum / (double)iters : 0);
	return 0;
}

static int
ip_verify(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct ip_state *s = bench_priv(ctx);
	const struct ip_cpu *p;
	char name[48];
	size_t i;

	(void)c;
	if (s->runs == 0)
		return bench_fail(ctx, "no iperf3 run gave figures");
	if (s->bad[0] != '\0')
		return bench_fail(ctx, "%s", s->bad);
	bench_extra(ctx, "iperf3_host_cpu", s->host_cpu / s->runs);
	bench_extra(ctx, "iperf3_remote_cpu", s->remote_cpu / s->runs);
	for (i = 0; s->ncpu_runs && i < s->acc->n && i < IP_EXTRA_CPUS; i++) {
		p = &s->acc->cpu[i];
		if (p->total == 0)
			continue;
		bufprintf(name, sizeof(name), "cpu%zu_user", i);
		bench_extra(ctx, name, ip_pct(p->user, p->total));
		bufprintf(name, sizeof(name), "cpu%zu_system", i);
		bench_extra(ctx, name, ip_pct(p->system, p->total));
		bufprintf(name, sizeof(name), "cpu%zu_softirq", i);
		bench_extra(ctx, name, ip_pct(p->softirq, p->total));
	}
	return 0;
}

static void
ip_teardown(struct bench_ctx *ctx, const struct bench_case *c)
{
	struct ip_state *s = bench_priv(ctx);

	(void)c;
	if (s == NULL)
		return;
	ip_server_stop(s);
	free(s->acc);
	free(s->before);
	free(s->after);
	free(s);
	bench_set_priv(ctx, NULL);
}

/* The figures people quote from this benchmark (bench.h, headlines). */
static const struct bench_headline ip_headlines[] = {
	{ "up", NULL, "", "network up", 0 },
	{ "down", NULL, "", "network down", 0 },
	{ 0 }
};

/* Retransmitted segments as a count (bench.h, quotes). */
static const struct bench_quote ip_quotes[] = {
	{ "segments", NULL, 1, "retrans", BENCH_Q_WHOLE },
	{ 0 }
};

const struct bench_info bench_iperf3_info = {
	.name = "iperf3",
	.group = "network",
	.description = "TCP up, down and both ways (and UDP) with the "
	    "external iperf3 -J; this host's CPU user/system/softirq "
	    "shares; own server on 127.0.0.1 unless network.server",
	.unit = "bit/s",
	.better = BENCH_HIGHER,
	.flags = BENCH_NO_COPIES,
	.params = ip_params,
	.params_size = sizeof(struct ip_params),
	.supported = ip_supported,
	.plan = ip_plan,
	.setup = ip_setup,
	.run = ip_run,
	.verify = ip_verify,
	.teardown = ip_teardown,
	.min_samples = 3,
	.headlines = ip_headlines,
	.headline_rank = 100,
	.quotes = ip_quotes,
};
