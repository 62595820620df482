/*
 * sysinfo-note.c - notes about unusable values and the vcgencmd question
 * (sysinfo-note.h).
 */
#include "config.h"

#include "spawn.h"
#include "sysfs.h"
#include "sysinfo-note.h"
#include "util.h"

void
sysinfo_note(struct sysinfo_notes *notes, const char *text)
{
	if (notes != NULL && notes->n < SI_MAX_NOTES)
		notes->v[notes->n++] = xstrdup(text);
}

int
sysinfo_have_vcgencmd(void)
{
	static int known = -1;

	if (!sysfs_is_real())
		return 0;
	if (known < 0)
		known = spawn_find("vcgencmd");
	return known;
}
