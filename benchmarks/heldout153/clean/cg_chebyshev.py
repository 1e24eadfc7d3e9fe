"""Chebyshev semi-iteration for 3-D Poisson on a 2 x 2 x 2 process grid.

dla-jax/src/dla_jax/krylov/chebyshev3d.py

Unlike CG, Chebyshev needs no inner products inside the loop (only eigenvalue bounds), so its
only communication is the halo exchange. The converged field is assembled along ``z`` on every
process (reduced); its column sums are averaged over ``z`` after a cast back to varying, so
that every process of a column reports bitwise the same numbers.
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

AXES = ("x", "y", "z")


def halo_pair(u, d):
    ax = AXES[d]
    n = jax.lax.axis_size(ax)
    lo = jax.lax.ppermute(jax.lax.slice_in_dim(u, u.shape[d] - 1, u.shape[d], axis=d), ax,
                          [(s, s + 1) for s in range(n - 1)])
    hi = jax.lax.ppermute(jax.lax.slice_in_dim(u, 0, 1, axis=d), ax, [(s + 1, s) for s in range(n - 1)])
    return lo, hi


def poisson(u):
    out = 6.0 * u
    for d in range(3):
        lo, hi = halo_pair(u, d)
        ext = jnp.concatenate([lo, u, hi], axis=d)
        m = u.shape[d]
        out = out - jax.lax.slice_in_dim(ext, 0, m, axis=d) - jax.lax.slice_in_dim(ext, 2, m + 2, axis=d)
    return out


def eig_bounds(n):
    """Extreme eigenvalues of the 7-point Dirichlet Laplacian on an n^3 grid."""
    h = math.pi / (n + 1)
    return 6.0 - 6.0 * math.cos(h), 6.0 + 6.0 * math.cos(h)


def chebyshev(b, lmin, lmax, iters):
    theta, delta = 0.5 * (lmax + lmin), 0.5 * (lmax - lmin)
    sigma = theta / delta
    rho = 1.0 / sigma
    x = jnp.zeros_like(b)
    r = b
    dvec = r / theta
    for _ in range(iters):
        x = x + dvec
        r = r - poisson(dvec)
        rho_new = 1.0 / (2.0 * sigma - rho)
        dvec = rho_new * rho * dvec + (2.0 * rho_new / delta) * r
        rho = rho_new
    res = jnp.sqrt(jax.lax.psum(jnp.sum(r * r), AXES))
    columns = jax.lax.all_gather(x, "z", axis=2, tiled=True, to="reduced")
    col_sums = jax.lax.pmean(jnp.sum(jax.lax.pcast(columns, "z", to="varying"), axis=2), "z")
    return columns, res, col_sums


def inputs():
    rng = np.random.default_rng(197)
    return rng.standard_normal((8, 8, 8)).astype(np.float32), 120


def main(b, iters):
    grid = ProcessGrid(8, nprow=2)
    mesh = jax.make_mesh((2, 2, 2), AXES)
    lmin, lmax = eig_bounds(b.shape[0])
    fn = jax.jit(jax.shard_map(lambda bb: chebyshev(bb, lmin, lmax, iters), mesh=mesh,
                               in_specs=P(*AXES),
                               out_specs=(P("x", "y", None, reduced={"z"}), P(), P("x", "y"))))
    x, res, col_sums = fn(jax.device_put(b, NamedSharding(mesh, P(*AXES))))
    if float(res) > 1e-3 * np.linalg.norm(b):
        raise AssertionError(f"Chebyshev residual {float(res):.2e} on {grid!r}")
    assert_allclose(col_sums, np.asarray(x).sum(axis=2), rtol=1e-4, atol=1e-4)
    print(grid, "Chebyshev residual %.2e after %d steps" % (float(res), iters))


if __name__ == "__main__":
    main(*inputs())
