"""Praxis-like embedding softcap: a gathered (reduced) table through tanh and a reduced out spec."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class EmbeddingHParams:
    vocab: int = 8
    dims: int = 8
    fsdp_axis: str = "data"
    softcap: bool = True


class Embedding:
    def __init__(self, hp):
        self.hp = hp

    def fprop(self, table_shard):
        table = jax.lax.all_gather(table_shard, self.hp.fsdp_axis, axis=0, tiled=True, to="reduced")
        if self.hp.softcap:
            table = jnp.tanh(table)
        return table.astype(jnp.float32).reshape(self.hp.vocab, -1)


def inputs():
    return (np.linspace(-2, 2, 64, dtype=np.float32).reshape(8, 8),)


def main(table):
    layer = Embedding(EmbeddingHParams())
    mesh = jax.make_mesh((4, 2), ("data", "mdl"))
    table = jax.device_put(table, NamedSharding(mesh, P("data", "mdl")))
    f = jax.shard_map(layer.fprop, mesh=mesh, in_specs=P("data", "mdl"),
                      out_specs=P(None, "mdl", reduced={"data"}))
    return f(table)


if __name__ == "__main__":
    print(main(*inputs()))
