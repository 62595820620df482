/*
 * stopflag.h - the request to stop: the runner's SIGINT, SIGTERM and
 * SIGHUP handler sets it; the runner, the monitor's waits and the run
 * command read it.  It depends on nothing, so every layer may ask.
 */
#ifndef BOARDBENCH_STOPFLAG_H
#define BOARDBENCH_STOPFLAG_H

/* Record the signal that asks for a stop (async-signal-safe). */
void stopflag_set(int sig);
/* The signal that asked for a stop, 0 when none did. */
int stopflag_signal(void);
/* Was a stop requested? */
int stopflag_requested(void);

#endif
