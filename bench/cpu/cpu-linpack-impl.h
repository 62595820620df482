/*
 * cpu-linpack-impl.h - the Linpack kernels for one precision.  Written once
 * and included by cpu-linpack-kern.c for each precision, with
 *     LP_REAL   the element type (double or float)
 *     LP_SFX    the suffix of every name made here (d or s)
 *     LP_EPS    the machine epsilon of LP_REAL
 *     LP_FABS   the absolute value for LP_REAL (fabs or fabsf)
 * defined before the #include; they are undefined again at the end.
 * LP_FN(name) and LP_COL(a, lda, j) come from cpu-linpack-kern.c.
 *
 * Storage is column-major as in the Fortran original: element (i, j) of
 * an n x n matrix with leading dimension lda is a[i + lda * j].  The BLAS
 * routines take unit strides only, which is all LU needs here.
 *
 * No include guard: this file is meant to be included more than once.
 */

/*
 * idamax: the index of the element of largest magnitude in dx[0..n-1],
 * the first one on ties; -1 when n < 1.
 */
static int
LP_FN(idamax)(int n, const LP_REAL *dx)
{
	LP_REAL dmax, v;
	int i, best;

	if (n < 1)
		return -1;
	best = 0;
	dmax = LP_FABS(dx[0]);
	for (i = 1; i < n; i++) {
		v = LP_FABS(dx[i]);
		if (v > dmax) {
			best = i;
			dmax = v;
		}
	}
	return best;
}

/* daxpy, rolled: dy += da * dx over n elements. */
static void
LP_FN(axpy_r)(int n, LP_REAL da, const LP_REAL *dx, LP_REAL *dy)
{
	int i;

	if (n <= 0 || da == 0)
		return;
	for (i = 0; i < n; i++)
		dy[i] += da * dx[i];
}

/*
 * daxpy, unrolled by four: the n % 4 leading elements first, then groups
 * of four.  Each element sees the same operations as in the rolled loop.
 */
static void
LP_FN(axpy_u)(int n, LP_REAL da, const LP_REAL *dx, LP_REAL *dy)
{
	int i, m;

	if (n <= 0 || da == 0)
		return;
	m = n % 4;
	for (i = 0; i < m; i++)
		dy[i] += da * dx[i];
	for (i = m; i < n; i += 4) {
		dy[i] += da * dx[i];
		dy[i + 1] += da * dx[i + 1];
		dy[i + 2] += da * dx[i + 2];
		dy[i + 3] += da * dx[i + 3];
	}
}

/* ddot, rolled: the sum of dx[i] * dy[i], added in index order. */
static LP_REAL
LP_FN(dot_r)(int n, const LP_REAL *dx, const LP_REAL *dy)
{
	LP_REAL t = 0;
	int i;

	for (i = 0; i < n; i++)
		t += dx[i] * dy[i];
	return t;
}

/*
 * ddot, unrolled by four.  The sum is still formed left to right in index
 * order, so it rounds exactly as the rolled loop does (unless the compiler
 * contracts the two differently into fused multiply-adds).
 */
static LP_REAL
LP_FN(dot_u)(int n, const LP_REAL *dx, const LP_REAL *dy)
{
	LP_REAL t = 0;
	int i, m;

	m = n % 4;
	for (i = 0; i < m; i++)
		t += dx[i] * dy[i];
	for (i = m; i < n; i += 4)
		t = t + dx[i] * dy[i] + dx[i + 1] * dy[i + 1] +
		    dx[i + 2] * dy[i + 2] + dx[i + 3] * dy[i + 3];
	return t;
}

/* dscal, rolled: dx *= da over n elements. */
static void
LP_FN(scal_r)(int n, LP_REAL da, LP_REAL *dx)
{
	int i;

	for (i = 0; i < n; i++)
		dx[i] *= da;
}

/* dscal, unrolled by four with the leading n % 4 elements first. */
static void
LP_FN(scal_u)(int n, LP_REAL da, LP_REAL *dx)
{
	int i, m;

	m = n % 4;
	for (i = 0; i < m; i++)
		dx[i] *= da;
	for (i = m; i < n; i += 4) {
		dx[i] *= da;
		dx[i + 1] *= da;
		dx[i + 2] *= da;
		dx[i + 3] *= da;
	}
}

