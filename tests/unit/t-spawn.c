/*
 * t-spawn.c - the one helper that starts external programs (src/util/spawn.c),
 * with fake programs on PATH: one that prints without end (capped), one
 * that hangs (time limit), one whose grandchild ignores SIGTERM (the
 * whole group is gone afterwards), one that leaves a child behind when
 * it exits; input fed on stdin; a missing program; the descriptors a
 * child sees (0, 1 and 2 only); and an interruption from a signal.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "spawn.h"
#include "tap.h"
#include "util.h"

static char dir[512];

/* A fake program DIR/name with the given shell text. */
static void
fake(const char *name, const char *body)
{
	char path[1024];
	FILE *fp;

	bufprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "we");
	if (fp == NULL || fprintf(fp, "#!/bin/sh\n%s\n", body) < 0 ||
	    fclose(fp) != 0 || chmod(path, 0755) != 0)
		bail("cannot write %s", path);
}

/* The pid written into DIR/name by a fake program, or -1. */
static pid_t
pid_in(const char *name)
{
	char path[1024];
	long v = -1;
	FILE *fp;
	int tries;

	bufprintf(path, sizeof(path), "%s/%s", dir, name);
	for (tries = 0; tries < 200; tries++) {
		if ((fp = fopen(path, "re")) != NULL) {
			if (fscanf(fp, "%ld", &v) != 1)
				v = -1;
			fclose(fp);
			if (v > 0)
				break;
		}
		usleep(10000);
	}
	return (pid_t)v;
}

/*
 * Is pid gone (no such process, or a zombie about to be reaped by
 * init)?  Waits a little: the reaping is not ours.
 */
static int
gone(pid_t pid)
{
	char path[64], buf[256], *p;
	FILE *fp;
	int tries;

	for (tries = 0; tries < 300; tries++) {
		if (kill(pid, 0) != 0 && errno == ESRCH)
			return 1;
		bufprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
		if ((fp = fopen(path, "re")) != NULL) {
			p = fgets(buf, sizeof(buf), fp);
			fclose(fp);
			if (p != NULL && (p = strrchr(buf, ')')) != NULL &&
			    p[1] == ' ' && p[2] == 'Z')
				return 1;
		}
		usleep(10000);
	}
	return 0;
}

/* Child mode: print this process's open descriptors, "0 1 2". */
static int
list_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int first = 1;

	if (d == NULL)
		return 1;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || atoi(e->d_name) == dirfd(d))
			continue;
		printf("%s%s", first ? "" : " ", e->d_name);
		first = 0;
	}
	closedir(d);
	printf("\n");
	return fflush(stdout) != 0;
}

static void
on_alarm(int sig)
{
	(void)sig;
	spawn_interrupt();
}

