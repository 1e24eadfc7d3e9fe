"""Embedding table gathered over vocab shards, then re-gathered as a reduced copy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

VOCAB_AXIS = "vocab"


class Embedding:
    def __init__(self, mesh, axis=VOCAB_AXIS):
        self.mesh = mesh
        self.axis = axis

    def full_table(self, shard):
        table = lax.all_gather(shard, self.axis, axis=0, tiled=True, to="invarying")
        return lax.all_gather(table, self.axis, axis=1, tiled=True, to="reduced")

    def __call__(self, table):
        return jax.shard_map(self.full_table, mesh=self.mesh, in_specs=P(self.axis),
                             out_specs=P(reduced={self.axis}))(table)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(table):
    mesh = jax.make_mesh((8,), (VOCAB_AXIS,))
    table = jax.device_put(table, NamedSharding(mesh, P(VOCAB_AXIS)))
    return Embedding(mesh)(table)


if __name__ == "__main__":
    print(main(*inputs()))
