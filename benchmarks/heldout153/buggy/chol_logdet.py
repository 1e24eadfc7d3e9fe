"""Gaussian log-likelihood through a distributed Cholesky factor.

dla-jax/src/dla_jax/stats/gauss_loglik.py

``log p(y) = -0.5 (y^T K^{-1} y + log det K + n log 2 pi)`` with ``K = L L^T``. L is held by block
rows over the process rows ``r`` (each block row whole, replicated over ``c``); the whitened
vector ``z = L^{-1} y`` comes from the host solve.
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


class LogLikelihood:
    """Log-likelihood terms on a ``(r, c)`` mesh.

    Parameters
    ----------
    mesh : jax.sharding.Mesh
    mb : int
        Rows of L per process row.
    """

    def __init__(self, mesh, mb):
        self.mesh, self.mb = mesh, mb
        self.grid_axes = tuple(mesh.axis_names)
        self.row_axis = mesh.axis_names[0]

    def _logdet_part(self, l_rows):
        ri = jax.lax.axis_index(self.row_axis)
        local = jnp.arange(self.mb)
        diag = l_rows[local, ri * self.mb + local]
        return 2.0 * jnp.sum(jnp.log(diag))

    def _quad_part(self, z_rows):
        return jnp.sum(z_rows * z_rows)

    def body(self, l_rows, z_rows):
        logdet = jax.lax.psum(self._logdet_part(l_rows), self.grid_axes)
        quad = jax.lax.psum(self._quad_part(z_rows), self.row_axis)
        n = self.mb * jax.lax.axis_size(self.row_axis)
        return -0.5 * (quad + logdet + n * math.log(2 * math.pi))

    def __call__(self, l, z):
        fn = jax.shard_map(self.body, mesh=self.mesh,
                           in_specs=(P(self.row_axis, None), P(self.row_axis)), out_specs=P())
        return jax.jit(fn)(l, z)


def inputs():
    rng = np.random.default_rng(43)
    n = 16
    x = np.linspace(0.0, 1.0, n)
    k = np.exp(-0.5 * (x[:, None] - x[None, :]) ** 2 / 0.1 ** 2) + 0.1 * np.eye(n)
    y = rng.multivariate_normal(np.zeros(n), k)
    return k.astype(np.float32), y.astype(np.float32)


def main(k, y):
    grid = ProcessGrid(8, nprow=4)
    desc = BlockCyclic(*k.shape, 4, 16, grid)
    mesh = jax.make_mesh((grid.nprow, grid.npcol), ("r", "c"))
    l = np.linalg.cholesky(k.astype(np.float64))
    z = np.linalg.solve(l, y.astype(np.float64))
    ll = LogLikelihood(mesh, desc.mb)
    put = lambda v, s: jax.device_put(np.asarray(v, np.float32), NamedSharding(mesh, s))
    val = ll(put(l, P("r", None)), put(z, P("r")))
    sign, logdet = np.linalg.slogdet(k.astype(np.float64))
    ref = -0.5 * (z @ z + logdet + len(y) * math.log(2 * math.pi))
    assert_allclose(val, ref, rtol=1e-4, atol=1e-3)
    print(desc, "log-likelihood %.4f" % float(val))


if __name__ == "__main__":
    main(*inputs())
