import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = {"wq": P(("i", "j"), None), "wo": P(None, "j")}


def place(mesh, params):
    return {name: jax.device_put(value, NamedSharding(mesh, PLAN[name])) for name, value in params.items()}


def dump_query(state):
    return top_level_all_gather(state["wq"], P(None, None, reduced={"i"}))


def dump_after_update(state):
    state["wq"] = jax.reshard(state["wq"], P("j", None))
    return top_level_all_gather(state["wq"], P("j", None))


def dump(tensors, name):
    return top_level_all_gather(tensors[name], P(None, None, reduced={"j"}))


def dump_rows(snapshot):
    return top_level_all_gather(snapshot["wq"], P(None, None, reduced={"j"}))


def run(mesh, x):
    params = {"wq": x, "wo": x}
    with jax.set_mesh(mesh):
        placed = place(mesh, params)
        placed["wq"] = jax.reshard(placed["wq"], P("i", None))
        other = place(mesh, params)
        changed = place(mesh, params)
        changed["wq"] = jax.reshard(changed["wq"], P(("i", "j"), None))
        updated = place(mesh, params)
        updated.update(wq=jax.reshard(x, P("j", None)))
        return (dump_query(placed), dump_after_update(other), dump(changed, "wo"),
                dump(place(mesh, params), "wo"), dump_rows(updated))