/*
 * dgefa: factor a in place as P A = L U by Gaussian elimination with
 * partial pivoting.  U is left on and above the diagonal, the negated
 * multipliers of L below it, and ipvt[k] is the row swapped with row k at
 * step k.  Returns 0, or k + 1 when the k-th pivot (the last such) is
 * zero: U is then singular and dgesl would divide by zero.
 * `unroll` is a constant at each call site, so the branches fold away.
 */
static inline __attribute__((always_inline)) int
LP_FN(dgefa_gen)(LP_REAL *a, int lda, int n, int *ipvt, int unroll)
{
	LP_REAL *colk, *colj, t;
	int info = 0, j, k, l;

	for (k = 0; k < n - 1; k++) {
		colk = LP_COL(a, lda, k);
		/* the pivot: the largest element on or below the diagonal */
		l = LP_FN(idamax)(n - k, colk + k) + k;
		ipvt[k] = l;
		if (colk[l] == 0) {
			info = k + 1;
			continue;
		}
		if (l != k) {
			t = colk[l];
			colk[l] = colk[k];
			colk[k] = t;
		}
		/* the negated multipliers a(i,k) / a(k,k), i > k */
		t = (LP_REAL)-1 / colk[k];
		if (unroll)
			LP_FN(scal_u)(n - k - 1, t, colk + k + 1);
		else
			LP_FN(scal_r)(n - k - 1, t, colk + k + 1);
		/* row elimination, one column at a time, swapping as we go */
		for (j = k + 1; j < n; j++) {
			colj = LP_COL(a, lda, j);
			t = colj[l];
			if (l != k) {
				colj[l] = colj[k];
				colj[k] = t;
			}
			if (unroll)
				LP_FN(axpy_u)(n - k - 1, t, colk + k + 1,
				    colj + k + 1);
			else
				LP_FN(axpy_r)(n - k - 1, t, colk + k + 1,
				    colj + k + 1);
		}
	}
	if (n > 0) {
		ipvt[n - 1] = n - 1;
		if (LP_COL(a, lda, n - 1)[n - 1] == 0)
			info = n;
	}
	return info;
}

/*
 * dgesl: solve A x = b (job 0) or trans(A) x = b (job != 0) with the
 * factors from dgefa; b is overwritten by x.
 */
static inline __attribute__((always_inline)) void
LP_FN(dgesl_gen)(const LP_REAL *a, int lda, int n, const int *ipvt,
    LP_REAL *b, int job, int unroll)
{
	const LP_REAL *colk;
	LP_REAL t;
	int k, l;

	if (job == 0) {
		/* L y = b: the interchanges and multipliers in order */
		for (k = 0; k < n - 1; k++) {
			colk = LP_COL(a, lda, k);
			l = ipvt[k];
			t = b[l];
			if (l != k) {
				b[l] = b[k];
				b[k] = t;
			}
			if (unroll)
				LP_FN(axpy_u)(n - k - 1, t, colk + k + 1,
				    b + k + 1);
			else
				LP_FN(axpy_r)(n - k - 1, t, colk + k + 1,
				    b + k + 1);
		}
		/* U x = y: back substitution, column by column */
		for (k = n - 1; k >= 0; k--) {
			colk = LP_COL(a, lda, k);
			b[k] /= colk[k];
			t = -b[k];
			if (unroll)
				LP_FN(axpy_u)(k, t, colk, b);
			else
				LP_FN(axpy_r)(k, t, colk, b);
		}
		return;
	}
	/* trans(U) y = b: forward substitution with dot products */
	for (k = 0; k < n; k++) {
		colk = LP_COL(a, lda, k);
		t = unroll ? LP_FN(dot_u)(k, colk, b) : LP_FN(dot_r)(k, colk, b);
		b[k] = (b[k] - t) / colk[k];
	}
	/* trans(L) x = y: backwards, undoing the interchanges */
	for (k = n - 2; k >= 0; k--) {
		colk = LP_COL(a, lda, k);
		b[k] += unroll ?
		    LP_FN(dot_u)(n - k - 1, colk + k + 1, b + k + 1) :
		    LP_FN(dot_r)(n - k - 1, colk + k + 1, b + k + 1);
		l = ipvt[k];
		if (l != k) {
			t = b[l];
			b[l] = b[k];
			b[k] = t;
		}
	}
}

