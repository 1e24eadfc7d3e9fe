"""Shifted tridiagonal systems ``(T + sigma I) x = d`` for a continuation in sigma.

dla-jax/src/dla_jax/banded/shifted_tridiag.py

The coefficients are split over 8 processes. The diagonal is assembled on every process (reduced,
so that d/dsigma accumulates once), shifted, and the whole small system is solved redundantly;
each process keeps its block of the solution.
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


class ShiftedSolver:
    """Parameters
    ----------
    mesh : jax.sharding.Mesh
        One-axis mesh.
    sigma : float
        The shift.
    """

    def __init__(self, mesh, sigma):
        (self.axis,) = mesh.axis_names
        self.mesh, self.sigma = mesh, float(sigma)

    def whole(self, v, to="invarying"):
        return jax.lax.all_gather(v, self.axis, tiled=True, to=to)

    def body(self, a, b, c, d):
        diag = self.whole(b) + self.sigma
        lower, upper, rhs = self.whole(a), self.whole(c), self.whole(d)
        t = jnp.diag(diag) + jnp.diag(lower[1:], -1) + jnp.diag(upper[:-1], 1)
        x = jnp.linalg.solve(t, rhs)
        m = b.shape[0]
        return jax.lax.dynamic_slice_in_dim(x, jax.lax.axis_index(self.axis) * m, m)

    def __call__(self, a, b, c, d):
        vec = P(self.axis)
        fn = jax.shard_map(self.body, mesh=self.mesh, in_specs=(vec,) * 4, out_specs=vec)
        put = lambda v: jax.device_put(v, NamedSharding(self.mesh, vec))
        return jax.jit(fn)(put(a), put(b), put(c), put(d))

    def __repr__(self):
        return f"ShiftedSolver(axis={self.axis!r}, sigma={self.sigma})"


def inputs():
    rng = np.random.default_rng(181)
    n = 32
    a = rng.uniform(-1, 1, n)
    c = rng.uniform(-1, 1, n)
    a[0], c[-1] = 0.0, 0.0
    b = rng.uniform(-0.5, 0.5, n)
    d = rng.standard_normal(n)
    return tuple(v.astype(np.float32) for v in (a, b, c, d)) + ([3.0, 4.0, 6.0],)


def main(a, b, c, d, sigmas):
    mesh = jax.make_mesh((8,), ("p",))
    desc = BlockCyclic(a.shape[0], 1, 4, 1, ProcessGrid(8, nprow=8)).check_even()
    for sigma in sigmas:
        solver = ShiftedSolver(mesh, sigma)
        x = np.asarray(solver(a, b, c, d))
        dense = np.diag(b + sigma) + np.diag(a[1:], -1) + np.diag(c[:-1], 1)
        assert_allclose(x, np.linalg.solve(dense.astype(np.float64), d), rtol=1e-4, atol=1e-5,
                        err_msg=f"{solver!r} {desc!r}")
        print(solver, "||x|| = %.4f" % np.linalg.norm(x))


if __name__ == "__main__":
    main(*inputs())
