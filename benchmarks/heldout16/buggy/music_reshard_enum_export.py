"""Music transformer: token embeddings resharded between layouts named by an enum, then exported."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    BATCH = "batch"
    TIME = "time"


class Layout(enum.Enum):
    TRAIN = P(MeshAxis.BATCH.value, MeshAxis.TIME.value)
    GENERATE = P((MeshAxis.BATCH.value, MeshAxis.TIME.value), None)
    EXPORT = P(MeshAxis.TIME.value, None, reduced={MeshAxis.BATCH.value})


def inputs():
    emb = np.linspace(0, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    return (emb,)


def main(emb):
    mesh = jax.make_mesh((2, 4), (MeshAxis.BATCH.value, MeshAxis.TIME.value))
    emb = jax.device_put(emb, NamedSharding(mesh, Layout.TRAIN.value))
    with jax.set_mesh(mesh):
        gen = jax.reshard(emb, Layout.GENERATE.value)
        exported = top_level_all_gather(gen, Layout.EXPORT.value)
    return exported
