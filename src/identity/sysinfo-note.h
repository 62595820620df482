/*
 * sysinfo-note.h - what the machine readers above it share: notes about
 * values that were there but unusable, and whether `vcgencmd` can be
 * asked.  sysinfo-probe.c, power.c and monitor.c use it; it calls none of
 * them (spawn.h and sysfs.h only).
 */
#ifndef BOARDBENCH_SYSINFO_NOTE_H
#define BOARDBENCH_SYSINFO_NOTE_H

#include <stddef.h>

#define SI_MAX_NOTES	256

/* Values that were there but unusable, as sentences (owned strings). */
struct sysinfo_notes {
	char *v[SI_MAX_NOTES];
	size_t n;
};
/* Add a copy of text (notes may be NULL; beyond SI_MAX_NOTES: dropped). */
void sysinfo_note(struct sysinfo_notes *, const char *text);

/* Is this the real machine with vcgencmd on PATH?  (PATH searched once.) */
int sysinfo_have_vcgencmd(void);

#endif
