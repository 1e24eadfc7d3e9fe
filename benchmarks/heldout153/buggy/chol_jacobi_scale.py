"""Symmetric Jacobi equilibration before a distributed Cholesky factorisation.

dla-jax/src/dla_jax/factor/pdpoequ.py

``A_s = D A D`` with ``D = diag(A)^{-1/2}`` (the scaling of LAPACK's xPOEQU), A distributed
4 x 2 and its diagonal by block over the process rows. Every process needs the whole diagonal to
scale its block, so it is gathered once (to ``reduced``: the cotangent is summed once).
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


def block_slices(diag_all, mb, nb, row_axis, col_axis):
    """The pieces of a whole vector that scale the rows and the columns of the local block."""
    ri = jax.lax.axis_index(row_axis)
    ci = jax.lax.axis_index(col_axis)
    rows = jax.lax.dynamic_slice_in_dim(diag_all, ri * mb, mb)
    cols = jax.lax.dynamic_slice_in_dim(diag_all, ci * nb, nb)
    return rows, cols


def make_equilibrate(mesh):
    row_axis, col_axis = mesh.axis_names

    def body(a, d):
        mb, nb = a.shape
        d_all = jax.lax.all_gather(d, row_axis, tiled=True, to="reduced")
        s = 1.0 / jnp.sqrt(d_all)
        s_rows, s_cols = block_slices(s, mb, nb, row_axis, col_axis)
        return a * s_rows[:, None] * s_cols[None, :]

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(row_axis, col_axis), P(row_axis)),
                                 out_specs=P(row_axis, col_axis)))


def scond(diag):
    d = np.asarray(diag, np.float64)
    return float(np.sqrt(d.min() / d.max()))


def inputs():
    rng = np.random.default_rng(47)
    n = 16
    m = rng.standard_normal((n, n))
    dd = np.logspace(-3, 3, n)
    a = dd[:, None] * (m @ m.T + n * np.eye(n)) * dd[None, :]
    return a.astype(np.float32),


def main(a):
    grid = ProcessGrid(8, nprow=4)
    desc = BlockCyclic(*a.shape, 4, 8, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), ("r", "c"))
    d = np.diagonal(a).copy()
    print(desc, "SCOND before %.2e" % scond(d))
    eq = make_equilibrate(mesh)
    a_s = eq(jax.device_put(a, NamedSharding(mesh, P("r", "c"))),
             jax.device_put(d, NamedSharding(mesh, P("r"))))
    s = 1.0 / np.sqrt(d.astype(np.float64))
    assert_allclose(a_s, s[:, None] * a * s[None, :], rtol=1e-3, atol=1e-5)
    assert_allclose(np.diagonal(np.asarray(a_s)), np.ones(len(d)), rtol=1e-4)
    np.linalg.cholesky(np.asarray(a_s, np.float64))
    print("equilibrated, SCOND after %.2e" % scond(np.diagonal(np.asarray(a_s))))


if __name__ == "__main__":
    main(*inputs())
