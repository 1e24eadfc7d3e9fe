"""Near misses of cb19: the failing inner spec is replaced before the loops (`EVAL["dense_1"]["w"]
= ...`, valid), and a comprehension that filters its keys (`if k != "w"`: which keys reach the
call is not read)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN = {"dense_0": {"w": P(None, "j"), "b": P("j")}, "dense_1": {"w": P("j", None), "b": P(None)}}
EVAL = {"dense_0": {"w": P(None, None, reduced={"j"}), "b": P(None, reduced={"j"})},
        "dense_1": {"w": P(None, None), "b": P(None)}}
KEPT = {"dense_0": {"w": P(None, None, reduced={"j"}), "b": P(None, reduced={"j"})},
        "dense_1": {"w": P(None, None), "b": P(None)}}


def replicate(leaf, spec):
    return top_level_all_gather(leaf, spec)


def gather(leaf, spec):
    return top_level_all_gather(leaf, spec)


def main(mesh, x):
    EVAL["dense_1"]["w"] = P(None, None, reduced={"j"})
    params = {"dense_0": {"w": np.asarray(x), "b": np.ones(8, np.float32)},
              "dense_1": {"w": np.asarray(x), "b": np.ones(8, np.float32)}}
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, TRAIN)
    full, some = {}, {}
    with jax.set_mesh(mesh):
        for layer in ["dense_0", "dense_1"]:
            full[layer] = {k: replicate(params[layer][k], EVAL[layer][k]) for k in ("w", "b")}
            some[layer] = {k: gather(params[layer][k], KEPT[layer][k]) for k in ("w", "b") if k != "w"}
    return full, some
