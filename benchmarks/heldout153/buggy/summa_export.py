"""SUMMA product followed by a redistribution of C to a 1-D column-block layout.

dla-jax/src/dla_jax/redist/summa_to_1d.py

The eigen-solver downstream wants C distributed by block columns only (every process holds whole
columns), so the 2-D block-cyclic result is regathered along the process rows.
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

LAYOUTS = {
    "2d": ("prow", "pcol"),
    "col_blocks": (None, "pcol"),
    "row_blocks": ("prow", None),
}


def layout_spec(name, reduced=()):
    """PartitionSpec of a named layout, the regathered mesh axes listed in ``reduced``."""
    return P(*LAYOUTS[name], reduced=set(reduced))


def gathered_axes(src, dst):
    """Mesh axes a redistribution from layout ``src`` to ``dst`` has to gather over."""
    return [a for a, b in zip(LAYOUTS[src], LAYOUTS[dst]) if a is not None and a != b]


@jax.jit
def summa(a, b):
    def body(a_blk, b_blk):
        a_row = jax.lax.all_gather(a_blk, "pcol", axis=1, tiled=True)
        b_col = jax.lax.all_gather(b_blk, "prow", axis=0, tiled=True)
        return a_row @ b_col
    return jax.shard_map(body, in_specs=(layout_spec("2d"), layout_spec("2d")),
                         out_specs=layout_spec("2d"))(a, b)


def redistribute(c, src, dst):
    """Move ``c`` from layout ``src`` to ``dst`` without leaving the device mesh."""
    axes = gathered_axes(src, dst)
    if not axes:
        raise ValueError(f"nothing to gather from {src!r} to {dst!r}")
    return top_level_all_gather(c, layout_spec(dst, reduced=axes[1:]))


def inputs():
    rng = np.random.default_rng(3)
    return (rng.standard_normal((16, 24)).astype(np.float32),
            rng.standard_normal((24, 32)).astype(np.float32))


def main(a, b):
    grid = ProcessGrid(8, nprow=2)
    desc = BlockCyclic(a.shape[0], b.shape[1], 8, 8, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), ("prow", "pcol"))
    with jax.set_mesh(mesh):
        sh = NamedSharding(mesh, layout_spec("2d"))
        c = summa(jax.device_put(a, sh), jax.device_put(b, sh))
        c1d = redistribute(c, "2d", "col_blocks")
        print("C now", c1d.sharding.spec, "for", desc)
        assert_allclose(np.asarray(jax.reshard(c1d, P(None, "pcol"))), a @ b, rtol=1e-3, atol=1e-3)
    ws = Workspace()
    ws.get(desc.local_shape(0, 0))
    print("workspace buffers:", len(ws))


if __name__ == "__main__":
    main(*inputs())