int
main(int argc, char **argv)
{
	static char self[1024];
	char *av[4], path[2048], why[128];
	struct spawn sp;
	struct sigaction sa;
	const char *oldpath = getenv("PATH");
	char *big;
	pid_t pid, gc;
	int rc, leak, lp[2], st;
	size_t i;

	if (argc == 2 && strcmp(argv[1], "--list-fds") == 0)
		return list_fds();
	if (readlink("/proc/self/exe", self, sizeof(self) - 1) < 0)
		bail("readlink /proc/self/exe: %s", strerror(errno));
	bufprintf(dir, sizeof(dir), "%s", tap_tmpdir());
	bufprintf(path, sizeof(path), "%s:%s", dir, oldpath ? oldpath :
	    "/usr/bin:/bin");
	setenv("PATH", path, 1);

	fake("bb-flood", "exec yes 0123456789abcdef0123456789abcdef");
	fake("bb-hang", "exec sleep 1000");
	fake("bb-grandchild", "sh -c 'trap \"\" TERM; exec sleep 1000' &\n"
	    "echo $! > \"$1\"\nwait");
	fake("bb-leftover", "sh -c 'trap \"\" TERM; exec sleep 1000' &\n"
	    "echo $! > \"$1\"\necho done\nexit 0");

	/* input on stdin, output captured */
	spawn_init(&sp);
	sp.input = "hello, cat";
	sp.input_len = strlen(sp.input);
	sp.capture_out = 1;
	av[0] = "cat";
	av[1] = NULL;
	rc = spawn_run(&sp, av);
	is_int(rc, SPAWN_OK, "cat runs");
	is_str(sp.out.buf, "hello, cat", "its stdin is fed and stdout read");
	spawn_release(&sp);

	/* a program that closes its output, then exits 50 ms later, within
	 * the first 100 ms wait: the exit itself wakes it (pidfd); without,
	 * the wait always runs out first */
	fake("bb-quiet-exit", "exec >&- 2>&-\nsleep 0.05");
	spawn_init(&sp);
	sp.capture_out = sp.capture_err = 1;
	av[0] = "bb-quiet-exit";
	rc = spawn_run(&sp, av);
	is_int(rc, SPAWN_OK, "a program that closed its output runs to its end");
#ifdef SYS_pidfd_open
	rc = (int)syscall(SYS_pidfd_open, getpid(), 0);
	if (rc >= 0) {
		close(rc);
		ok(!sp.exit_late, "... and its exit is seen at once, not on "
		    "the next tick (its wall time is the figure exec keeps)");
	} else
		skip(1, "this kernel has no pidfd_open");
#else
	skip(1, "built without pidfd_open");
#endif
	spawn_release(&sp);
	av[0] = "cat";

	/* 1 MiB through cat: feeding and reading do not block each other */
	big = xmalloc(1 << 20);
	for (i = 0; i < 1 << 20; i++)
		big[i] = (char)('a' + i % 26);
	spawn_init(&sp);
	sp.input = big;
	sp.input_len = 1 << 20;
	sp.capture_out = 1;
	sp.out_cap = 2 << 20;
	rc = spawn_run(&sp, av);
	ok(rc == SPAWN_OK && sp.out.len == 1 << 20 &&
	    memcmp(sp.out.buf, big, 1 << 20) == 0,
	    "1 MiB in and out through a pipe each way (rc %d, %zu bytes)", rc,
	    sp.out.len);
	spawn_release(&sp);

	/* a program that reads none of it: EPIPE for us, not SIGPIPE */
	spawn_init(&sp);
	sp.input = big;
	sp.input_len = 1 << 20;
	av[0] = "true";
	rc = spawn_run(&sp, av);
	ok(rc == SPAWN_OK && sp.input_done < sp.input_len,
	    "a program that does not read its input: ok, %zu of %zu bytes "
	    "taken, and this process lives", sp.input_done, sp.input_len);
	spawn_release(&sp);
	av[0] = "cat";
	free(big);

	/* a missing program */
	spawn_init(&sp);
	av[0] = "bb-no-such-program";
	rc = spawn_run(&sp, av);
	ok(rc == SPAWN_NOEXEC && sp.error == ENOENT,
	    "a missing program: SPAWN_NOEXEC, ENOENT (rc %d: %s)", rc,
	    spawn_strerror(&sp, rc, why, sizeof(why)));
	spawn_release(&sp);

	/* endless output: the capture stops at its cap */
	spawn_init(&sp);
	sp.capture_out = 1;
	sp.out_cap = 256 * 1024;
	sp.limit = 120;
	av[0] = "bb-flood";
	rc = spawn_run(&sp, av);
	ok(rc == SPAWN_TOOBIG && sp.out.len <= 256 * 1024,
	    "endless output: SPAWN_TOOBIG at the cap (rc %d, %zu bytes: %s)",
	    rc, sp.out.len, spawn_strerror(&sp, rc, why, sizeof(why)));
	ok(strstr(why, "256 KiB") != NULL, "the reason names the cap: %s",
	    why);
	spawn_release(&sp);

	/* a program that hangs: the time limit */
	spawn_init(&sp);
	sp.limit = 0.5;
	av[0] = "bb-hang";
	rc = spawn_run(&sp, av);
	ok(rc == SPAWN_TIMEOUT, "a hang: SPAWN_TIMEOUT (rc %d, after %.1f s)",
	    rc, sp.elapsed);
	ok(sp.elapsed < 30, "and it returns (%.1f s)", sp.elapsed);
	spawn_release(&sp);

	/* a grandchild that ignores SIGTERM: the whole group goes */
	spawn_init(&sp);
	sp.limit = 2;
	av[0] = "bb-grandchild";
	bufprintf(path, sizeof(path), "%s/gc.pid", dir);
	av[1] = path;
	av[2] = NULL;
	rc = spawn_run(&sp, av);
	is_int(rc, SPAWN_TIMEOUT, "a wrapper that hangs: SPAWN_TIMEOUT");
	pid = pid_in("gc.pid");
	ok(pid > 0 && gone(pid), "its grandchild that ignores SIGTERM is "
	    "gone (pid %ld)", (long)pid);
	spawn_release(&sp);

	/* a program that exits and leaves a child behind: the child goes */
	spawn_init(&sp);
	sp.capture_out = 1;
	av[0] = "bb-leftover";
	bufprintf(path, sizeof(path), "%s/left.pid", dir);
	av[1] = path;
	rc = spawn_run(&sp, av);
	ok(rc == SPAWN_OK && strcmp(sp.out.buf, "done\n") == 0,
	    "a program that exits 0 leaving a child: ok (rc %d)", rc);
	pid = pid_in("left.pid");
	ok(pid > 0 && gone(pid), "what it left running is gone (pid %ld)",
	    (long)pid);
	spawn_release(&sp);

	/* descriptors: only 0, 1 and 2 reach the program */
	leak = open("/dev/null", O_RDONLY);	/* no O_CLOEXEC on purpose */
	if (leak < 0 || pipe(lp) != 0)
		bail("cannot open test descriptors");
	spawn_init(&sp);
	sp.capture_out = 1;
	sp.err_fd = SPAWN_KEEP;
	av[0] = self;
	av[1] = "--list-fds";
	av[2] = NULL;
	rc = spawn_run(&sp, av);
	is_int(rc, SPAWN_OK, "the test program runs as a child");
	is_str(sp.out.buf, "0 1 2\n", "the child has descriptors 0, 1 and 2 "
	    "only, though the parent holds %d, %d and %d open", leak, lp[0],
	    lp[1]);
	spawn_release(&sp);
	close(leak);
	close(lp[0]);
	close(lp[1]);

	/* spawn_start and spawn_stop: a background group stopped whole */
	bufprintf(path, sizeof(path), "%s/bg.pid", dir);
	av[0] = "bb-grandchild";
	av[1] = path;
	pid = spawn_start(av, SPAWN_NULL, SPAWN_NULL, &rc);
	ok(pid > 0, "spawn_start starts a background program");
	ok(!spawn_exited(pid), "which runs");
	gc = pid_in("bg.pid");		/* once the grandchild is there */
	spawn_stop(pid, &st);
	ok(WIFSIGNALED(st), "spawn_stop ends it by a signal");
	ok(gc > 0 && gone(gc), "and its grandchild that ignores SIGTERM "
	    "(pid %ld)", (long)gc);

	/* an interruption from a signal handler stops the group */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	spawn_init(&sp);
	sp.limit = 600;
	bufprintf(path, sizeof(path), "%s/int.pid", dir);
	av[0] = "bb-grandchild";
	av[1] = path;
	alarm(1);
	rc = spawn_run(&sp, av);
	is_int(rc, SPAWN_INTERRUPTED, "spawn_interrupt() from a handler: "
	    "SPAWN_INTERRUPTED");
	pid = pid_in("int.pid");
	ok(pid > 0 && gone(pid), "the group is gone (pid %ld)", (long)pid);
	spawn_release(&sp);
	spawn_init(&sp);
	av[0] = "cat";
	av[1] = NULL;
	rc = spawn_run(&sp, av);
	is_int(rc, SPAWN_INTERRUPTED, "after it, nothing more starts");
	spawn_release(&sp);
	return done_testing();
}
