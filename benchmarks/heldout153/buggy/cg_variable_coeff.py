"""CG for ``-div(kappa grad u) = b`` with a variable coefficient on a 2 x 2 x 2 grid.

dla-jax/src/dla_jax/krylov/cg_varcoeff.py

Face coefficients are arithmetic means of kappa at the two cells, so kappa needs a halo too.
The z-line preconditioner of the next release assumes kappa uniform along z; this is checked once
on whole z-columns.
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


class Bricks:
    """Halo exchange on a brick decomposition; ``axes[d]`` carries array dimension ``d``."""
    def __init__(self, axes=("x", "y", "z")):
        self.axes = axes

    def from_below(self, u, d):
        ax = self.axes[d]
        top = jax.lax.slice_in_dim(u, u.shape[d] - 1, u.shape[d], axis=d)
        return jax.lax.ppermute(top, ax, [(s, s + 1) for s in range(jax.lax.axis_size(ax) - 1)])

    def from_above(self, u, d):
        ax = self.axes[d]
        bottom = jax.lax.slice_in_dim(u, 0, 1, axis=d)
        return jax.lax.ppermute(bottom, ax, [(s + 1, s) for s in range(jax.lax.axis_size(ax) - 1)])

    def dot(self, a, b):
        return jax.lax.psum(jnp.sum(a * b), self.axes)


def operator(bricks, kappa):
    """The matrix-free operator for a fixed coefficient field."""
    faces, faces_hi = [], []  # coefficients on the lower and upper face of each cell
    for d in range(3):
        n = kappa.shape[d]
        k_lo = jnp.concatenate([bricks.from_below(kappa, d), jax.lax.slice_in_dim(kappa, 0, n - 1, axis=d)], axis=d)
        k_hi = jnp.concatenate([jax.lax.slice_in_dim(kappa, 1, n, axis=d), bricks.from_above(kappa, d)], axis=d)
        faces.append(0.5 * (kappa + k_lo))
        faces_hi.append(0.5 * (kappa + k_hi))
    def apply(u):
        out = jnp.zeros_like(u)
        for d in range(3):
            u_lo = jnp.concatenate([bricks.from_below(u, d), jax.lax.slice_in_dim(u, 0, u.shape[d] - 1, axis=d)], axis=d)
            u_hi = jnp.concatenate([jax.lax.slice_in_dim(u, 1, u.shape[d], axis=d), bricks.from_above(u, d)], axis=d)
            out = out + faces[d] * (u - u_lo) + faces_hi[d] * (u - u_hi)
        return out
    return apply


def layering_defect(bricks, kappa):
    """Largest total variation of kappa down a vertical column (0 if uniform in z)."""
    column = jax.lax.all_gather(kappa, bricks.axes[2], axis=2, tiled=True, to="reduced")
    spread = jnp.abs(column - column[:, :, :1])
    return jax.lax.pmax(jnp.sum(spread, axis=2), bricks.axes)


def solve(b, kappa, iters=80):
    bricks = Bricks()
    defect = jnp.max(layering_defect(bricks, kappa))
    apply = operator(bricks, kappa)
    x, r, p, rr = jnp.zeros_like(b), b, b, bricks.dot(b, b)
    for _ in range(iters):
        ap = apply(p)
        alpha = rr / bricks.dot(p, ap)
        x, r = x + alpha * p, r - alpha * ap
        rr, rr_old = bricks.dot(r, r), rr
        p = r + (rr / rr_old) * p
    return x, jnp.sqrt(rr), defect


def inputs():
    rng = np.random.default_rng(113)
    b = rng.standard_normal((8, 8, 8)).astype(np.float32)
    kappa = (1.0 + 0.5 * np.sin(np.arange(8) / 2.0))[:, None, None] * np.ones((8, 8, 8))
    return b, kappa.astype(np.float32)


def main(b, kappa):
    grid, axes = ProcessGrid(8, nprow=2), Bricks().axes
    mesh, spec = jax.make_mesh((2, 2, 2), axes), P(*axes)
    fn = jax.jit(jax.shard_map(solve, mesh=mesh, in_specs=(spec, spec), out_specs=(spec, P(), P())))
    put = lambda v: jax.device_put(v, NamedSharding(mesh, spec))
    x, res, defect = fn(put(b), put(kappa))
    if float(res) > 1e-3 * np.linalg.norm(b):
        raise AssertionError(f"no convergence on {grid!r}: residual {float(res):.2e}")
    if float(defect) > 1e-6:
        raise AssertionError(f"kappa is not layered in z: {float(defect):.2e}")
    print(grid, "residual %.2e, layering defect %.1e" % (float(res), float(defect)))


if __name__ == "__main__":
    main(*inputs())
