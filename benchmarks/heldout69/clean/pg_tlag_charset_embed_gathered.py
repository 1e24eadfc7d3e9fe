"""Export of a recognizer's character embedding table, ported from a torch FSDP full-state dump."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("data", "model"))


class Placement(enum.Enum):
    SHARDED = P("data", "model")
    ROW_SHARDED = P("data", None)
    GATHERED = P(None, "model", reduced={"data"})
    COLUMNS = P(None, "model")


class CharsetEmbedding:
    def __init__(self, charset, dim, placement=Placement.SHARDED):
        self.charset = charset
        rng = np.random.default_rng(3)
        table = rng.normal(size=(len(charset), dim)).astype(np.float32)
        self.weight = jax.device_put(table, NamedSharding(MESH, placement.value))

    def full_weight(self, target=Placement.GATHERED):
        return top_level_all_gather(self.weight, target.value)


def inputs():
    charset = "0123456789abcdefghijklmnopqrstuv"
    return CharsetEmbedding(charset, 16), charset


def main(embed, charset):
    with jax.set_mesh(MESH):
        full = embed.full_weight()
    print("rows:", full.shape[0], "chars:", len(charset), "norm:", float(jnp.linalg.norm(full)))


if __name__ == "__main__":
    main(*inputs())
