/*
 * stopflag.c - the request to stop (stopflag.h): one sig_atomic_t that a
 * signal handler writes and the loops read.
 */
#include "config.h"

#include <signal.h>

#include "stopflag.h"

static volatile sig_atomic_t stop_signal;

void
stopflag_set(int sig)
{
	stop_signal = sig;
}

int
stopflag_signal(void)
{
	return stop_signal;
}

int
stopflag_requested(void)
{
	return stop_signal != 0;
}
