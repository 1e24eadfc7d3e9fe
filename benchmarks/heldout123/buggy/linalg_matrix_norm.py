"""Matrix norms of a 2-D block-distributed matrix.

``shardla.norms`` -- every norm is a method in ``_NORM_KERNELS`` that
reduces the local block and combines it over the mesh. With
``trace_shards=True`` the per-row-shard values are also returned.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["matrix_norm", "NormResult"]


class NormResult:
    def __init__(self, value, shards=None, ord=None):
        self.value = value
        self.shards = shards
        self.ord = ord

    def __repr__(self):
        return f"NormResult(ord={self.ord!r}, value={float(self.value):.4f})"


def _fro(block, axes):
    return jnp.sqrt(jax.lax.psum(jnp.sum(block * block), axes))


def _inf(block, axes):
    row_sums = jax.lax.psum(jnp.sum(jnp.abs(block), axis=1), axes[1])
    return jax.lax.pmax(jnp.max(row_sums), axes[0])


def _one(block, axes):
    col_sums = jax.lax.psum(jnp.sum(jnp.abs(block), axis=0), axes[0])
    return jax.lax.pmax(jnp.max(col_sums), axes[1])


_NORM_KERNELS = {"fro": _fro, "inf": _inf, 1: _one, "one": _one}


def _check_ord(ord):
    if ord not in _NORM_KERNELS:
        raise ValueError(f"unsupported ord={ord!r}; choose from {list(_NORM_KERNELS)}")
    return "one" if ord == 1 else ord


def matrix_norm(a, mesh, *, ord=None, trace_shards=False):
    """Norm of a block-distributed matrix.

    Parameters
    ----------
    a : array_like, shape (m, n)
    mesh : Mesh
        Mesh with axes ``(rows, cols)``.
    ord : {"fro", "inf", 1}, optional
        Norm to compute; Frobenius when omitted.
    trace_shards : bool
        Also return the value seen on each row shard (debugging aid).

    Returns
    -------
    NormResult
    """
    a = np.atleast_2d(np.asarray(a, dtype=np.float32))
    if ord is None:
        ord = "fro"
    ord = _check_ord(ord)
    axes = tuple(mesh.axis_names)
    kernel = _NORM_KERNELS[ord]
    spec = P(*axes)
    a = jax.device_put(a, NamedSharding(mesh, spec))

    def body(block):
        value = kernel(block, axes)
        if not trace_shards:
            return value
        return value, jax.lax.all_gather(value, axes[0], to="reduced")

    out_specs = P() if not trace_shards else (P(), P(None, reduced={axes[0]}))
    out = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=out_specs)(a)
    if trace_shards:
        return NormResult(out[0], out[1], ord)
    return NormResult(out, None, ord)


def inputs():
    rng = np.random.default_rng(10)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(a):
    mesh = jax.make_mesh((2, 4), ("row", "col"))
    for ord, ref in [(None, np.linalg.norm(a)), ("inf", np.linalg.norm(a, np.inf)), (1, np.linalg.norm(a, 1))]:
        res = matrix_norm(a, mesh, ord=ord)
        print(res)
        np.testing.assert_allclose(res.value, ref, rtol=1e-5)
    traced = matrix_norm(a, mesh, trace_shards=True)
    return traced.value


if __name__ == "__main__":
    main(*inputs())
