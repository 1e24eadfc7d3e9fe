"""DiffPool cluster assignments exported for visualisation, one export per pooling level."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LEVELS = ("level0", "level1")

ASSIGN_LAYOUT = {
    "level0": P("batch", "node", None),
    "level1": P("batch", None, None),
}

VIEW_LAYOUT = {
    "level0": P("batch", None, None, reduced={"node"}),
    "level1": P("node", None, None, reduced={"batch"}),
}


def soft_assign(nodes, w):
    return jax.nn.softmax(nodes @ w, axis=-1)


def diffpool_levels(rng, batch, n_nodes, width, clusters):
    nodes = rng.normal(size=(batch, n_nodes, width)).astype(np.float32)
    s0 = np.asarray(soft_assign(nodes, rng.normal(size=(width, clusters[0])).astype(np.float32)))
    s1 = rng.uniform(size=(batch, clusters[0], clusters[1])).astype(np.float32)
    return {"level0": s0, "level1": s1}


def export_assignments(placed):
    views = {}
    for level in LEVELS:
        views[level] = top_level_all_gather(placed[level], VIEW_LAYOUT[level])
    return views


def inputs():
    return (diffpool_levels(np.random.default_rng(33), 4, 16, 8, (8, 4)),)


def main(assignments):
    mesh = jax.make_mesh((2, 4), ("batch", "node"))
    placed = {k: jax.device_put(v, NamedSharding(mesh, ASSIGN_LAYOUT[k])) for k, v in assignments.items()}
    with jax.set_mesh(mesh):
        views = export_assignments(placed)
    return views


if __name__ == "__main__":
    main(*inputs())
