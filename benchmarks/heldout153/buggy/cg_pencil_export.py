"""CG solution of 3-D Poisson handed to the pencil-decomposed FFT post-processor.

dla-jax/src/dla_jax/krylov/cg_to_pencils.py

The solver runs on 2 x 2 x 2 bricks; the spectral diagnostics want z-pencils (x split over
``x``, y split over ``y``, z whole) and the next stage x-pencils (x whole, the freed ``x`` axis
carried by z), so the solution is regathered on the mesh.
"""
import math

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

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


class Decomposition:
    """Named layouts of a 3-D field on the ``(x, y, z)`` mesh."""

    bricks = P("x", "y", "z")
    z_pencils = P("x", "y", None, reduced={"z"})
    x_pencils = P(None, "y", "x", reduced={"z"})

    def __init__(self, mesh):
        self.mesh = mesh

    def regather(self, u, layout):
        return top_level_all_gather(u, getattr(self, layout))


def stencil(u):
    out = 6.0 * u
    for d, ax in enumerate(("x", "y", "z")):
        n = jax.lax.axis_size(ax)
        hi_face = jax.lax.slice_in_dim(u, u.shape[d] - 1, u.shape[d], axis=d)
        lo_face = jax.lax.slice_in_dim(u, 0, 1, axis=d)
        below = jax.lax.ppermute(hi_face, ax, [(s, s + 1) for s in range(n - 1)])
        above = jax.lax.ppermute(lo_face, ax, [(s + 1, s) for s in range(n - 1)])
        ext = jnp.concatenate([below, u, above], axis=d)
        out = out - jax.lax.slice_in_dim(ext, 0, u.shape[d], axis=d) - jax.lax.slice_in_dim(ext, 2, u.shape[d] + 2, axis=d)
    return out


@jax.jit
def cg_solve(b):
    def body(bb):
        dot = lambda a, c: jax.lax.psum(jnp.sum(a * c), ("x", "y", "z"))
        x, r, p = jnp.zeros_like(bb), bb, bb
        rr = dot(r, r)
        for _ in range(60):
            ap = stencil(p)
            alpha = rr / dot(p, ap)
            x, r = x + alpha * p, r - alpha * ap
            rr, rr_old = dot(r, r), rr
            p = r + (rr / rr_old) * p
        return x
    return jax.shard_map(body, in_specs=Decomposition.bricks, out_specs=Decomposition.bricks)(b)


def spectrum_z(u_pencils):
    """Mean power of the z-Fourier modes (host side)."""
    return np.mean(np.abs(np.fft.rfft(np.asarray(u_pencils), axis=2)) ** 2, axis=(0, 1))


def inputs():
    rng = np.random.default_rng(127)
    return rng.standard_normal((8, 8, 8)).astype(np.float32), "x_pencils"


def main(b, layout):
    grid = ProcessGrid(8, nprow=2)
    mesh = jax.make_mesh((2, 2, 2), ("x", "y", "z"))
    dec = Decomposition(mesh)
    with jax.set_mesh(mesh):
        u = cg_solve(jax.device_put(b, NamedSharding(mesh, dec.bricks)))
        pencils = dec.regather(u, layout)
        print(grid, "solution regathered to", pencils.sharding.spec)
        host = np.asarray(jax.reshard(pencils, P()))
    spec = spectrum_z(host)
    if not np.all(np.isfinite(spec)):
        raise AssertionError("non-finite spectrum")
    print("z-spectrum", spec.round(5))


if __name__ == "__main__":
    main(*inputs())
