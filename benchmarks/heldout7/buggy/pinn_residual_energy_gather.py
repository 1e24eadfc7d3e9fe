"""Physics-informed network for the heat equation: the global residual energy shared with every collocation shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KAPPA = 0.1


def mlp(params, t, x):
    h = jnp.stack([t, x], axis=-1)
    for w, b in params[:-1]:
        h = jnp.tanh(h @ w + b)
    w, b = params[-1]
    return (h @ w + b)[..., 0]


def residual(params, t, x):
    u_t = jax.vmap(jax.grad(mlp, argnums=1), in_axes=(None, 0, 0))(params, t, x)
    u_xx = jax.vmap(jax.grad(jax.grad(mlp, argnums=2), argnums=2), in_axes=(None, 0, 0))(params, t, x)
    return u_t - KAPPA * u_xx


def init(key, sizes=(2, 8, 8, 1)):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (a, b)) / np.sqrt(a), jnp.zeros(b)) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def inputs():
    rng = np.random.default_rng(5)
    return rng.random(size=(32,)).astype(np.float32), rng.random(size=(32,)).astype(np.float32)


def main(t, x):
    mesh = jax.make_mesh((4, 2), ("pts", "batch"))
    pts = P(("pts", "batch"))
    t, x = (jax.device_put(a, NamedSharding(mesh, pts)) for a in (t, x))
    params = init(jax.random.key(0))

    def loss_shard(t, x):
        r = residual(params, t, x)
        energy = jax.lax.psum(jnp.sum(r * r), ("pts", "batch"))
        return jax.lax.all_gather(energy[None], "pts", tiled=True, to="reduced")

    return jax.shard_map(loss_shard, mesh=mesh, in_specs=(pts, pts), out_specs=P(reduced={"pts"}))(t, x)


if __name__ == "__main__":
    print(main(*inputs()))
