"""CG for 3-D Poisson with a snapshot of the solution written plane by plane.

dla-jax/src/dla_jax/krylov/cg_snapshot.py

After the solve, each process assembles its vertical columns (reduced along ``z``), and the
snapshot writer then assembles the full field over the horizontal axes listed in ``SNAPSHOT``.
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

AXES = ("x", "y", "z")
SNAPSHOT = {"column_axis": "z", "plane_axes": ("x", "y", "z")}


def neighbours(u, ax, dim):
    n = jax.lax.axis_size(ax)
    send_hi = jax.lax.slice_in_dim(u, u.shape[dim] - 1, u.shape[dim], axis=dim)
    send_lo = jax.lax.slice_in_dim(u, 0, 1, axis=dim)
    from_lo = jax.lax.ppermute(send_hi, ax, [(s, s + 1) for s in range(n - 1)])
    from_hi = jax.lax.ppermute(send_lo, ax, [(s + 1, s) for s in range(n - 1)])
    return from_lo, from_hi


def apply_poisson(u):
    acc = 6.0 * u
    for dim, ax in enumerate(AXES):
        lo, hi = neighbours(u, ax, dim)
        shifted_dn = jnp.concatenate([lo, jax.lax.slice_in_dim(u, 0, u.shape[dim] - 1, axis=dim)], axis=dim)
        shifted_up = jnp.concatenate([jax.lax.slice_in_dim(u, 1, u.shape[dim], axis=dim), hi], axis=dim)
        acc = acc - shifted_dn - shifted_up
    return acc


def solve(b, iters=60):
    dot = lambda a, c: jax.lax.psum(jnp.sum(a * c), AXES)
    x, r = jnp.zeros_like(b), b
    p, rr = r, dot(r, r)
    for _ in range(iters):
        ap = apply_poisson(p)
        alpha = rr / dot(p, ap)
        x, r = x + alpha * p, r - alpha * ap
        rr, rr_old = dot(r, r), rr
        p = r + (rr / rr_old) * p
    return x


def snapshot(x):
    columns = jax.lax.all_gather(x, SNAPSHOT["column_axis"], axis=2, tiled=True, to="reduced")
    return jax.lax.all_gather(columns, axis_name=SNAPSHOT["plane_axes"], axis=0, tiled=True, to="reduced")


@functools.partial(jax.shard_map, in_specs=P(*AXES), out_specs=P(None, "y", None, reduced={"x", "z"}))
def solve_and_snapshot(b):
    return snapshot(solve(b))


def inputs():
    rng = np.random.default_rng(109)
    return rng.standard_normal((8, 8, 8)).astype(np.float32),


def main(b):
    grid = ProcessGrid(8, nprow=2)
    mesh = jax.make_mesh((2, 2, 2), AXES)
    with jax.set_mesh(mesh):
        field = jax.jit(solve_and_snapshot)(jax.device_put(b, NamedSharding(mesh, P(*AXES))))
        u = np.asarray(jax.reshard(field, P()), np.float64)
    pad = np.pad(u, 1)
    lap = 6.0 * u - (pad[:-2, 1:-1, 1:-1] + pad[2:, 1:-1, 1:-1] + pad[1:-1, :-2, 1:-1]
                     + pad[1:-1, 2:, 1:-1] + pad[1:-1, 1:-1, :-2] + pad[1:-1, 1:-1, 2:])
    assert_allclose(lap, b, rtol=1e-2, atol=1e-3, err_msg=repr(grid))
    print(grid, "snapshot", u.shape, "written")


if __name__ == "__main__":
    main(*inputs())
