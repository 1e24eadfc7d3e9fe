import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = {"wq": P(("i", "j"), None), "bias": P(None), "wo": P(None, "j")}


def shard_params(mesh, params):
    return {name: jax.device_put(value, NamedSharding(mesh, PLAN[name])) for name, value in params.items()}


def dump_query(state):
    return top_level_all_gather(state["wq"], P("j", None, reduced={"i"}))  # SF104


def dump(tensors, name):
    return top_level_all_gather(tensors[name], P(None, None, reduced={"j"}))  # SF104


def log_output_proj(tree, *, step=0):
    del step
    full = top_level_all_gather(tree["wo"], P(None, None))  # SF104
    return full


def run(mesh, x):
    params = {"wq": x, "bias": x[0], "wo": x}
    with jax.set_mesh(mesh):
        sharded = shard_params(mesh, params)
        placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, PLAN)
        layers = jax.device_put(params, {k: NamedSharding(mesh, v) for k, v in PLAN.items()})
        return dump_query(sharded), dump(placed, "wq"), log_output_proj(layers, step=1)
