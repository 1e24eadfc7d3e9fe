"""Butterfly (all-reduce) TSQR: log2(p) pairwise exchanges of R factors.

dla-jax/src/dla_jax/factor/tsqr_butterfly.py

After step k every process holds the R factor of its group of 2^(k+1) processes; after log2(8)
steps all hold the R of the whole matrix. With ``keep_local=True`` the local factors of every
process are returned as well, for the stability study.
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


def butterfly_perm(nprocs, step):
    """Pairs exchanged at ``step``: each rank with the rank differing in bit ``step``."""
    return [(i, i ^ (1 << step)) for i in range(nprocs)]


class ButterflyTSQR:
    """Parameters
    ----------
    mesh : jax.sharding.Mesh
        A one-axis mesh.
    keep_local : bool
        Also return every process' local R factor.
    """

    def __init__(self, mesh, keep_local=False):
        (self.axis,) = mesh.axis_names
        self.nprocs = mesh.shape[self.axis]
        if self.nprocs & (self.nprocs - 1):
            raise ValueError(f"butterfly TSQR needs a power-of-two process count, got {self.nprocs}")
        self.mesh, self.keep_local = mesh, keep_local

    def body(self, x):
        r = jnp.linalg.qr(x, mode="r")
        local = r
        if self.keep_local:
            local = jax.lax.all_gather(r, self.axis, axis=0, tiled=True, to="reduced")
        for step in range(int(math.log2(self.nprocs))):
            partner = jax.lax.ppermute(r, self.axis, butterfly_perm(self.nprocs, step))
            me_first = (jax.lax.axis_index(self.axis) >> step) % 2 == 0
            top = jnp.where(me_first, r, partner)
            bottom = jnp.where(me_first, partner, r)
            r = jnp.linalg.qr(jnp.concatenate([top, bottom]), mode="r")
        return r, local

    def __call__(self, x):
        out_local = P(None, None, reduced={self.axis}) if self.keep_local else P(self.axis, None)
        fn = jax.shard_map(self.body, mesh=self.mesh, in_specs=P(self.axis, None),
                           out_specs=(P(self.axis, None), out_local))
        return jax.jit(fn)(x)


def inputs():
    rng = np.random.default_rng(61)
    return rng.standard_normal((64, 4)).astype(np.float32), True


def main(x, keep_local):
    mesh = jax.make_mesh((8,), ("p",))
    desc = BlockCyclic(*x.shape, 8, 4, ProcessGrid(8, nprow=8)).check_even()
    r_all, local = ButterflyTSQR(mesh, keep_local)(jax.device_put(x, NamedSharding(mesh, P("p", None))))
    ref = np.abs(np.linalg.qr(x.astype(np.float64), mode="r"))
    for k, blk in enumerate(np.split(np.asarray(r_all), 8)):
        assert_allclose(np.abs(blk), ref, rtol=1e-3, atol=1e-4, err_msg=f"process {k}")
    print(desc, "local factors", np.asarray(local).shape)


if __name__ == "__main__":
    main(*inputs())
