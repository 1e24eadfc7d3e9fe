"""Forward and inverse row transforms with a spectral derivative in between.

dla-jax/src/dla_jax/fft/spectral_dx.py

``d/dx`` of a periodic field by FFT along rows: to row pencils (all_to_all along ``py``), FFT,
multiply by ``i k``, inverse FFT, back to blocks (the reverse all_to_all). The amplitude spectrum
of each process row is also assembled along ``py`` (reduced) for the spectral-slope diagnostic,
and returned in the block layout for the plotting tools.
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


class Pencils:
    def __init__(self, row_axis="px", col_axis="py"):
        self.row_axis, self.col_axis = row_axis, col_axis

    def forward(self, blk):
        return jax.lax.all_to_all(blk, self.col_axis, 0, 1, tiled=True)

    def backward(self, rows):
        return jax.lax.all_to_all(rows, self.col_axis, 1, 0, tiled=True)


PEN = Pencils()


def spectral_dx(blk, length):
    rows = PEN.forward(blk)
    n = rows.shape[1]
    k = 2 * jnp.pi * jnp.fft.fftfreq(n, d=length / n)
    spec = jnp.fft.fft(rows, axis=1)
    amp = jnp.abs(spec).astype(jnp.float32)
    amp_rows = jax.lax.all_gather(amp, PEN.col_axis, axis=0, tiled=True, to="reduced")
    mean_amp = jnp.sum(amp_rows, axis=0)[1 : n // 2]
    deriv = jnp.fft.ifft(1j * k[None, :] * spec, axis=1).real.astype(jnp.float32)
    return PEN.backward(deriv), PEN.backward(amp_rows), mean_amp


def make(mesh, length):
    return jax.jit(jax.shard_map(functools.partial(spectral_dx, length=length), mesh=mesh,
                                 in_specs=P("px", "py"),
                                 out_specs=(P("px", "py"), P("px", "py"), P("px", reduced={"py"}))))


def inputs():
    x = np.linspace(0, 2 * np.pi, 32, endpoint=False)
    f = np.sin(3 * x)[None, :] * np.cos(np.linspace(0, 1, 32))[:, None]
    return f.astype(np.float32), 2 * np.pi


def main(f, length):
    grid = ProcessGrid(8, nprow=4)
    desc = BlockCyclic(*f.shape, 8, 16, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), ("px", "py"))
    df, amp, mean_amp = make(mesh, length)(jax.device_put(f, NamedSharding(mesh, P("px", "py"))))
    x = np.linspace(0, 2 * np.pi, 32, endpoint=False)
    ref = 3 * np.cos(3 * x)[None, :] * np.cos(np.linspace(0, 1, 32))[:, None]
    assert_allclose(df, ref, rtol=1e-3, atol=1e-3, err_msg=repr(desc))
    slope = np.polyfit(np.log(np.arange(1, 16)), np.log(np.asarray(mean_amp)[:15] + 1e-12), 1)[0]
    print(desc, "spectral derivative ok; amplitude field", np.asarray(amp).shape, "slope %.2f" % slope)


if __name__ == "__main__":
    main(*inputs())
