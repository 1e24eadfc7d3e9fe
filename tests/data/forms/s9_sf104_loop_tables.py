import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN = {"embed": P(("i", "j")), "bias": P("i")}
EXPORT = {"embed": P("j"), "bias": P(None, reduced={"i"})}
WHOLE = {"embed": P(None, reduced={"i", "j"}), "bias": P(None, reduced={"i"})}


def export(params, mesh):
    out = {}
    for name in sorted(params):
        leaf = jax.device_put(params[name], NamedSharding(mesh, TRAIN[name]))
        out[name] = top_level_all_gather(leaf, EXPORT[name])  # SF104
    return out


def export_whole(params, mesh):
    out = {}
    for name in params:
        leaf = jax.device_put(params[name], NamedSharding(mesh, TRAIN[name]))
        out[name] = top_level_all_gather(leaf, WHOLE[name])  # none
    return out


def main(mesh, x):
    with jax.set_mesh(mesh):
        return export({"embed": x, "bias": x}, mesh), export_whole({"embed": x, "bias": x}, mesh)
