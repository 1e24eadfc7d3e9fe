"""Train state with an exponential moving average of the unsharded parameters."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def tree_ema(ema, new, decay):
    return jax.tree.map(lambda e, n: decay * e + (1.0 - decay) * n, ema, new)


class EMATrainState:
    def __init__(self, params, ema_params, shard_axis, decay=0.99):
        self.params = params
        self.ema_params = ema_params
        self.shard_axis = shard_axis
        self.decay = decay

    def unshard(self, tree):
        gather = functools.partial(jax.lax.all_gather, axis_name=self.shard_axis, axis=0, tiled=True,
                                   to="invarying")
        return jax.tree.map(gather, tree)

    def step_ema(self):
        full = self.unshard(self.params)
        return tree_ema(self.ema_params, full, self.decay)


def inputs():
    rng = np.random.default_rng(14)
    return rng.normal(size=(8, 4)).astype(np.float32), np.zeros((8, 4), np.float32)


def main(params, ema):
    mesh = jax.make_mesh((4, 2), ("fsdp", "data"))
    params = jax.device_put(params, NamedSharding(mesh, P("fsdp", None)))
    ema = jax.device_put(ema, NamedSharding(mesh, P()))

    def body(p, e):
        return EMATrainState({"w": p}, {"w": e}, "fsdp").step_ema()

    return jax.shard_map(body, mesh=mesh, in_specs=(P("fsdp", None), P()),
                         out_specs={"w": P()})(params, ema)


if __name__ == "__main__":
    main(*inputs())
