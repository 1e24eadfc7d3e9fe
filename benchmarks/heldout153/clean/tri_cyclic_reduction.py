"""Parallel cyclic reduction (PCR) for a tridiagonal system split over 8 processes.

dla-jax/src/dla_jax/banded/pcr.py

Each step eliminates the couplings at distance ``s`` and doubles ``s``; after ``log2(n)`` steps
every equation stands alone. Values at distance ``s`` come from the neighbouring block (s < m) or
from the process ``s // m`` away (s >= m) through ppermute. The solution is returned whole on
every process as well (a reduced gather: the caller differentiates through it).
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

AXIS = "p"


def from_left(v, s, fill):
    """``v[i - s]`` for the local block (``fill`` before the first equation)."""
    m, nprocs = v.shape[0], jax.lax.axis_size(AXIS)
    if s < m:
        tail = jax.lax.ppermute(v[m - s:], AXIS, [(i, i + 1) for i in range(nprocs - 1)])
        me = jax.lax.axis_index(AXIS)
        tail = jnp.where(me == 0, jnp.full_like(tail, fill), tail)
        return jnp.concatenate([tail, v[: m - s]])
    hop = s // m
    got = jax.lax.ppermute(v, AXIS, [(i, i + hop) for i in range(nprocs - hop)])
    return jnp.where(jax.lax.axis_index(AXIS) < hop, jnp.full_like(v, fill), got)


def from_right(v, s, fill):
    """``v[i + s]`` for the local block (``fill`` after the last equation)."""
    m, nprocs = v.shape[0], jax.lax.axis_size(AXIS)
    if s < m:
        head = jax.lax.ppermute(v[:s], AXIS, [(i + 1, i) for i in range(nprocs - 1)])
        me = jax.lax.axis_index(AXIS)
        head = jnp.where(me == nprocs - 1, jnp.full_like(head, fill), head)
        return jnp.concatenate([v[s:], head])
    hop = s // m
    got = jax.lax.ppermute(v, AXIS, [(i + hop, i) for i in range(nprocs - hop)])
    return jnp.where(jax.lax.axis_index(AXIS) >= nprocs - hop, jnp.full_like(v, fill), got)


def pcr(a, b, c, d):
    n = a.shape[0] * jax.lax.axis_size(AXIS)
    s = 1
    while s < n:
        am, bm, cm, dm = (from_left(v, s, f) for v, f in ((a, 0.0), (b, 1.0), (c, 0.0), (d, 0.0)))
        ap, bp, cp, dp = (from_right(v, s, f) for v, f in ((a, 0.0), (b, 1.0), (c, 0.0), (d, 0.0)))
        alpha, gamma = -a / bm, -c / bp
        a, c = alpha * am, gamma * cp
        b = b + alpha * cm + gamma * ap
        d = d + alpha * dm + gamma * dp
        s *= 2
    x = d / b
    return x, jax.lax.all_gather(x, AXIS, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(191)
    n = 64
    a = rng.uniform(-1, 1, n)
    c = rng.uniform(-1, 1, n)
    a[0], c[-1] = 0.0, 0.0
    b = 3.0 + rng.uniform(0, 1, n)
    return tuple(v.astype(np.float32) for v in (a, b, c, rng.standard_normal(n)))


def main(a, b, c, d):
    mesh = jax.make_mesh((8,), (AXIS,))
    desc = BlockCyclic(a.shape[0], 1, 8, 1, ProcessGrid(8, nprow=8)).check_even()
    vec = P(AXIS)
    fn = jax.jit(jax.shard_map(pcr, mesh=mesh, in_specs=(vec,) * 4, out_specs=(vec, P(None, reduced={AXIS}))))
    put = lambda v: jax.device_put(v, NamedSharding(mesh, vec))
    x, whole = fn(put(a), put(b), put(c), put(d))
    dense = np.diag(b) + np.diag(a[1:], -1) + np.diag(c[:-1], 1)
    ref = np.linalg.solve(dense.astype(np.float64), d)
    assert_allclose(x, ref, rtol=1e-4, atol=1e-5, err_msg=repr(desc))
    assert_allclose(whole, ref, rtol=1e-4, atol=1e-5)
    print(desc, "PCR solve ok in", int(math.log2(a.shape[0])), "steps")


if __name__ == "__main__":
    main(*inputs())
