"""SUMMA with column equilibration of B (scale each column of B to unit 2-norm first).

dla-jax/src/dla_jax/blas3/summa_equilibrated.py

``C = A @ (B D) D^{-1}`` with ``D = diag(1 / ||B[:, j]||)``: the equilibrated product is better
conditioned for the mixed-precision path. Process grid 2 x 4.
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

ROW, COL = "prow", "pcol"


def broadcast_panels(a, b, keep_grad_reduced=True):
    """Row panel of A (along the process row) and column panel of B (along the column).

    The B panel is gathered to ``reduced`` so that its cotangent is summed once in the
    backward pass instead of on every process row.
    """
    a_row = jax.lax.all_gather(a, COL, axis=1, tiled=True)
    to = "reduced" if keep_grad_reduced else "varying"
    b_col = jax.lax.all_gather(b, ROW, axis=0, tiled=True, to=to)
    return a_row, b_col


def column_norms(blk):
    """2-norms of the columns of B from the local blocks (summed down the process column)."""
    sq = jnp.sum(blk * blk, axis=0)
    return jnp.sqrt(jax.lax.psum(sq, ROW))


def equilibrated_summa(a, b):
    a_row, b_col = broadcast_panels(a, b)
    norms = column_norms(b_col)
    scale = 1.0 / jnp.maximum(norms, 1e-30)
    c_scaled = a_row @ (jax.lax.pcast(b_col, ROW, to="varying") * scale)
    return c_scaled / scale, norms


def make_product(mesh):
    return jax.jit(jax.shard_map(equilibrated_summa, mesh=mesh,
                                 in_specs=(P(ROW, COL), P(ROW, COL)),
                                 out_specs=(P(ROW, COL), P(COL))))


def inputs():
    rng = np.random.default_rng(11)
    a = rng.standard_normal((16, 16)).astype(np.float32)
    b = (rng.standard_normal((16, 16)) * np.logspace(-2, 2, 16)).astype(np.float32)
    return a, b


def main(a, b):
    grid = ProcessGrid(8)
    if grid != ProcessGrid(8, nprow=2):
        raise ValueError(f"expected a 2 x 4 grid, got {grid!r}")
    desc = BlockCyclic(*a.shape, 8, 4, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), (ROW, COL))
    sh = NamedSharding(mesh, P(ROW, COL))
    c, norms = make_product(mesh)(jax.device_put(a, sh), jax.device_put(b, sh))
    assert_allclose(norms, np.linalg.norm(b, axis=0), rtol=1e-4, err_msg="column norms")
    assert_allclose(c, a @ b, rtol=1e-3, atol=1e-3, err_msg=repr(desc))
    print("equilibrated SUMMA ok;", grid)


if __name__ == "__main__":
    main(*inputs())
