"""General matrix update ``C <- alpha A B + beta C`` by SUMMA (PDGEMM-like).

dla-jax/src/dla_jax/blas3/pgemm.py

A, B and C share one 2 x 4 block distribution; the A panel is broadcast along process rows with
a reduced gather (its cotangent is then summed once), the B panel along process columns.
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


class PGemm:
    """``alpha * op(A) @ B + beta * C`` on a process grid.

    Parameters
    ----------
    alpha, beta : float
    trans_a : bool
        Use ``A.T`` (A must then be square).
    """

    def __init__(self, alpha=1.0, beta=0.0, trans_a=False):
        if trans_a:
            raise ValueError("trans_a=True is not implemented for the reduced-panel path")
        self.alpha, self.beta = float(alpha), float(beta)
        self.axes = ("prow", "pcol")

    def __repr__(self):
        return f"PGemm(alpha={self.alpha}, beta={self.beta})"

    def _a_panel(self, a):
        return jax.lax.all_gather(a, self.axes[1], axis=1, tiled=True, to="reduced")

    def _b_panel(self, b):
        return jax.lax.all_gather(b, self.axes[0], axis=0, tiled=True)

    def local(self, a, b, c):
        a_row = self.alpha * self._a_panel(a)
        return a_row @ self._b_panel(b) + self.beta * c

    def __call__(self, mesh, a, b, c):
        spec = P(*self.axes)
        fn = jax.shard_map(self.local, mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec)
        return jax.jit(fn)(a, b, c)


def inputs():
    rng = np.random.default_rng(17)
    a = rng.standard_normal((16, 16)).astype(np.float32)
    b = rng.standard_normal((16, 16)).astype(np.float32)
    c = rng.standard_normal((16, 16)).astype(np.float32)
    return a, b, c, 0.5, 2.0


def main(a, b, c, alpha, beta):
    grid = ProcessGrid(8, nprow=2)
    desc = BlockCyclic(16, 16, 8, 4, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), ("prow", "pcol"))
    gemm = PGemm(alpha, beta)
    sh = NamedSharding(mesh, P(*gemm.axes))
    out = gemm(mesh, *(jax.device_put(x, sh) for x in (a, b, c)))
    assert_allclose(out, alpha * a @ b + beta * c, rtol=1e-3, atol=1e-3, err_msg=repr(gemm))
    print(gemm, desc, "ok")


if __name__ == "__main__":
    main(*inputs())
