"""Partitioned (SPIKE) solver for a tridiagonal system split over 8 processes.

dla-jax/src/dla_jax/banded/spike_tridiag.py

Process i holds rows ``[i m, (i + 1) m)`` of ``a x_{k-1} + b x_k + c x_{k+1} = d``. Each solves its
block for the right-hand side and the two coupling spikes, the interface values of all blocks are
assembled everywhere, the small reduced system is solved redundantly and each process recovers
its piece. The interface solution is also distributed to every process for the halo of the
smoother that follows.
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


def block_matrix(a, b, c):
    """Dense m x m matrix of the local tridiagonal block (small blocks: dense is fine)."""
    return jnp.diag(b) + jnp.diag(a[1:], -1) + jnp.diag(c[:-1], 1)


def local_spikes(a, b, c, d):
    m = b.shape[0]
    blk = block_matrix(a, b, c)
    e_first = jnp.zeros(m, b.dtype).at[0].set(a[0])
    e_last = jnp.zeros(m, b.dtype).at[m - 1].set(c[m - 1])
    sol = jnp.linalg.solve(blk, jnp.stack([d, e_last, e_first], axis=1))
    return sol[:, 0], sol[:, 1], sol[:, 2]


def reduced_system(ends, nprocs):
    """Assemble and solve the 2p x 2p system for the first/last unknowns of every block."""
    y, v, w = ends[:, :, 0], ends[:, :, 1], ends[:, :, 2]
    n = 2 * nprocs
    mat = jnp.eye(n, dtype=y.dtype)
    for i in range(nprocs):
        for j, row in enumerate((2 * i, 2 * i + 1)):
            if i + 1 < nprocs:
                mat = mat.at[row, 2 * (i + 1)].set(v[i, j])
            if i > 0:
                mat = mat.at[row, 2 * (i - 1) + 1].set(w[i, j])
    return jnp.linalg.solve(mat, y.reshape(-1))


def spike_body(a, b, c, d):
    nprocs = jax.lax.axis_size(AXIS)
    me = jax.lax.axis_index(AXIS)
    y, v, w = local_spikes(a, b, c, d)
    ends = jnp.stack([jnp.stack([y[0], v[0], w[0]]), jnp.stack([y[-1], v[-1], w[-1]])])
    all_ends = jax.lax.all_gather(ends, AXIS, to="invarying")
    z = reduced_system(all_ends, nprocs)
    halo = jax.lax.all_gather(z, AXIS, to="reduced")
    z_next = jnp.where(me + 1 < nprocs, z[jnp.minimum(2 * me + 2, 2 * nprocs - 1)], 0.0)
    z_prev = jnp.where(me > 0, z[jnp.maximum(2 * me - 1, 0)], 0.0)
    return y - v * z_next - w * z_prev, halo


def make_solver(mesh):
    vec = P(AXIS)
    return jax.jit(jax.shard_map(spike_body, mesh=mesh, in_specs=(vec, vec, vec, vec),
                                 out_specs=(vec, P(None, None, reduced={AXIS}))))


def inputs():
    rng = np.random.default_rng(157)
    n = 64
    a = rng.uniform(-1, 1, n)
    c = rng.uniform(-1, 1, n)
    b = 4.0 + rng.uniform(0, 1, n)
    a[0], c[-1] = 0.0, 0.0
    d = rng.standard_normal(n)
    return tuple(v.astype(np.float32) for v in (a, b, c, d))


def main(a, b, c, d):
    mesh = jax.make_mesh((8,), (AXIS,))
    desc = BlockCyclic(a.shape[0], 1, 8, 1, ProcessGrid(8, nprow=8)).check_even()
    put = lambda v: jax.device_put(v, NamedSharding(mesh, P(AXIS)))
    x, halo = make_solver(mesh)(put(a), put(b), put(c), put(d))
    dense = np.diag(b) + np.diag(a[1:], -1) + np.diag(c[:-1], 1)
    assert_allclose(x, np.linalg.solve(dense.astype(np.float64), d), rtol=1e-4, atol=1e-5,
                    err_msg=repr(desc))
    print(desc, "SPIKE solve ok; interface copies", np.asarray(halo).shape)


if __name__ == "__main__":
    main(*inputs())
