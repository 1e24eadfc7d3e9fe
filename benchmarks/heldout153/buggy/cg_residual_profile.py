"""Conjugate gradients for the 3-D Poisson problem on a 2 x 2 x 2 process grid.

dla-jax/src/dla_jax/krylov/cg_poisson3d.py

The unknowns live on an ``N^3`` grid split into 2 x 2 x 2 bricks; the 7-point Laplacian exchanges
one-cell halos with ppermute. Besides the residual norm, the solver records the residual profile
along the vertical (k) direction, gathered on every process for the convergence plot.
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

DIM_AXES = {"i": "x", "j": "y", "k": "z"}
MESH_AXES = tuple(DIM_AXES.values())
PROFILE_DIM = "k"


def halo(u, axis_name, dim, n):
    """Neighbour slices from below and above along ``dim`` (zeros on the physical boundary)."""
    up = [(s, s + 1) for s in range(n - 1)]
    down = [(s + 1, s) for s in range(n - 1)]
    last = jax.lax.slice_in_dim(u, u.shape[dim] - 1, u.shape[dim], axis=dim)
    first = jax.lax.slice_in_dim(u, 0, 1, axis=dim)
    return jax.lax.ppermute(last, axis_name, up), jax.lax.ppermute(first, axis_name, down)


def laplacian(u):
    out = 6.0 * u
    for dim, ax in enumerate(MESH_AXES):
        lo, hi = halo(u, ax, dim, jax.lax.axis_size(ax))
        ext = jnp.concatenate([lo, u, hi], axis=dim)
        n = u.shape[dim]
        out = out - jax.lax.slice_in_dim(ext, 0, n, axis=dim) - jax.lax.slice_in_dim(ext, 2, n + 2, axis=dim)
    return out


def dot(a, b):
    return jax.lax.psum(jnp.sum(a * b), MESH_AXES)


def profile(r):
    """Squared residual per horizontal plane of the local brick, summed over the plane."""
    k_axis = DIM_AXES[PROFILE_DIM]
    per_plane = jax.lax.psum(jnp.sum(r * r, axis=(0, 1)), tuple(a for a in MESH_AXES if a != k_axis))
    return jax.lax.all_gather(per_plane, DIM_AXES["i"], tiled=True, to="reduced")


def cg(b, iters):
    x = jnp.zeros_like(b)
    r = b
    p = r
    rr = dot(r, r)
    for _ in range(iters):
        ap = laplacian(p)
        alpha = rr / dot(p, ap)
        x = x + alpha * p
        r = r - alpha * ap
        rr_new = dot(r, r)
        p = r + (rr_new / rr) * p
        rr = rr_new
    return x, jnp.sqrt(rr), profile(r)


def inputs():
    rng = np.random.default_rng(107)
    return rng.standard_normal((8, 8, 8)).astype(np.float32), 60


def main(b, iters):
    grid = ProcessGrid(8, nprow=2)
    desc = BlockCyclic(8, 64, 4, 16, ProcessGrid(4, nprow=2)).check_even()
    mesh = jax.make_mesh((2, 2, 2), MESH_AXES)
    spec = P(*MESH_AXES)
    solve = jax.jit(jax.shard_map(lambda bb: cg(bb, iters), mesh=mesh, in_specs=spec,
                                  out_specs=(spec, P(), P(None, reduced={DIM_AXES[PROFILE_DIM]}))))
    x, res, prof = solve(jax.device_put(b, NamedSharding(mesh, spec)))
    if float(res) > 1e-3 * np.linalg.norm(b):
        raise AssertionError(f"CG did not converge: {float(res):.2e}")
    assert_allclose(np.sum(prof), float(res) ** 2, rtol=1e-2, atol=1e-8)
    print(grid, desc.grid, "residual %.2e, profile %s" % (float(res), np.asarray(prof).round(8)))


if __name__ == "__main__":
    main(*inputs())
