"""Spectrum of a field computed on 8 row slabs and handed to a 4-slab consumer.

dla-jax/src/dla_jax/fft/slab_handoff.py

The 2-D FFT runs on row slabs split over the whole 4 x 2 grid (``("px", "py")`` on the first
dimension). The consumer (the spectral Poisson solver) works on 4 slabs, so the spectrum is
regathered on the mesh, keeping a single mesh axis on the rows.
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

SLABS8 = P(("px", "py"), None)


def consumer_spec(keep_axis, mesh):
    """Row slabs over ``keep_axis`` only; the other axes of the mesh become reduced."""
    others = {a for a in mesh.axis_names if a != keep_axis}
    return P(keep_axis, None, reduced=others)


@jax.jit
def fft2_slabs(x):
    def body(rows):
        rows_f = jnp.fft.fft(rows, axis=1)
        cols = jax.lax.all_to_all(rows_f, ("px", "py"), 1, 0, tiled=True)
        cols_f = jnp.fft.fft(cols, axis=0)
        back = jax.lax.all_to_all(cols_f, ("px", "py"), 0, 1, tiled=True)
        return jnp.abs(back).astype(jnp.float32)
    return jax.shard_map(body, in_specs=SLABS8, out_specs=SLABS8)(x)


class Handoff:
    def __init__(self, mesh, keep_axis):
        self.mesh, self.keep_axis = mesh, keep_axis
        self.spec = consumer_spec(keep_axis, mesh)

    def __call__(self, amp):
        return top_level_all_gather(amp, self.spec)


def inputs():
    rng = np.random.default_rng(149)
    return rng.standard_normal((32, 32)).astype(np.float32), "py"


def main(x, keep_axis):
    grid = ProcessGrid(8, nprow=4)
    desc = BlockCyclic(*x.shape, 4, 32, ProcessGrid(8, nprow=8)).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), ("px", "py"))
    with jax.set_mesh(mesh):
        amp = fft2_slabs(jax.device_put(x, NamedSharding(mesh, SLABS8)))
        four = Handoff(mesh, keep_axis)(amp)
        print(grid, "handed off as", four.sharding.spec)
        host = np.asarray(jax.reshard(four, P()))
    assert_allclose(host, np.abs(np.fft.fft2(x.astype(np.float64))), rtol=1e-3, atol=1e-2,
                    err_msg=repr(desc))
    print("spectrum ok")


if __name__ == "__main__":
    main(*inputs())
