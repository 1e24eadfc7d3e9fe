"""CholeskyQR2: two passes of Cholesky-QR for a tall matrix on a 4 x 2 grid, Q exported.

dla-jax/src/dla_jax/factor/cholqr2.py

X (m x n) is split by block rows over ``r`` and block columns over ``c``. Each pass forms the
Gram matrix (row panels completed along ``c``, summed over ``r``), factors it redundantly and
applies ``R^{-1}``. The second pass restores orthogonality to working precision. Q then goes to
the host in the row-panel layout (regathered along ``c`` on the mesh).
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

ROWS, COLS = "r", "c"
LAYOUT = {"blocks": P(ROWS, COLS), "row_panels": P(ROWS, None, reduced={COLS})}


def one_pass(x_blk):
    panel = jax.lax.all_gather(x_blk, COLS, axis=1, tiled=True, to="invarying")
    g = jax.lax.psum(panel.T @ panel, ROWS)
    r = jnp.linalg.cholesky(g).T
    q_panel = jax.scipy.linalg.solve_triangular(r.T, panel.T, lower=True).T
    nb = x_blk.shape[1]
    q_blk = jax.lax.dynamic_slice_in_dim(q_panel, jax.lax.axis_index(COLS) * nb, nb, axis=1)
    return q_blk, r


def cholqr2_body(x_blk):
    q1, r1 = one_pass(x_blk)
    q, r2 = one_pass(q1)
    diag = jax.lax.all_gather(jax.lax.pcast(jnp.diagonal(r2 @ r1), ROWS, to="varying"), ROWS,
                              to="reduced")
    return q, r2 @ r1, diag


@jax.jit
def cholqr2(x):
    return jax.shard_map(cholqr2_body, in_specs=LAYOUT["blocks"],
                         out_specs=(LAYOUT["blocks"], P(), P(None, None, reduced={ROWS})))(x)


def inputs():
    rng = np.random.default_rng(211)
    x = rng.standard_normal((64, 8)) @ np.diag(np.logspace(0, 3, 8))
    return x.astype(np.float32),


def main(x):
    grid = ProcessGrid(8, nprow=4)
    desc = BlockCyclic(*x.shape, 16, 4, grid).check_even()
    mesh = jax.make_mesh((grid.nprow, grid.npcol), (ROWS, COLS))
    with jax.set_mesh(mesh):
        q, r, diag = cholqr2(jax.device_put(x, NamedSharding(mesh, LAYOUT["blocks"])))
        q_rows = top_level_all_gather(q, LAYOUT["row_panels"])
        qh = np.asarray(jax.reshard(q_rows, P()), np.float64)
    orth = np.linalg.norm(qh.T @ qh - np.eye(x.shape[1]))
    if orth > 1e-4:
        raise AssertionError(f"CholeskyQR2 lost orthogonality: {orth:.2e} ({desc!r})")
    assert_allclose(qh @ np.asarray(r, np.float64), x, rtol=1e-3, atol=1e-2)
    print(desc, "||Q^T Q - I|| = %.1e, |diag R| range %.1e..%.1e" % (
        orth, np.abs(np.asarray(diag)).min(), np.abs(np.asarray(diag)).max()))


if __name__ == "__main__":
    main(*inputs())
