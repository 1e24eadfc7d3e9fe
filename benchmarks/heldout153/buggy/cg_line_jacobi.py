"""Preconditioned CG for anisotropic 3-D diffusion with a z-line Jacobi preconditioner.

dla-jax/src/dla_jax/krylov/pcg_zline.py

The coupling in z is ``eps^-1`` times stronger than in x and y, so the preconditioner scales each
residual by the diagonal and smooths it once along whole z-lines. The z-lines are assembled on
each process with a reduced gather (one cotangent sum in the backward pass).
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
EPS = 0.1
WEIGHTS = (1.0, 1.0, 1.0 / EPS)
DIAG = 2.0 * sum(WEIGHTS)


def exchange(u, d):
    ax = AXES[d]
    n = jax.lax.axis_size(ax)
    lo = jax.lax.ppermute(jax.lax.slice_in_dim(u, u.shape[d] - 1, u.shape[d], axis=d), ax,
                          [(s, s + 1) for s in range(n - 1)])
    hi = jax.lax.ppermute(jax.lax.slice_in_dim(u, 0, 1, axis=d), ax, [(s + 1, s) for s in range(n - 1)])
    return jnp.concatenate([lo, u, hi], axis=d)


def operator(u):
    out = DIAG * u
    for d, w in enumerate(WEIGHTS):
        ext = exchange(u, d)
        m = u.shape[d]
        out = out - w * (jax.lax.slice_in_dim(ext, 0, m, axis=d) + jax.lax.slice_in_dim(ext, 2, m + 2, axis=d))
    return out


def zline_jacobi(r):
    """Diagonal scaling followed by one damped smoothing sweep along z (on whole lines)."""
    line = jax.lax.all_gather(r, "z", axis=2, tiled=True, to="reduced")
    scaled = line / DIAG
    nz = line.shape[2]
    up = jnp.pad(scaled, ((0, 0), (0, 0), (1, 0)))[:, :, :nz]
    dn = jnp.pad(scaled, ((0, 0), (0, 0), (0, 1)))[:, :, 1:]
    smoothed = scaled + (WEIGHTS[2] / DIAG) * 0.5 * (up + dn)
    mine = jax.lax.axis_index("z") * r.shape[2]
    return jax.lax.dynamic_slice_in_dim(smoothed, mine, r.shape[2], axis=2)


def pcg(b, iters=40):
    dot = lambda a, c: jax.lax.psum(jnp.sum(a * c), AXES)
    x, r = jnp.zeros_like(b), b
    z = zline_jacobi(r)
    p, rz = z, dot(r, z)
    for _ in range(iters):
        ap = operator(p)
        alpha = rz / dot(p, ap)
        x, r = x + alpha * p, r - alpha * ap
        z = zline_jacobi(r)
        rz, rz_old = dot(r, z), rz
        p = z + (rz / rz_old) * p
    return x, jnp.sqrt(dot(r, r))


def inputs():
    rng = np.random.default_rng(131)
    return rng.standard_normal((8, 8, 8)).astype(np.float32),


def main(b):
    grid = ProcessGrid(8, nprow=2)
    mesh = jax.make_mesh((2, 2, 2), AXES)
    spec = P(*AXES)
    solve = jax.jit(jax.shard_map(pcg, mesh=mesh, in_specs=spec, out_specs=(spec, P())))
    x, res = solve(jax.device_put(b, NamedSharding(mesh, spec)))
    if float(res) > 1e-3 * np.linalg.norm(b):
        raise AssertionError(f"PCG residual {float(res):.2e} on {grid!r}")
    print(grid, "PCG residual %.2e (eps=%.2f)" % (float(res), EPS))


if __name__ == "__main__":
    main(*inputs())
