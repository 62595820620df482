/*
 * sync-kat.h - what the sync known-answer tests share: a case's extras and
 * metrics by name after bench_ctx_exercise().
 */
#ifndef BOARDBENCH_SYNC_KAT_H
#define BOARDBENCH_SYNC_KAT_H

#include <string.h>

#include "runner-int.h"

/* 1 and *v set when verify() attached extra `name`, else 0. */
static inline int
extra(const struct bench_ctx *ctx, const char *name, double *v)
{
	size_t i;

	for (i = 0; i < ctx->nextras; i++)
		if (strcmp(ctx->extras[i].name, name) == 0) {
			*v = ctx->extras[i].value;
			return 1;
		}
	return 0;
}

/* The last sample's metric `name`, or NULL. */
static inline const struct ctx_metric *
metric(const struct bench_ctx *ctx, const char *name)
{
	size_t i;

	for (i = 0; i < ctx->nmetrics; i++)
		if (strcmp(ctx->metrics[i].name, name) == 0 &&
		    ctx->metrics[i].set)
			return &ctx->metrics[i];
	return NULL;
}

#endif
