"""FSDP step: weights gathered inside the loss; grads come back varying per fsdp shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(9)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(w, x):
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp")))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def step(w_shard, xb):
        def loss(ws):
            w_full = jax.lax.all_gather(ws, "fsdp", tiled=True)
            h = xb @ w_full
            return jnp.mean(h ** 2)

        l, g = jax.value_and_grad(loss)(w_shard)
        g = jax.lax.pmean(g, "data")
        # the gathered weight varies on fsdp, so the loss does too
        l = jax.lax.pmean(l, ("data", "fsdp"))
        return w_shard - 0.01 * g, l

    new_w, l = jax.shard_map(step, mesh=mesh, in_specs=(P("fsdp"), P("data")),
                             out_specs=(P("fsdp"), P()))(w, x)
    return new_w.sum() + l


if __name__ == "__main__":
    print(main(*inputs()))
