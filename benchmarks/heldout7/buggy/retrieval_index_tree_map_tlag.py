"""Retrieval service: a sharded index tree placed with jax.tree.map, its doc vectors gathered for a rebuild."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

INDEX_SPECS = {"docs": P(("replica", "shard"), None), "norms": P(("replica", "shard"))}


def inputs():
    rng = np.random.default_rng(27)
    docs = rng.normal(size=(32, 8)).astype(np.float32)
    return ({"docs": docs, "norms": np.linalg.norm(docs, axis=-1)},)


def main(index):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), index, INDEX_SPECS)
    with jax.set_mesh(mesh):
        norms = top_level_all_gather(placed["norms"], P(None, reduced={"replica", "shard"}))
        docs = top_level_all_gather(placed["docs"], P("shard", None, reduced={"replica"}))
    return docs, norms


if __name__ == "__main__":
    print(main(*inputs()))
