"""ANN retrieval index export: index tables placed from a spec table, then collected for a host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

INDEX_SPECS = {
    "centroids": P("replica", None),
    "postings": P(("shard", "replica"), None),
    "norms": P(("shard", "replica")),
}
EXPORT_SPECS = {
    "centroids": P(None, reduced={"replica"}),
    "postings": P("replica", None, reduced={"shard"}),
    "norms": P(None, reduced={"shard", "replica"}),
}


def inputs():
    return (np.linspace(0, 1, 64, dtype=np.float32).reshape(8, 8),)


def build_index(vectors):
    return {"centroids": vectors[:, :4] * 2.0,
            "postings": vectors,
            "norms": jnp.sum(vectors * vectors, axis=1)}


def main(vectors):
    mesh = jax.make_mesh((4, 2), ("shard", "replica"))
    with jax.set_mesh(mesh):
        index = build_index(jnp.asarray(vectors))
        placed = {k: jax.device_put(v, NamedSharding(mesh, INDEX_SPECS[k])) for k, v in index.items()}
        exported = {}
        for key in ("centroids", "norms", "postings"):
            exported[key] = top_level_all_gather(placed[key], EXPORT_SPECS[key])
        return exported["postings"], exported["norms"]


if __name__ == "__main__":
    print(main(*inputs()))
