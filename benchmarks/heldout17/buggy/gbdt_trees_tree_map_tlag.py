"""GBDT ensemble export: tree parameters placed by jax.tree.map over a spec table, then gathered."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"thresholds": P("trees", "nodes"), "leaf_values": P("trees", "nodes")}
EXPORT = {"thresholds": P(None, "nodes", reduced={"trees"}),
          "leaf_values": P("nodes", None, reduced={"trees"})}


def init_ensemble(n_trees=8, n_nodes=6):
    return {"thresholds": jnp.zeros((n_trees, n_nodes)),
            "leaf_values": jnp.linspace(-1, 1, n_trees * n_nodes).reshape(n_trees, n_nodes)}


def inputs():
    return (jax.make_mesh((4, 2), ("trees", "nodes")),)


def main(mesh):
    params = init_ensemble()
    placed = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), params, SPECS)
    with jax.set_mesh(mesh):
        thresholds = top_level_all_gather(placed["thresholds"], EXPORT["thresholds"])
        leaves = top_level_all_gather(placed["leaf_values"], EXPORT["leaf_values"])
    return thresholds, leaves
