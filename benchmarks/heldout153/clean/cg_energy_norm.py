"""CG for 3-D Poisson with the error measured in the energy norm on a 2 x 2 x 2 grid.

dla-jax/src/dla_jax/krylov/cg_energy.py

For a manufactured solution ``u*`` the driver reports ``||u - u*||_A = sqrt(e^T A e)`` and the
energy of each horizontal slab (the sum over ``x`` and ``y``), which shows where the error sits.
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

GRID_AXES = ("x", "y", "z")
SLAB_AXES = ("x", "y")


def shift_in(u, d, ax, from_lower):
    n = jax.lax.axis_size(ax)
    if from_lower:
        face = jax.lax.slice_in_dim(u, u.shape[d] - 1, u.shape[d], axis=d)
        return jax.lax.ppermute(face, ax, [(s, s + 1) for s in range(n - 1)])
    face = jax.lax.slice_in_dim(u, 0, 1, axis=d)
    return jax.lax.ppermute(face, ax, [(s + 1, s) for s in range(n - 1)])


def lap(u):
    acc = 6.0 * u
    for d, ax in enumerate(GRID_AXES):
        ext = jnp.concatenate([shift_in(u, d, ax, True), u, shift_in(u, d, ax, False)], axis=d)
        m = u.shape[d]
        acc = acc - jax.lax.slice_in_dim(ext, 0, m, axis=d) - jax.lax.slice_in_dim(ext, 2, m + 2, axis=d)
    return acc


def gdot(a, b, axes=GRID_AXES):
    return jax.lax.psum(jnp.sum(a * b), axes)


def energy_report(e):
    ae = lap(e)
    slab = jax.lax.psum(jnp.sum(e * ae), SLAB_AXES)
    total = jax.lax.psum(slab, "z")
    return jnp.sqrt(total), slab


def body(b, u_star, iters):
    x, r, p = jnp.zeros_like(b), b, b
    rr = gdot(r, r)
    for _ in range(iters):
        ap = lap(p)
        alpha = rr / gdot(p, ap)
        x, r = x + alpha * p, r - alpha * ap
        rr, rr_old = gdot(r, r), rr
        p = r + (rr / rr_old) * p
    err, slab = energy_report(x - u_star)
    return x, err, slab[None]


def inputs():
    g = np.linspace(0.0, 1.0, 10)[1:-1]
    X, Y, Z = np.meshgrid(g, g, g, indexing="ij")
    u_star = np.sin(np.pi * X) * np.sin(np.pi * Y) * np.sin(2 * np.pi * Z)
    pad = np.pad(u_star, 1)
    b = 6 * u_star - (pad[:-2, 1:-1, 1:-1] + pad[2:, 1:-1, 1:-1] + pad[1:-1, :-2, 1:-1]
                      + pad[1:-1, 2:, 1:-1] + pad[1:-1, 1:-1, :-2] + pad[1:-1, 1:-1, 2:])
    return b.astype(np.float32), u_star.astype(np.float32), 40


def main(b, u_star, iters):
    grid = ProcessGrid(8, nprow=2)
    mesh = jax.make_mesh((2, 2, 2), GRID_AXES)
    spec = P(*GRID_AXES)
    fn = jax.jit(jax.shard_map(lambda bb, uu: body(bb, uu, iters), mesh=mesh, in_specs=(spec, spec),
                               out_specs=(spec, P(), P("z"))))
    put = lambda v: jax.device_put(v, NamedSharding(mesh, spec))
    x, err, slabs = fn(put(b), put(u_star))
    if float(err) > 1e-3:
        raise AssertionError(f"energy-norm error {float(err):.2e} on {grid!r}")
    print(grid, "energy error %.2e, per slab %s" % (float(err), np.asarray(slabs)))


if __name__ == "__main__":
    main(*inputs())
