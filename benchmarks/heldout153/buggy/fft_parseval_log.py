"""Distributed 2-D FFT by pencil transposes, with a Parseval energy check per process.

dla-jax/src/dla_jax/fft/fft2_pencil.py

The ``N x N`` field is block distributed over a 4 x 2 grid. Rows are completed with an
all_to_all along ``py`` (row pencils), transformed, and the columns are completed with an
all_to_all over the whole grid (column pencils) for the second transform. Every process keeps
its copy of the spectral energy, and the copies are logged to check they agree.
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


def to_row_pencils(blk):
    return jax.lax.all_to_all(blk, PY, 0, 1, tiled=True)


def to_col_pencils(rows):
    return jax.lax.all_to_all(rows, GRID, 1, 0, tiled=True)


def fft2_body(blk):
    rows = jnp.fft.fft(to_row_pencils(blk), axis=1)
    spec = jnp.fft.fft(to_col_pencils(rows), axis=0)
    energy = jax.lax.psum(jnp.sum(jnp.abs(spec) ** 2), GRID) / (spec.shape[0] ** 2)
    log = jax.lax.all_gather(energy, PX, to="reduced")
    return spec, energy, log


def make_fft2(mesh):
    return jax.jit(jax.shard_map(fft2_body, mesh=mesh, in_specs=P(PX, PY),
                                 out_specs=(P(None, GRID), P(), P(None, reduced={PX}))))


def inputs():
    rng = np.random.default_rng(137)
    return rng.standard_normal((32, 32)).astype(np.float32),


def main(x):
    grid = ProcessGrid(8, nprow=4)
    desc = BlockCyclic(*x.shape, 8, 16, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), GRID)
    spec, energy, log = make_fft2(mesh)(jax.device_put(x, NamedSharding(mesh, P(PX, PY))))
    assert_allclose(np.asarray(spec), np.fft.fft2(x.astype(np.float64)), rtol=1e-3, atol=1e-2,
                    err_msg=repr(desc))
    copies = np.asarray(log)
    if np.ptp(copies) > 0:
        raise AssertionError(f"energy copies disagree: {copies}")
    assert_allclose(energy, np.sum(x.astype(np.float64) ** 2), rtol=1e-4)
    print(desc, "Parseval ok: %.4f" % float(energy))


if __name__ == "__main__":
    main(*inputs())
