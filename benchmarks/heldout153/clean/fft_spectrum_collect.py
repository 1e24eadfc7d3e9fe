"""Row-pencil FFT along x followed by the collection of the spectrum for the plotting node.

dla-jax/src/dla_jax/fft/fft_rows_collect.py

The field is 4 x 2 block distributed. An all_to_all along ``py`` completes the rows (row
pencils); after the 1-D transforms each process row assembles its spectrum rows back over ``py``
(reduced), and the collector assembles the whole spectrum over the grid axes in ``COLLECT``.
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

COLLECT = {"row_axis": "py", "grid_axes": ("px",)}


class RowFFT:
    """``fft(x, axis=1)`` with row pencils on a ``(px, py)`` mesh."""

    def __init__(self, mesh):
        self.mesh = mesh
        self.px, self.py = mesh.axis_names

    def pencils(self, blk):
        return jax.lax.all_to_all(blk, self.py, 0, 1, tiled=True)

    def collect(self, rows):
        strip = jax.lax.all_gather(rows, COLLECT["row_axis"], axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(strip, COLLECT["grid_axes"], axis=0, tiled=True, to="reduced")

    def body(self, blk):
        rows = jnp.fft.rfft(self.pencils(blk), axis=1)
        power = (rows.real * rows.real + rows.imag * rows.imag).astype(jnp.float32)
        return self.collect(power)

    def __call__(self, x):
        fn = jax.shard_map(self.body, mesh=self.mesh, in_specs=P(self.px, self.py),
                           out_specs=P(None, None, reduced={self.px, self.py}))
        return jax.jit(fn)(x)


def band_energy(power, nbands):
    """Power summed over ``nbands`` equal bands of wavenumbers."""
    edges = np.linspace(0, power.shape[1], nbands + 1).astype(int)
    return np.array([power[:, a:b].sum() for a, b in zip(edges[:-1], edges[1:])])


def inputs():
    rng = np.random.default_rng(139)
    t = np.arange(32)
    x = np.sin(2 * np.pi * 3 * t / 32)[None, :] + 0.1 * rng.standard_normal((32, 32))
    return x.astype(np.float32),


def main(x):
    grid = ProcessGrid(8, nprow=4)
    desc = BlockCyclic(*x.shape, 8, 16, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), ("px", "py"))
    power = np.asarray(RowFFT(mesh)(jax.device_put(x, NamedSharding(mesh, P("px", "py")))))
    assert_allclose(power, np.abs(np.fft.rfft(x.astype(np.float64), axis=1)) ** 2, rtol=1e-3, atol=1e-2)
    bands = band_energy(power, 4)
    if np.argmax(bands) != 0:
        raise AssertionError(f"tone not in the first band: {bands}")
    print(desc, "band energies", bands.round(1))


if __name__ == "__main__":
    main(*inputs())
