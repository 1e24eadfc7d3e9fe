"""One right-looking step of blocked Cholesky: the panel solve and the trailing update.

dla-jax/src/dla_jax/factor/pdpotrf_step.py

With ``A = [[A11, *], [A21, A22]]`` and ``L11 = chol(A11)`` known on every process, the step forms
``L21 = A21 L11^{-T}`` and ``S = A22 - L21 L21^T``. A21 and A22 are distributed 4 x 2.
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


class CholeskyStep:
    """The panel/update part of PDPOTRF for one block column of width ``nb``."""

    def __init__(self, mesh, desc):
        self.mesh = mesh
        self.desc = desc
        self.row_axis, self.col_axis = mesh.axis_names

    @property
    def panel_axes(self):
        return (self.row_axis,)

    def _panel(self, a21):
        """The whole L21 panel on every process (rows over r, the block column over c)."""
        rows = jax.lax.all_gather(a21, self.col_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, self.panel_axes, axis=0, tiled=True, to="reduced")

    def body(self, a21, a22, w):
        l21 = self._panel(a21) @ w
        mb, nb = a22.shape
        ri = jax.lax.axis_index(self.row_axis)
        ci = jax.lax.axis_index(self.col_axis)
        mine = jax.lax.dynamic_slice_in_dim(l21, ri * mb, mb, axis=0)
        theirs = jax.lax.dynamic_slice_in_dim(l21, ci * nb, nb, axis=0)
        return a22 - mine @ theirs.T

    def __call__(self, a21, a22, w):
        spec = P(self.row_axis, self.col_axis)
        fn = jax.shard_map(self.body, mesh=self.mesh, in_specs=(spec, spec, P()), out_specs=spec)
        return jax.jit(fn)(a21, a22, w)


def inputs():
    rng = np.random.default_rng(2)
    n, nb = 20, 4
    m = rng.standard_normal((n, n))
    a = (m @ m.T + n * np.eye(n)).astype(np.float32)
    return a, nb


def main(a, nb):
    grid = ProcessGrid(8, nprow=4)
    n = a.shape[0]
    desc = BlockCyclic(n - nb, n - nb, 4, 8, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), ("r", "c"))
    l11 = np.linalg.cholesky(a[:nb, :nb].astype(np.float64))
    w = np.linalg.inv(l11).T.astype(np.float32)
    step = CholeskyStep(mesh, desc)
    sh = NamedSharding(mesh, P("r", "c"))
    a21 = jax.device_put(np.ascontiguousarray(a[nb:, :nb]), sh)
    a22 = jax.device_put(np.ascontiguousarray(a[nb:, nb:]), sh)
    s = step(a21, a22, jax.device_put(w, NamedSharding(mesh, P())))
    l21 = a[nb:, :nb] @ w
    assert_allclose(s, a[nb:, nb:] - l21 @ l21.T, rtol=1e-3, atol=1e-3, err_msg=repr(desc))
    print("trailing matrix ok, still SPD:", bool(np.all(np.linalg.eigvalsh(np.asarray(s)) > 0)))


if __name__ == "__main__":
    main(*inputs())