/* The four entry points of struct lp_ops, with the BLAS choice fixed. */
static int
LP_FN(dgefa_r)(void *a, int lda, int n, int *ipvt)
{
	return LP_FN(dgefa_gen)(a, lda, n, ipvt, 0);
}

static int
LP_FN(dgefa_u)(void *a, int lda, int n, int *ipvt)
{
	return LP_FN(dgefa_gen)(a, lda, n, ipvt, 1);
}

static void
LP_FN(dgesl_r)(const void *a, int lda, int n, const int *ipvt, void *b,
    int job)
{
	LP_FN(dgesl_gen)(a, lda, n, ipvt, b, job, 0);
}

static void
LP_FN(dgesl_u)(const void *a, int lda, int n, const int *ipvt, void *b,
    int job)
{
	LP_FN(dgesl_gen)(a, lda, n, ipvt, b, job, 1);
}

/*
 * The right-hand side whose exact solution is all ones: the row sums of
 * a (trans 0) or its column sums (trans != 0), added in column order.
 */
static void
LP_FN(rhs)(const void *va, int lda, int n, void *vb, int trans)
{
	const LP_REAL *a = va, *col;
	LP_REAL *b = vb, t;
	int i, j;

	if (trans == 0) {
		for (i = 0; i < n; i++)
			b[i] = 0;
		for (j = 0; j < n; j++) {
			col = LP_COL(a, lda, j);
			for (i = 0; i < n; i++)
				b[i] += col[i];
		}
		return;
	}
	for (j = 0; j < n; j++) {
		col = LP_COL(a, lda, j);
		t = 0;
		for (i = 0; i < n; i++)
			t += col[i];
		b[j] = t;
	}
}

/*
 * matgen: the classic test matrix.  Elements come column by column from
 * the congruential sequence init <- 3125 * init mod 65536 started at 1325,
 * scaled to [-2, 2) (exact in both precisions); b gets the row sums.
 */
static void
LP_FN(matgen)(void *va, int lda, int n, void *vb)
{
	LP_REAL *a = va, *col;
	long init = 1325;
	int i, j;

	for (j = 0; j < n; j++) {
		col = LP_COL(a, lda, j);
		for (i = 0; i < n; i++) {
			init = 3125 * init % 65536;
			col[i] = (LP_REAL)((init - 32768.0) / 16384.0);
		}
	}
	LP_FN(rhs)(a, lda, n, vb, 0);
}

/*
 * The accuracy of a solution x of op(A) x = b, computed in double with
 * loops of its own (not the BLAS under test): the normalised residual
 *     max|op(A) x - b| / (n * max|a(i,j)| * max|x| * eps)
 * as the classic defines it, max |x(i) - 1| (the exact solution is all
 * ones) and ||op(A)||_inf.  Fields are NAN when x or the residual is not
 * finite.  r and w are scratch of n doubles.
 */
static void
LP_FN(check)(const void *va, int lda, int n, const void *vb, const void *vx,
    double *r, double *w, int trans, struct linpack_acc *acc)
{
	const LP_REAL *a = va, *b = vb, *x = vx, *col;
	double norma = 0, normx = 0, rmax = 0, anorm = 0, err = 0, v, t, u;
	int i, j;

	acc->resid = acc->xerr = acc->anorm = NAN;
	for (i = 0; i < n; i++) {
		if (!isfinite(x[i]))
			return;
		v = fabs((double)x[i]);
		if (v > normx)
			normx = v;
		v = fabs((double)x[i] - 1.0);
		if (v > err)
			err = v;
		r[i] = -(double)b[i];
		w[i] = 0;
	}
	for (j = 0; j < n; j++) {
		col = LP_COL(a, lda, j);
		t = 0;
		u = 0;
		for (i = 0; i < n; i++) {
			v = fabs((double)col[i]);
			if (v > norma)
				norma = v;
			if (trans == 0) {
				r[i] += (double)col[i] * (double)x[j];
				w[i] += v;
			} else {
				t += (double)col[i] * (double)x[i];
				u += v;
			}
		}
		if (trans != 0) {
			r[j] += t;
			if (u > anorm)
				anorm = u;
		}
	}
	for (i = 0; i < n; i++) {
		if (!isfinite(r[i]))
			return;
		if (fabs(r[i]) > rmax)
			rmax = fabs(r[i]);
		if (trans == 0 && w[i] > anorm)
			anorm = w[i];
	}
	acc->resid = rmax / ((double)n * norma * normx * (double)LP_EPS);
	acc->xerr = err;
	acc->anorm = anorm;
}

