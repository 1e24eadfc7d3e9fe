import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

INDEX_SPEC = P("index", None)
EXPORT_SPEC = P(None, None, reduced={"index"})


def inputs():
    rng = np.random.default_rng(65)
    return (rng.normal(size=(16, 4)).astype(np.float32),)


def build_index(mesh, vectors):
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return jax.device_put(vectors / norms, NamedSharding(mesh, INDEX_SPEC))


def export_index(index):
    return top_level_all_gather(index, EXPORT_SPEC)


def main(vectors):
    mesh = jax.make_mesh((2, 4), ("query", "index"))
    with jax.set_mesh(mesh):
        index = build_index(mesh, vectors)
    exported = export_index(index)
    return np.asarray(exported)


if __name__ == "__main__":
    main(*inputs())
