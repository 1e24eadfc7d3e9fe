"""Power iteration with Rayleigh-quotient eigenvalue estimates and a residual stopping test.

dla-jax/src/dla_jax/eig/power_rq.py

``mu = v^T A v`` (v of unit norm) and ``||A v - mu v||`` are computed on the 2 x 4 grid: the
product is complete along each process row, the dot products are summed over the grid.
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


class RayleighPower:
    """Power iteration on a mesh whose axes are named after the process grid.

    Parameters
    ----------
    mesh : jax.sharding.Mesh
    tol : float
        Stop when the residual norm is below ``tol * |mu|``.
    """

    def __init__(self, mesh, tol=1e-4):
        self.mesh, self.tol = mesh, tol
        self.prow, self.pcol = mesh.axis_names
        self.grid_axes = (self.prow, self.pcol)

    def dot(self, x_rows, y_rows):
        return jax.lax.psum(jnp.sum(x_rows * y_rows), self.prow)

    def body(self, a_blk, v_rows, v_full):
        nb = a_blk.shape[1]
        v_blk = jax.lax.dynamic_slice_in_dim(v_full, jax.lax.axis_index(self.pcol) * nb, nb)
        av = jax.lax.psum(a_blk @ v_blk, self.pcol)
        mu = self.dot(v_rows, av)
        r = av - mu * v_rows
        res = jnp.sqrt(jax.lax.psum(jnp.sum(r * r), self.prow))
        nrm = jnp.sqrt(jax.lax.psum(jnp.sum(av * av), self.prow))
        return av / nrm, mu, res

    def run(self, a, v, maxiter=300):
        fn = jax.jit(jax.shard_map(self.body, mesh=self.mesh,
                                   in_specs=(P(self.prow, self.pcol), P(self.prow), P()),
                                   out_specs=(P(self.prow), P(), P())))
        rep = NamedSharding(self.mesh, P())
        for it in range(maxiter):
            v_new, mu, res = fn(a, v, jax.device_put(np.asarray(v), rep))
            if float(res) < self.tol * abs(float(mu)):
                return float(mu), it
            v = v_new
        return float(mu), maxiter


def inputs():
    rng = np.random.default_rng(101)
    n = 32
    qm, _ = np.linalg.qr(rng.standard_normal((n, n)))
    lam = np.concatenate([[4.0], np.linspace(2.0, -2.0, n - 1)])
    v0 = rng.standard_normal(n)
    return ((qm * lam) @ qm.T).astype(np.float32), (v0 / np.linalg.norm(v0)).astype(np.float32)


def main(a, v0):
    grid = ProcessGrid(8, nprow=2)
    desc = BlockCyclic(*a.shape, 16, 8, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), ("prow", "pcol"))
    da = jax.device_put(a, NamedSharding(mesh, P("prow", "pcol")))
    mu, its = RayleighPower(mesh).run(da, jax.device_put(v0, NamedSharding(mesh, P("prow"))))
    assert_allclose(mu, 4.0, rtol=1e-4, err_msg=repr(desc))
    print(desc, "mu = %.6f after %d iterations" % (mu, its))


if __name__ == "__main__":
    main(*inputs())
