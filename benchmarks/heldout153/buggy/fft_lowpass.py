"""Spectral low-pass filter along rows with a smooth (raised-cosine) taper.

dla-jax/src/dla_jax/fft/lowpass_rows.py

Rows are completed on the 4 x 2 grid by a reduced all_gather along ``py`` (the backward pass
then sums the cotangent once); each process removes the row means (kept out of the transform, added back after), filters its
whole rows and keeps its column block.
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

FILTERS = {
    "sharp": lambda k, kc: (np.abs(k) <= kc).astype(np.float32),
    "cosine": lambda k, kc: np.where(np.abs(k) <= kc, 0.5 * (1 + np.cos(np.pi * np.abs(k) / kc)), 0.0).astype(np.float32),
}


def make_lowpass(mesh, taper):
    px, py = mesh.axis_names

    def body(blk, transfer):
        rows = jax.lax.all_gather(blk, py, axis=1, tiled=True, to="reduced")
        mean = jnp.mean(rows, axis=1, keepdims=True)
        spec = jnp.fft.rfft(rows - mean, axis=1)
        filtered = jnp.fft.irfft(spec * transfer[None, :], n=rows.shape[1], axis=1) + mean
        nb = blk.shape[1]
        start = jax.lax.axis_index(py) * nb
        return jax.lax.dynamic_slice_in_dim(filtered.astype(blk.dtype), start, nb, axis=1)

    fn = jax.shard_map(body, mesh=mesh, in_specs=(P(px, py), P()), out_specs=P(px, py))
    return jax.jit(fn)


def transfer_function(n, kc, taper):
    if taper not in FILTERS:
        raise ValueError(f"unknown taper {taper!r}; expected one of {sorted(FILTERS)}")
    return FILTERS[taper](np.fft.rfftfreq(n, 1.0 / n), kc)


def inputs():
    t = np.arange(32)
    x = np.sin(2 * np.pi * 2 * t / 32)[None, :] + 0.3 * np.sin(2 * np.pi * 11 * t / 32)[None, :]
    return np.repeat(x, 32, axis=0).astype(np.float32), 6.0, "cosine"


def main(x, kc, taper):
    grid = ProcessGrid(8, nprow=4)
    desc = BlockCyclic(*x.shape, 8, 16, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), ("px", "py"))
    h = transfer_function(x.shape[1], kc, taper)
    out = make_lowpass(mesh, taper)(jax.device_put(x, NamedSharding(mesh, P("px", "py"))),
                                    jax.device_put(h, NamedSharding(mesh, P())))
    ref = np.fft.irfft(np.fft.rfft(x.astype(np.float64), axis=1) * h, n=x.shape[1], axis=1)
    assert_allclose(out, ref, rtol=1e-3, atol=1e-4, err_msg=f"{desc!r} taper={taper}")
    print(desc, "low-pass (%s, kc=%.1f) ok" % (taper, kc))


if __name__ == "__main__":
    main(*inputs())