/*
 * An estimate of ||op(A)^-1||_inf = ||op(A)^-T||_1 from the factors of A
 * by Hager's method with Higham's refinements (as LAPACK's dlacon): a few
 * solves with op(A)^-T and op(A)^-1 on the existing factors.  The estimate
 * is a lower bound, in practice within a small factor.  Infinity when the
 * solves overflow (A singular to working precision).  v and z are scratch
 * of n elements.
 */
static double
LP_FN(invnorm)(const void *lu, int lda, int n, const int *ipvt, int trans,
    void *vv, void *vz)
{
	LP_REAL *v = vv, *z = vz;
	double est = 0, alt, sum;
	int i, iter, j, jlast = -1;

	for (i = 0; i < n; i++)
		v[i] = (LP_REAL)(1.0 / n);
	for (iter = 0; iter < 5; iter++) {
		LP_FN(dgesl_r)(lu, lda, n, ipvt, v, !trans);
		sum = 0;
		for (i = 0; i < n; i++)
			sum += fabs((double)v[i]);
		if (!isfinite(sum))
			return INFINITY;
		if (iter > 0 && sum <= est)
			break;
		est = sum;
		for (i = 0; i < n; i++)
			z[i] = v[i] >= 0 ? 1 : -1;
		LP_FN(dgesl_r)(lu, lda, n, ipvt, z, trans);
		j = LP_FN(idamax)(n, z);
		if (j == jlast)
			break;
		jlast = j;
		for (i = 0; i < n; i++)
			v[i] = 0;
		v[j] = 1;
	}
	/* Higham's alternating vector guards against a poor local maximum */
	for (i = 0; i < n; i++)
		v[i] = (LP_REAL)((i % 2 ? -1.0 : 1.0) *
		    (1.0 + (double)i / (n > 1 ? n - 1 : 1)));
	LP_FN(dgesl_r)(lu, lda, n, ipvt, v, !trans);
	sum = 0;
	for (i = 0; i < n; i++)
		sum += fabs((double)v[i]);
	if (!isfinite(sum))
		return INFINITY;
	alt = 2.0 * sum / (3.0 * n);
	return alt > est ? alt : est;
}

/* The solution as doubles, for the tests. */
static void
LP_FN(widen)(const void *vx, int n, double *out)
{
	const LP_REAL *x = vx;
	int i;

	for (i = 0; i < n; i++)
		out[i] = (double)x[i];
}

/* Move x(0) by d: the fault the tests inject to see verify() fail. */
static void
LP_FN(nudge)(void *vx, double d)
{
	LP_REAL *x = vx;

	x[0] = (LP_REAL)(x[0] + d);
}

static const struct lp_ops LP_FN(ops_rolled) = {
	.size = sizeof(LP_REAL),
	.eps = LP_EPS,
	.matgen = LP_FN(matgen),
	.rhs = LP_FN(rhs),
	.dgefa = LP_FN(dgefa_r),
	.dgesl = LP_FN(dgesl_r),
	.check = LP_FN(check),
	.invnorm = LP_FN(invnorm),
	.widen = LP_FN(widen),
	.nudge = LP_FN(nudge),
};

static const struct lp_ops LP_FN(ops_unrolled) = {
	.size = sizeof(LP_REAL),
	.eps = LP_EPS,
	.matgen = LP_FN(matgen),
	.rhs = LP_FN(rhs),
	.dgefa = LP_FN(dgefa_u),
	.dgesl = LP_FN(dgesl_u),
	.check = LP_FN(check),
	.invnorm = LP_FN(invnorm),
	.widen = LP_FN(widen),
	.nudge = LP_FN(nudge),
};

#undef LP_REAL
#undef LP_SFX
#undef LP_EPS
#undef LP_FABS
