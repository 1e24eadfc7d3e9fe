import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN = {"embed": P(("i", "j")), "bias": P("i")}
BROKEN = {"embed": P("j"), "bias": P("j")}
MIXED = {"embed": P("j"), "bias": P(None, reduced={"i"})}


def load(x):
    return {"bias": x}


def export_all(params, mesh):
    out = {}
    for name in params:
        leaf = jax.device_put(params[name], NamedSharding(mesh, TRAIN[name]))
        out[name] = top_level_all_gather(leaf, BROKEN[name])  # SF104
    return out


def export_mixed(params, mesh):
    out = {}
    for name in params:
        leaf = jax.device_put(params[name], NamedSharding(mesh, TRAIN[name]))
        out[name] = top_level_all_gather(leaf, MIXED[name])  # none
    return out


def main(mesh, x):
    with jax.set_mesh(mesh):
        return export_all(load(x), mesh), export_mixed(load(x), mesh)
