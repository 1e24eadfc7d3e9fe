"""Megatron-style ColumnParallelLinear with gather_output=True feeding the activation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ColumnParallelLinear:
    def __init__(self, tp_axis="tp", gather_output=False):
        self.tp_axis = tp_axis
        self.gather_output = gather_output

    def __call__(self, x, w):
        y = x @ w
        if self.gather_output:
            y = jax.lax.all_gather(y, self.tp_axis, axis=1, tiled=True, to="reduced")
        return y


class GatheredMLP:
    def __init__(self, tp_axis="tp"):
        self.up = ColumnParallelLinear(tp_axis, gather_output=True)

    def __call__(self, x, w_up):
        h = self.up(x, w_up)
        return jax.nn.gelu(h)


def inputs():
    rng = np.random.default_rng(34)
    x = rng.normal(size=(8, 16)).astype(np.float32)
    w_up = (rng.normal(size=(16, 32)) * 0.1).astype(np.float32)
    return x, w_up


def main(x, w_up):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    w_up = jax.device_put(w_up, NamedSharding(mesh, P(None, "tp")))
    fn = jax.shard_map(GatheredMLP(), mesh=mesh, in_specs=(P("dp", None), P(None, "tp")),
                       out_specs=P("dp", None, reduced={"tp"}))
    return fn(x, w_up)
