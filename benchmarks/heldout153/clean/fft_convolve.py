"""Periodic 2-D convolution by FFT with pencil transposes on a 4 x 2 grid.

dla-jax/src/dla_jax/fft/convolve2d.py

``f * g = ifft2(fft2(f) fft2(g))``. The transposes are all_to_alls: along ``py`` to row pencils,
over the whole grid to column pencils, and back. The kernel's spectrum is computed once on the
host and passed replicated; every process takes its column-pencil slice of it. The row means of
each block of the result are gathered to every process (invarying) for the mass check.
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

PX, PY = "px", "py"
GRID = (PX, PY)


def rank():
    """Row-major rank of this process on the grid (the order of the column pencils)."""
    return jax.lax.axis_index(PX) * jax.lax.axis_size(PY) + jax.lax.axis_index(PY)


def fft2_to_cols(blk):
    rows = jnp.fft.fft(jax.lax.all_to_all(blk, PY, 0, 1, tiled=True), axis=1)
    return jnp.fft.fft(jax.lax.all_to_all(rows, GRID, 1, 0, tiled=True), axis=0)


def ifft2_from_cols(cols):
    back_rows = jax.lax.all_to_all(jnp.fft.ifft(cols, axis=0), GRID, 0, 1, tiled=True)
    rows = jnp.fft.ifft(back_rows, axis=1)
    return jax.lax.all_to_all(rows, PY, 1, 0, tiled=True)


def convolve_body(f_blk, g_hat):
    f_hat = fft2_to_cols(f_blk)
    ncol = f_hat.shape[1]
    mine = jax.lax.dynamic_slice_in_dim(g_hat, rank() * ncol, ncol, axis=1)
    out = ifft2_from_cols(f_hat * mine).real.astype(f_blk.dtype)
    row_means = jax.lax.all_gather(jnp.mean(out, axis=1), GRID, tiled=True, to="invarying")
    return out, row_means


def inputs():
    rng = np.random.default_rng(199)
    f = rng.standard_normal((32, 32)).astype(np.float32)
    g = np.zeros((32, 32), np.float32)
    g[0, 0], g[1, 0], g[0, 1], g[-1, 0], g[0, -1] = 0.5, 0.125, 0.125, 0.125, 0.125
    return f, g


def main(f, g):
    grid = ProcessGrid(8, nprow=4)
    desc = BlockCyclic(*f.shape, 8, 16, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), GRID)
    g_hat = np.fft.fft2(g).astype(np.complex64)
    fn = jax.jit(jax.shard_map(convolve_body, mesh=mesh, in_specs=(P(PX, PY), P()),
                               out_specs=(P(PX, PY), P())))
    out, row_means = fn(jax.device_put(f, NamedSharding(mesh, P(PX, PY))),
                        jax.device_put(g_hat, NamedSharding(mesh, P())))
    ref = np.fft.ifft2(np.fft.fft2(f.astype(np.float64)) * np.fft.fft2(g)).real
    assert_allclose(out, ref, rtol=1e-3, atol=1e-4, err_msg=repr(desc))
    assert_allclose(float(np.sum(np.asarray(row_means))) * desc.nb, float(f.sum()), rtol=1e-3, atol=1e-3)
    print(desc, "convolution ok; mass kept %.4f" % float(np.sum(np.asarray(out))))


if __name__ == "__main__":
    main(*inputs())
