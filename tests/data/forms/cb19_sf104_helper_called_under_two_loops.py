"""A helper `replicate(leaf, spec)` gathers; its one call sits in a dict comprehension over
("w", "b") inside a loop over layer names, with `params[layer][k]` and `EVAL[layer][k]`: each pair
of keys is one binding, and only `dense_1`'s `w` lacks `reduced=`."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN = {"dense_0": {"w": P(None, "j"), "b": P("j")}, "dense_1": {"w": P("j", None), "b": P(None)}}
EVAL = {"dense_0": {"w": P(None, None, reduced={"j"}), "b": P(None, reduced={"j"})},
        "dense_1": {"w": P(None, None), "b": P(None)}}


def replicate(leaf, spec):
    return top_level_all_gather(leaf, spec)  # SF104


def main(mesh, x):
    params = {"dense_0": {"w": np.asarray(x), "b": np.ones(8, np.float32)},
              "dense_1": {"w": np.asarray(x), "b": np.ones(8, np.float32)}}
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, TRAIN)
    full = {}
    with jax.set_mesh(mesh):
        for layer in ["dense_0", "dense_1"]:
            full[layer] = {k: replicate(params[layer][k], EVAL[layer][k]) for k in ("w", "b")}
    return full
