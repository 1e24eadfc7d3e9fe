"""A tied protein-LM embedding materialised by one reduced gather over both mesh axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TiedEmbedding:
    axes = ("fsdp", "model")

    def full_table(self, table):
        return jax.lax.all_gather(table, self.axes, axis=0, tiled=True, to="reduced")

    def logits(self, hidden, table):
        return hidden @ self.full_table(table).T


def inputs():
    return np.ones((4, 16), np.float32), np.linspace(-1, 1, 32 * 16, dtype=np.float32).reshape(32, 16)


def main(hidden, table):
    mesh = jax.make_mesh((2, 4), ("fsdp", "model"))
    emb = TiedEmbedding()
    hidden = jax.device_put(hidden, NamedSharding(mesh, P()))
    table = jax.device_put(table, NamedSharding(mesh, P(("fsdp", "model"), None)))
    return jax.shard_map(emb.logits, mesh=mesh, in_specs=(P(), P(("fsdp", "model"), None)),
                         out_specs=P())(hidden, table)


if __name__ == "__main__":
    print(main(*inputs()).shape)
