import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN = {"embed": P(("i", "j")), "bias": P("i")}
EXPORT = {"embed": P("j"), "bias": P(None, reduced={"i"})}
RENAMED = {"bias": "bias"}


def export_bias(params, mesh):
    out = {}
    for name in ("bias",):
        leaf = jax.device_put(params[name], NamedSharding(mesh, TRAIN[name]))
        out[name] = top_level_all_gather(leaf, EXPORT[name])
    return out


def export_some(params, mesh):
    out = {}
    for name in params:
        leaf = jax.device_put(params[name], NamedSharding(mesh, TRAIN[name]))
        out[name] = top_level_all_gather(leaf, EXPORT[name])
    return out


def export_renamed(params, mesh):
    out = {}
    for name in params:
        name = RENAMED[name]
        leaf = jax.device_put(params[name], NamedSharding(mesh, TRAIN[name]))
        out[name] = top_level_all_gather(leaf, EXPORT[name])
    return out


def main(mesh, x):
    with jax.set_mesh(mesh):
        return export_bias({"bias": x}, mesh), export_some({"bias": x}, mesh), export_renamed({"bias": x}, mesh)
