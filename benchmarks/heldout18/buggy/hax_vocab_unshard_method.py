"""Haliax-like embedding: a named array whose unshard method gathers logical axes to reduced."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MAPPING = {"fsdp": "data", "tp": "model"}
mesh = jax.make_mesh((2, 4), ("data", "model"))


class NamedArray:
    def __init__(self, array, axes):
        self.array, self.axes = array, axes

    def unshard(self, logical, dim="vocab"):
        names = tuple(MAPPING[n] for n in logical) if isinstance(logical, tuple) else MAPPING[logical]
        gathered = jax.lax.all_gather(self.array, names, axis=self.axes.index(dim), tiled=True, to="reduced")
        return NamedArray(gathered, self.axes)


class Embedding:
    def __call__(self, raw_table, ids):
        table = NamedArray(raw_table, ("vocab", "embed"))
        tp_full = table.unshard("tp")
        full = tp_full.unshard(("fsdp", "tp"))
        return jnp.take(full.array, ids, axis=0)


def inputs():
    table = jnp.arange(32 * 4, dtype=jnp.float32).reshape(32, 4)
    ids = jnp.arange(16) % 32
    return (jax.device_put(table, NamedSharding(mesh, P(("data", "model")))),
            jax.device_put(ids, NamedSharding(mesh, P(("data", "model")))))


def main(table, ids):
    return jax.shard_map(Embedding(), mesh=mesh, in_specs=(P(("data", "model")), P(("data", "model"))),
                         out_specs=P(("data", "model")))(table, ids)
