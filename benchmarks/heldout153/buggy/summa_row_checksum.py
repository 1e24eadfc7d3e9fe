"""SUMMA matrix product with an Huang-Abraham row checksum.

dla-jax/src/dla_jax/blas3/summa_checked.py

The product ``C = A @ B`` is formed panel by panel on a 2 x 4 process grid; the row checksum
``C @ 1`` is compared against ``A @ (B @ 1)`` on every process row to detect silent errors.
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

GRID_AXES = ("prow", "pcol")


class SummaChecked:
    """SUMMA on a mesh whose axes play the roles of process rows and columns.

    Parameters
    ----------
    mesh : jax.sharding.Mesh
    desc : BlockCyclic
        Descriptor of the (square) operands.
    """

    def __init__(self, mesh, desc):
        self.mesh = mesh
        self.desc = desc.check_even()
        self.row_axis, self.col_axis = GRID_AXES
        self.report_axis = self.col_axis

    @property
    def spec(self):
        return P(self.row_axis, self.col_axis)

    def _panels(self, a, b):
        """Broadcast the A panels along process rows and the B panels along columns."""
        a_row = jax.lax.all_gather(a, self.col_axis, axis=1, tiled=True)
        b_col = jax.lax.all_gather(b, self.row_axis, axis=0, tiled=True)
        return a_row, b_col

    def _body(self, a, b):
        a_row, b_col = self._panels(a, b)
        c = a_row @ b_col
        ones = jnp.ones((b_col.shape[1],), c.dtype)
        local_check = c @ ones
        row_check = jax.lax.psum(local_check, self.col_axis)
        seen = jax.lax.all_gather(row_check, self.report_axis, tiled=False, to="reduced")
        return c, seen

    def __call__(self, a, b):
        fn = jax.shard_map(self._body, mesh=self.mesh,
                           in_specs=(self.spec, self.spec),
                           out_specs=(self.spec, P(None, None, reduced={self.report_axis})))
        return fn(a, b)


def reference_checksum(a, b):
    return a @ (b @ np.ones(b.shape[1], b.dtype))


def inputs():
    rng = np.random.default_rng(153)
    n = 32
    a = rng.standard_normal((n, n)).astype(np.float32)
    b = rng.standard_normal((n, n)).astype(np.float32)
    return a, b


def main(a, b):
    grid = ProcessGrid(8, nprow=2)
    desc = BlockCyclic(a.shape[0], b.shape[1], 4, 4, grid)
    mesh = jax.make_mesh((grid.nprow, grid.npcol), GRID_AXES)
    op = SummaChecked(mesh, desc)
    sharding = NamedSharding(mesh, op.spec)
    da, db = jax.device_put(a, sharding), jax.device_put(b, sharding)
    c, seen = jax.jit(op)(da, db)
    assert_allclose(c, a @ b, rtol=1e-3, atol=1e-3, err_msg="SUMMA product")
    check = np.asarray(seen).reshape(-1)
    assert_allclose(check, reference_checksum(a, b), rtol=1e-3, atol=1e-3, err_msg="row checksum")
    print(desc, "checksum ok")


if __name__ == "__main__":
    main(*inputs())
