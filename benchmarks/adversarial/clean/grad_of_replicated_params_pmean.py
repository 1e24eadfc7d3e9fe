"""Data-parallel SGD inside shard_map: grads of replicated params are already invariant."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def init_params():
    return {"w": jnp.full((4, 2), 0.1), "b": jnp.zeros((2,))}


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16, 2)).astype(np.float32)


def main(x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    y = jax.device_put(y, NamedSharding(mesh, P("data")))
    params = jax.device_put(init_params(), NamedSharding(mesh, P()))

    def loss_fn(p, xb, yb):
        pred = xb @ p["w"] + p["b"]
        return jnp.mean((pred - yb) ** 2)

    def train_step(p, xb, yb):
        grads = jax.grad(loss_fn)(p, xb, yb)
        # grads of replicated params come back invariant on every axis: one state on the tuple
        grads = jax.tree.map(lambda g: jax.lax.pmean(g, ("data", "model")), grads)
        return jax.tree.map(lambda a, g: a - 0.1 * g, p, grads)

    return jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P("data"), P("data")),
                         out_specs=P())(params, x, y)


if __name__ == "__main__":
    print(main(*inputs()))
