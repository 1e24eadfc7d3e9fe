"""Load DETR object queries sharded over the query axis and gather them for a visualiser."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("batch", "query"))
QUERY_SPEC = P("query", None)
VIEW_SPEC = P(None, None, reduced={"query"})


def load_queries(num_queries=16, dim=8):
    q = np.sin(np.arange(num_queries * dim, dtype=np.float32)).reshape(num_queries, dim)
    return jax.device_put(q, NamedSharding(MESH, QUERY_SPEC))


def for_visualiser(queries):
    return top_level_all_gather(queries, VIEW_SPEC)


def inputs():
    return ()


def main():
    with jax.set_mesh(MESH):
        queries = load_queries()
        norms = jnp.linalg.norm(queries, axis=-1)
        view = for_visualiser(queries)
    return norms, view


if __name__ == "__main__":
    main(*inputs())
