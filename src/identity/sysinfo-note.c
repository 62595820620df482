/*
 * sysinfo-note.c - notes about unusable values (and the probe's reads that
 * note them: sysinfo-int.h) and the vcgencmd question (sysinfo-note.h).
 */
#include "config.h"

#include "spawn.h"
#include "sysfs.h"
#include "sysinfo-note.h"
#include "sysinfo-int.h"
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

/* Note a value that was there but unusable (missing files are silent). */
void
sysinfo_note_bad(struct sysinfo_notes *notes, const char *path, int rc,
    const char *raw)
{
	char buf[320];

	if (notes == NULL || rc == SYSFS_MISSING || rc == SYSFS_OK)
		return;
	if (rc == SYSFS_MALFORMED)
		snprintf(buf, sizeof(buf), "%s: not a number ('%.60s'), "
		    "reported as unknown", path, raw ? raw : "");
	else
		snprintf(buf, sizeof(buf), "%s: %s, reported as unknown", path,
		    sysfs_strerror(rc));
	sysinfo_note(notes, buf);
}

/* A number from a file, noted when malformed; SYSFS_* code. */
int
sysinfo_read_num(struct sysinfo_notes *notes, const char *path, int hex,
    long long *v)
{
	char raw[128];
	int rc = sysfs_read_ll(path, hex, v, raw, sizeof(raw));

	sysinfo_note_bad(notes, path, rc, raw);
	return rc;
}

char *
sysinfo_str_or_null(int rc, const char *s)
{
	return rc == SYSFS_OK ? xstrdup(s) : NULL;
}
