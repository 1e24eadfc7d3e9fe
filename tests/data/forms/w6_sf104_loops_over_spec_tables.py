import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN = {"w": P(("i", "j"), None), "b": P(("i", "j"))}
SERVE = {"w": P("j", None, reduced={"i"}), "b": P("j", reduced={"i"})}


def serve(params, mesh):
    placed = {k: jax.device_put(v, NamedSharding(mesh, TRAIN[k])) for k, v in params.items()}
    out = {}
    for name, p in placed.items():
        out[name] = top_level_all_gather(p, SERVE[name])  # SF104
    return out


def serve2(params, mesh):
    out = {}
    for name, spec in TRAIN.items():
        x = jax.device_put(params[name], NamedSharding(mesh, spec))
        out[name] = top_level_all_gather(x, SERVE[name])  # SF104
    return out


def serve3(params, mesh):
    placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, TRAIN)
    out = {}
    for name in ("w", "b"):
        out[name] = top_level_all_gather(placed[name], SERVE[name])  # SF104
    return out


def run(mesh, x):
    with jax.set_mesh(mesh):
        return serve({"w": x, "b": x[0]}, mesh), serve2({"w": x, "b": x[0]}, mesh), serve3({"w": x, "b": x[0]}, mesh)
