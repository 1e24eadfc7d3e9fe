"""TSQR with per-node and global factorisation residuals.

dla-jax/src/dla_jax/factor/tsqr_residual.py

X is split by block rows over 2 nodes x 4 cores. The explicit Q is formed by the flat tree and
``||X - Q R||_F`` is reported per node (for the node-health log) and over the whole machine.
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

NODE, CORE = "node", "core"
ALL = (NODE, CORE)


def flat_tsqr(xb):
    """Q block and R of the flat-tree TSQR over all processes."""
    q1, r1 = jnp.linalg.qr(xb)
    n = r1.shape[0]
    stack = jax.lax.all_gather(r1, ALL, axis=0, tiled=True)
    q2, r = jnp.linalg.qr(stack)
    rank = jax.lax.axis_index(NODE) * jax.lax.axis_size(CORE) + jax.lax.axis_index(CORE)
    return q1 @ jax.lax.dynamic_slice_in_dim(q2, rank * n, n, axis=0), r


def residuals(xb, qb, r):
    d = xb - qb @ r
    per_node = jax.lax.psum(jnp.sum(d * d), CORE)
    total = jax.lax.psum(per_node, ALL)
    return jnp.sqrt(per_node), jnp.sqrt(total)


@functools.partial(jax.jit, static_argnums=0)
def factor_and_check(mesh, x):
    def body(xb):
        qb, r = flat_tsqr(xb)
        node_res, res = residuals(xb, qb, r)
        return qb, node_res[None], res
    return jax.shard_map(body, mesh=mesh, in_specs=P(ALL, None),
                         out_specs=(P(ALL, None), P(NODE), P()))(x)


def inputs():
    rng = np.random.default_rng(71)
    return rng.standard_normal((128, 6)).astype(np.float32),


def main(x):
    grid = ProcessGrid(8, nprow=2)
    desc = BlockCyclic(x.shape[0], x.shape[1], 16, 6, ProcessGrid(8, nprow=8)).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), ALL)
    q, node_res, res = factor_and_check(mesh, jax.device_put(x, NamedSharding(mesh, P(ALL, None))))
    scale = np.linalg.norm(x)
    if float(res) > 1e-5 * scale:
        raise AssertionError(f"residual {float(res):.2e} too large for {desc!r}")
    print(grid, "node residuals", ["%.1e" % v for v in np.asarray(node_res)], "total %.1e" % float(res))


if __name__ == "__main__":
    main(*inputs())
