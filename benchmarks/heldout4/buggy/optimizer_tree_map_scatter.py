"""A ZeRO-style optimizer: the state is built with jax.tree.map over params, grads and moments;
the full gradient is kept reduced over 'dp' and each shard's slice is reduce-scattered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP = "dp"
LR, B1 = 0.1, 0.9


def full_grad(g):
    return jax.lax.all_gather(g, DP, axis=0, tiled=True, to="reduced")


def shard_grad(g):
    dim = 0 if g.ndim == 1 else g.ndim - 2
    return jax.lax.psum_scatter(g, DP, scatter_dimension=dim, tiled=True)


def update(params, grads, mu):
    grads = jax.tree.map(full_grad, grads)
    grads = jax.tree.map(shard_grad, grads)
    mu = jax.tree.map(lambda m, g: B1 * m + (1 - B1) * g, mu, grads)
    params = jax.tree.map(lambda p, m: p - LR * m, params, mu)
    return params, mu


def inputs():
    w = np.ones((16, 4), np.float32)
    b = np.zeros((8,), np.float32)
    return w, b


def main(w, b):
    mesh = jax.make_mesh((8,), (DP,))
    params = {"w": w, "b": b}
    grads = jax.tree.map(lambda p: np.full_like(p, 0.5), params)
    mu = jax.tree.map(np.zeros_like, params)
    put = lambda t: jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P(DP))), t)
    params, grads, mu = put(params), put(grads), put(mu)
    specs = {"w": P(DP), "b": P(DP)}
    f = jax.shard_map(update, mesh=mesh, in_specs=(specs, specs, specs), out_specs=(specs, specs))
    return f(params, grads, mu)


if __name__ == "__main__":
    print(main(*inputs()))
