"""Iterative refinement of a Cholesky solve on a row-distributed SPD matrix.

dla-jax/src/dla_jax/solve/pdporfs.py

``x <- x + A^{-1} (b - A x)`` with the inverse applied through the (small, replicated) inverse
factor ``W = L^{-1}``. A and b are distributed by block rows over the 4 process rows; the
residual is assembled on every process so that the correction is computed redundantly.
"""
import math

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# dla_lite: block-cyclic descriptors, process grids and workspaces (pasted from dla_lite/core.py)
# ---------------------------------------------------------------------------------------------


def _factor_pairs(n):
    """Return the factor pairs ``(p, q)`` of ``n`` with ``p <= q``, squarest first."""
    pairs = []
    for p in range(math.isqrt(n), 0, -1):
        q, rem = divmod(n, p)
        if rem == 0:
            pairs.append((p, q))
    return pairs


class ProcessGrid:
    """A logical ``nprow x npcol`` grid of processes.

    Parameters
    ----------
    nprocs : int
        Number of processes.
    nprow : int, optional
        Rows of the grid; the squarest factorisation when omitted.
    """

    def __init__(self, nprocs, nprow=None):
        if nprocs < 1:
            raise ValueError(f"nprocs must be positive, got {nprocs}")
        if nprow is None:
            nprow = _factor_pairs(nprocs)[0][0]
        q, rem = divmod(nprocs, nprow)
        if rem:
            raise ValueError(f"nprow={nprow} does not divide nprocs={nprocs}")
        self._shape = (nprow, q)

    @property
    def nprow(self):
        return self._shape[0]

    @property
    def npcol(self):
        return self._shape[1]

    @property
    def size(self):
        return self.nprow * self.npcol

    def coords(self, rank):
        """Row-major grid coordinates of ``rank``."""
        return divmod(rank, self.npcol)

    def __repr__(self):
        return f"ProcessGrid(nprow={self.nprow}, npcol={self.npcol})"

    def __eq__(self, other):
        return isinstance(other, ProcessGrid) and self._shape == other._shape


