"""Batched Jacobi iteration for diagonally dominant tridiagonal systems.

dla-jax/src/dla_jax/banded/jacobi_batched.py

A batch of systems ``a x_{k-1} + b x_k + c x_{k+1} = d`` (one per row of the arrays) is laid out
on a 2 x 4 mesh: systems over ``batch``, the unknowns of each system over ``p``. Neighbouring
unknowns across block boundaries come from ppermute halos. The converged batch is assembled
for the report: first each system along ``p``, then the batch.
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

LAYOUT = {"systems": "batch", "unknowns": "p"}


def halos(x, axis):
    """Last unknown of the previous block and first unknown of the next one (0 at the ends)."""
    n = jax.lax.axis_size(axis)
    left = jax.lax.ppermute(x[:, -1:], axis, [(i, i + 1) for i in range(n - 1)])
    right = jax.lax.ppermute(x[:, :1], axis, [(i + 1, i) for i in range(n - 1)])
    return left, right


def jacobi(a, b, c, d, sweeps):
    ax = LAYOUT["unknowns"]
    x = d / b
    for _ in range(sweeps):
        left, right = halos(x, ax)
        x_prev = jnp.concatenate([left, x[:, :-1]], axis=1)
        x_next = jnp.concatenate([x[:, 1:], right], axis=1)
        x = (d - a * x_prev - c * x_next) / b
    return x


def assemble(x):
    per_system = jax.lax.all_gather(x, LAYOUT["unknowns"], axis=1, tiled=True, to="reduced")
    report_axes = tuple(LAYOUT.values())
    return jax.lax.all_gather(per_system, report_axes, axis=0, tiled=True, to="reduced")


def make(mesh, sweeps):
    spec = P(LAYOUT["systems"], LAYOUT["unknowns"])
    return jax.jit(jax.shard_map(lambda a, b, c, d: assemble(jacobi(a, b, c, d, sweeps)), mesh=mesh,
                                 in_specs=(spec,) * 4, out_specs=P(None, None, reduced=set(LAYOUT.values()))))


def inputs():
    rng = np.random.default_rng(163)
    nsys, n = 4, 32
    a = rng.uniform(-1, 1, (nsys, n))
    c = rng.uniform(-1, 1, (nsys, n))
    a[:, 0], c[:, -1] = 0.0, 0.0
    b = 3.0 + rng.uniform(0, 1, (nsys, n))
    d = rng.standard_normal((nsys, n))
    return tuple(v.astype(np.float32) for v in (a, b, c, d)) + (80,)


def main(a, b, c, d, sweeps):
    grid = ProcessGrid(8, nprow=2)
    desc = BlockCyclic(*a.shape, 2, 8, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), tuple(LAYOUT.values()))
    put = lambda v: jax.device_put(v, NamedSharding(mesh, P(*LAYOUT.values())))
    x = np.asarray(make(mesh, sweeps)(put(a), put(b), put(c), put(d)))
    for s in range(a.shape[0]):
        dense = np.diag(b[s]) + np.diag(a[s, 1:], -1) + np.diag(c[s, :-1], 1)
        assert_allclose(x[s], np.linalg.solve(dense.astype(np.float64), d[s]), rtol=1e-3, atol=1e-4,
                        err_msg=f"system {s} of {desc!r}")
    print(desc, "batched Jacobi converged for", a.shape[0], "systems")


if __name__ == "__main__":
    main(*inputs())
