"""Residual report for a batch of tridiagonal solves on a 2 x 4 mesh.

dla-jax/src/dla_jax/banded/residual_report.py

Systems are split over ``batch``, unknowns over ``p``. The report gives the squared residual of
each system (summed along ``p``) and the batch total used by the regression tests.
"""
import math
import functools

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

SYSTEM_AXIS, UNKNOWN_AXIS = "batch", "p"


def shifted(x, axis):
    n = jax.lax.axis_size(axis)
    from_left = jax.lax.ppermute(x[:, -1:], axis, [(i, i + 1) for i in range(n - 1)])
    from_right = jax.lax.ppermute(x[:, :1], axis, [(i + 1, i) for i in range(n - 1)])
    return (jnp.concatenate([from_left, x[:, :-1]], axis=1),
            jnp.concatenate([x[:, 1:], from_right], axis=1))


def apply_tridiag(a, b, c, x):
    xl, xr = shifted(x, UNKNOWN_AXIS)
    return a * xl + b * x + c * xr


@functools.partial(jax.shard_map, in_specs=(P(SYSTEM_AXIS, UNKNOWN_AXIS),) * 5,
                   out_specs=(P(SYSTEM_AXIS), P()))
def residual_report(a, b, c, d, x):
    r = d - apply_tridiag(a, b, c, x)
    per_system = jax.lax.psum(jnp.sum(r * r, axis=1), UNKNOWN_AXIS)
    total = jax.lax.psum(jnp.sum(per_system), (SYSTEM_AXIS, UNKNOWN_AXIS))
    return per_system, total


def host_solutions(a, b, c, d, perturb=0.0, seed=0):
    rng = np.random.default_rng(seed)
    xs = []
    for s in range(a.shape[0]):
        dense = np.diag(b[s]) + np.diag(a[s, 1:], -1) + np.diag(c[s, :-1], 1)
        xs.append(np.linalg.solve(dense.astype(np.float64), d[s]))
    x = np.stack(xs)
    return (x + perturb * rng.standard_normal(x.shape)).astype(np.float32)


def inputs():
    rng = np.random.default_rng(179)
    nsys, n = 4, 32
    a = rng.uniform(-1, 1, (nsys, n))
    c = rng.uniform(-1, 1, (nsys, n))
    a[:, 0], c[:, -1] = 0.0, 0.0
    b = 3.0 + rng.uniform(0, 1, (nsys, n))
    return tuple(v.astype(np.float32) for v in (a, b, c, rng.standard_normal((nsys, n))))


def main(a, b, c, d):
    grid = ProcessGrid(8, nprow=2)
    desc = BlockCyclic(*a.shape, 2, 8, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), (SYSTEM_AXIS, UNKNOWN_AXIS))
    x = host_solutions(a, b, c, d, perturb=1e-3)
    put = lambda v: jax.device_put(v, NamedSharding(mesh, P(SYSTEM_AXIS, UNKNOWN_AXIS)))
    with jax.set_mesh(mesh):
        per_system, total = jax.jit(residual_report)(*(put(v) for v in (a, b, c, d, x)))
    assert_allclose(float(total), float(np.sum(per_system)), rtol=1e-5)
    if float(total) > 1e-2:
        raise AssertionError(f"residuals too large for {desc!r}: {np.asarray(per_system)}")
    print(desc, "per-system residuals", np.asarray(per_system).round(7))


if __name__ == "__main__":
    main(*inputs())
