import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P(("i", "j"), None), "b": P("j", None)}
KEPT = []


def replicate(params, name):
    params[name] = jax.reshard(params[name], P())


def remember(params):
    KEPT.append(params)
    return params


def same(params):
    return params


def run(mesh, x):
    placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in SPECS.items()}
    kept = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in SPECS.items()}
    alias = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in SPECS.items()}
    with jax.set_mesh(mesh):
        replicate(placed, "w")
        w = top_level_all_gather(placed["w"], P(None, None))  # none
        remember(kept)
        KEPT[-1]["b"] = jax.reshard(kept["b"], P())
        b = top_level_all_gather(kept["b"], P(None, None))  # none
        same(alias)["w"] = jax.reshard(alias["w"], P())
        a = top_level_all_gather(alias["w"], P(None, None))  # none
    return w, b, a
