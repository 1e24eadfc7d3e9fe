"""ZeRO-3 layer loop: parameters gathered before use, then handed back to their shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Zero3Layer:
    def __init__(self, axis):
        self.axis = axis

    def materialise(self, shard):
        return jax.lax.all_gather(shard, self.axis, axis=0, tiled=True, to="invarying")

    def release(self, full):
        rows = full.shape[0] // jax.lax.axis_size(self.axis)
        start = jax.lax.axis_index(self.axis) * rows
        return jax.lax.dynamic_slice_in_dim(full, start, rows, axis=0)


def run_layers(shards, x, layer):
    kept = []
    for i in range(shards.shape[0]):
        w = layer.materialise(shards[i])
        x = jnp.tanh(x @ w)
        kept.append(layer.release(w))
    return x, jnp.stack(kept)


def inputs():
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    rng = np.random.default_rng(33)
    shards = jax.device_put(rng.normal(size=(3, 16, 16)).astype(np.float32) * 0.2,
                            NamedSharding(mesh, P(None, "shard", None)))
    x = jax.device_put(rng.normal(size=(8, 16)).astype(np.float32),
                       NamedSharding(mesh, P("replica", None)))
    return mesh, shards, x


def main(mesh, shards, x):
    layer = Zero3Layer("shard")
    f = jax.shard_map(lambda s, a: run_layers(s, a, layer), mesh=mesh,
                      in_specs=(P(None, "shard", None), P("replica", None)),
                      out_specs=(P("replica", None), P(None, "shard", None)))
    return f(shards, x)


if __name__ == "__main__":
    main(*inputs())