class BlockCyclic:
    """Block-cyclic layout of an ``m x n`` matrix with ``mb x nb`` blocks over a grid.

    Parameters
    ----------
    m, n : int
        Global extents.
    mb, nb : int
        Block extents.
    grid : ProcessGrid
    """

    def __init__(self, m, n, mb, nb, grid):
        for name, v in (("m", m), ("n", n), ("mb", mb), ("nb", nb)):
            if v < 1:
                raise ValueError(f"{name} must be positive, got {v}")
        self._m, self._n, self._mb, self._nb = m, n, mb, nb
        self.grid = grid

    m = property(lambda self: self._m)
    n = property(lambda self: self._n)
    mb = property(lambda self: self._mb)
    nb = property(lambda self: self._nb)

    @property
    def nprow(self):
        return self.grid.nprow

    @property
    def npcol(self):
        return self.grid.npcol

    def owner(self, i, j):
        """Grid coordinates of the process owning global entry ``(i, j)``."""
        return (i // self.mb) % self.nprow, (j // self.nb) % self.npcol

    def local_extent(self, n, nb, iproc, nprocs):
        """Number of rows (or columns) of ``n`` held by ``iproc`` (ScaLAPACK's NUMROC)."""
        nblocks, extra = divmod(n, nb)
        count = (nblocks // nprocs) * nb
        rest = nblocks % nprocs
        if iproc < rest:
            count += nb
        elif iproc == rest:
            count += extra
        return count

    def local_shape(self, prow, pcol):
        return (self.local_extent(self.m, self.mb, prow, self.nprow),
                self.local_extent(self.n, self.nb, pcol, self.npcol))

    def check_even(self):
        """Raise unless every process holds the same number of whole blocks."""
        for ext, blk, np_, name in ((self.m, self.mb, self.nprow, "m"), (self.n, self.nb, self.npcol, "n")):
            if ext % (blk * np_):
                raise ValueError(f"{name}={ext} is not a multiple of {blk}*{np_}")
        return self

    def __repr__(self):
        return f"BlockCyclic(m={self.m}, n={self.n}, mb={self.mb}, nb={self.nb}, grid={self.grid!r})"

    def __eq__(self, other):
        return isinstance(other, BlockCyclic) and (self.m, self.n, self.mb, self.nb, self.grid) == (
            other.m, other.n, other.mb, other.nb, other.grid)


class Workspace:
    """Buffers reused between calls, keyed by ``(shape, dtype)``."""

    def __init__(self):
        self._buffers = {}

    def get(self, shape, dtype=np.float32):
        key = (tuple(shape), np.dtype(dtype).str)
        if key not in self._buffers:
            self._buffers[key] = np.zeros(shape, dtype)
        return self._buffers[key]

    def __len__(self):
        return len(self._buffers)


def assert_allclose(actual, desired, rtol=1e-4, atol=1e-5, err_msg=""):
    """Like ``numpy.testing.assert_allclose`` with a shorter report."""
    a, d = np.asarray(actual, np.float64), np.asarray(desired, np.float64)
    if a.shape != d.shape:
        raise AssertionError(f"shape mismatch {a.shape} vs {d.shape} {err_msg}")
    err = np.max(np.abs(a - d) - (atol + rtol * np.abs(d)), initial=-1.0)
    if err > 0:
        raise AssertionError(f"not close: max excess {err:.3e} {err_msg}")


# ---------------------------------------------------------------------------------------------

ROWS = "r"

STATS = {
    "resid_norm": lambda v: jnp.sqrt(jax.lax.psum(jnp.sum(v * v), ROWS)),
    "resid_max": lambda v: jax.lax.pmax(jnp.max(jnp.abs(v)), ROWS),
}


def refine_step(a_rows, b_rows, x, w):
    """One refinement step; returns the new iterate and the residual 2-norm."""
    r_loc = b_rows - a_rows @ x
    r_all = jax.lax.all_gather(r_loc, ROWS, tiled=True, to="reduced")
    corr = w.T @ (w @ r_all)
    return x + corr, STATS["resid_norm"](r_loc)


class Refiner:
    def __init__(self, mesh, steps=3):
        if steps < 1:
            raise ValueError(f"steps must be >= 1, got {steps}")
        self.mesh, self.steps = mesh, steps

    def __call__(self, a, b, x0, w):
        fn = jax.shard_map(refine_step, mesh=self.mesh,
                           in_specs=(P(ROWS, None), P(ROWS), P(), P()), out_specs=(P(), P()))
        fn = jax.jit(fn)
        x, hist = x0, []
        for _ in range(self.steps):
            x, nrm = fn(a, b, x, w)
            hist.append(float(nrm))
        return x, hist


def inputs():
    rng = np.random.default_rng(31)
    n = 16
    m = rng.standard_normal((n, n))
    a = (m @ m.T + n * np.eye(n)).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    return a, b


def main(a, b):
    grid = ProcessGrid(8, nprow=4)
    desc = BlockCyclic(*a.shape, 4, 8, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), (ROWS, "c"))
    w = np.linalg.inv(np.linalg.cholesky(a.astype(np.float64))).astype(np.float32)
    x0 = (w.T @ (w @ b)).astype(np.float32)
    put = lambda v, s: jax.device_put(v, NamedSharding(mesh, s))
    x, hist = Refiner(mesh)(put(a, P(ROWS, None)), put(b, P(ROWS)), put(x0, P()), put(w, P()))
    assert_allclose(x, np.linalg.solve(a.astype(np.float64), b), rtol=1e-3, atol=1e-4)
    print(desc, "residual history", ["%.1e" % h for h in hist])


if __name__ == "__main__":
    main(*inputs())
