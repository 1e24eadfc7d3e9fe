"""Barycentric rational interpolation on node sets split over devices.

``shardinterp.barycentric``: the nodes and weights of one curve are
gathered to reduced values so each device can evaluate its queries
without another collective; the weights are scaled by the node span,
floored at ``tiny``.
"""
import functools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["barycentric_eval", "chebyshev_nodes"]


def chebyshev_nodes(n):
    """Chebyshev points of the second kind and their barycentric weights."""
    k = np.arange(n)
    x = np.cos(np.pi * k / (n - 1)).astype(np.float32)
    w = ((-1.0) ** k).astype(np.float32)
    w[[0, -1]] *= 0.5
    return x, w


def _check_queries(xq, nodes):
    xq = np.asarray(xq, dtype=np.float32)
    if np.min(np.abs(xq[:, None] - nodes[None, :])) == 0:
        raise ValueError("query points must not coincide with the nodes")
    return xq


def barycentric_eval(xq, nodes, weights, values, mesh, *, tiny=None):
    """Second barycentric formula at the points ``xq``.

    Parameters
    ----------
    xq : array_like, shape (m,)
        Queries, split over the mesh.
    nodes, weights, values : array_like, shape (n,)
        Node set, split over the mesh.
    mesh : Mesh
        One-dimensional mesh.
    tiny : float, optional
        Floor on the span of the nodes (default 1e-6).

    Returns
    -------
    jax.Array, shape (m,)
    """
    nodes = np.asarray(nodes, dtype=np.float32)
    xq = _check_queries(xq, nodes)
    if tiny is None:
        tiny = 1e-6
    (axis,) = mesh.axis_names
    put = lambda a: jax.device_put(np.asarray(a, np.float32), NamedSharding(mesh, P(axis)))
    q, xn, wn, fn = put(xq), put(nodes), put(weights), put(values)

    def body(q, xn, wn, fn):
        xa = jax.lax.all_gather(xn, axis, tiled=True, to="reduced")
        wa = jax.lax.all_gather(wn, axis, tiled=True, to="invarying")
        fa = jax.lax.all_gather(fn, axis, tiled=True, to="invarying")
        span = jnp.maximum(jnp.abs(xa[0] - xa[-1]), tiny)
        diff = q[:, None] - xa[None, :]
        c = wa / (diff * span)
        return (c @ fa) / jnp.sum(c, axis=1)

    return jax.shard_map(body, mesh=mesh, in_specs=(P(axis),) * 4, out_specs=P(axis))(q, xn, wn, fn)


def inputs():
    x, w = chebyshev_nodes(16)
    xq = np.linspace(-0.93, 0.91, 8).astype(np.float32)
    return xq, x, w, np.exp(x)


def main(xq, x, w, f):
    mesh = jax.make_mesh((8,), ("node",))
    out = barycentric_eval(xq, x, w, f, mesh)
    np.testing.assert_allclose(np.asarray(out), np.exp(xq), rtol=1e-3)
    return out


if __name__ == "__main__":
    main(*inputs())
