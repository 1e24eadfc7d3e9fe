"""ANN index export: every table gathered with the whole dimension listed in reduced={...}."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

INDEX_SPECS = {"postings": P(("shard", "replica"), None), "norms": P(("shard", "replica"))}
EXPORT_SPECS = {"postings": P(None, None, reduced={"shard", "replica"}),
                "norms": P(None, reduced={"shard", "replica"})}


def inputs():
    return (np.linspace(0, 1, 64, dtype=np.float32).reshape(8, 8),)


def main(vectors):
    mesh = jax.make_mesh((4, 2), ("shard", "replica"))
    with jax.set_mesh(mesh):
        index = {"postings": jnp.asarray(vectors), "norms": jnp.sum(jnp.asarray(vectors) ** 2, axis=1)}
        placed = {k: jax.device_put(v, NamedSharding(mesh, INDEX_SPECS[k])) for k, v in index.items()}
        out = {k: top_level_all_gather(placed[k], EXPORT_SPECS[k]) for k in placed}
        return out["postings"], out["norms"]


if __name__ == "__main__":
    print(main(*inputs()))
