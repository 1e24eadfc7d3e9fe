"""Vocabulary export: the resharded merge-rank table is gathered in the layout the writer expects."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class TableLayout(enum.Enum):
    TRAINING = P("docs", "vocab")
    BY_RANK = P("vocab", "docs")
    WRITER = P("docs", None, reduced={"vocab"})


def export(ranks, mesh):
    with jax.set_mesh(mesh):
        by_rank = jax.reshard(ranks, NamedSharding(mesh, TableLayout.BY_RANK.value))
        return top_level_all_gather(by_rank, TableLayout.WRITER.value)


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16),)


def main(ranks):
    mesh = jax.make_mesh((4, 2), ("docs", "vocab"))
    ranks = jax.device_put(ranks, NamedSharding(mesh, TableLayout.TRAINING.value))
    return export(ranks, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
