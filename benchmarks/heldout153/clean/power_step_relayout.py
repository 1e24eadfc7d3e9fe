"""Power iteration for the dominant eigenpair of a symmetric matrix on a 2 x 4 grid.

dla-jax/src/dla_jax/eig/power.py

``y = A v`` comes out distributed like the rows of A; the next iterate must be distributed like
its columns. The relayout assembles y on every process (reduced over the process rows) and each
process keeps its column block.
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

GRID = {"shape": (2, 4), "names": ("rows", "cols")}
AXES = {"matvec_sum": "cols", "assemble": "rows"}


def matvec(a_blk, v_blk):
    """Block row of ``A v``: local products summed along the process row."""
    return jax.lax.psum(a_blk @ v_blk, AXES["matvec_sum"])


def relayout(y_rows, nb):
    """From the row distribution to the column distribution of the next iterate."""
    full = jax.lax.all_gather(y_rows, AXES["assemble"], tiled=True, to="reduced")
    nrm = jnp.sqrt(jax.lax.psum(jnp.sum(y_rows * y_rows), GRID["names"][0]))
    first = jax.lax.axis_index(GRID["names"][1]) * nb
    mine = jnp.take(full, first + jnp.arange(nb))
    return mine / nrm, nrm


def make_step(mesh):
    rows, cols = GRID["names"]

    def body(a_blk, v_blk):
        y = matvec(a_blk, v_blk)
        return relayout(y, v_blk.shape[0])

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(rows, cols), P(cols)),
                                 out_specs=(P(cols), P())))


def inputs():
    rng = np.random.default_rng(79)
    n = 32
    qm, _ = np.linalg.qr(rng.standard_normal((n, n)))
    lam = np.concatenate([[10.0, 5.0], np.linspace(1.0, 0.1, n - 2)])
    return (qm * lam) @ qm.T, 40


def main(a, iters):
    grid = ProcessGrid(math.prod(GRID["shape"]), nprow=GRID["shape"][0])
    desc = BlockCyclic(*a.shape, 16, 8, grid).check_even()
    mesh = jax.make_mesh(GRID["shape"], GRID["names"])
    step = make_step(mesh)
    da = jax.device_put(a.astype(np.float32), NamedSharding(mesh, P(*GRID["names"])))
    v = jax.device_put(np.ones(a.shape[0], np.float32), NamedSharding(mesh, P(GRID["names"][1])))
    for _ in range(iters):
        v, lam = step(da, v)
    assert_allclose(lam, np.max(np.linalg.eigvalsh(a)), rtol=1e-3, err_msg=repr(desc))
    print(desc, "lambda_max ~ %.4f" % float(lam))


if __name__ == "__main__":
    main(*inputs())
