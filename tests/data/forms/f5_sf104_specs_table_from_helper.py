import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def param_specs():
    return {"w1": P("i", "j"), "w2": P("j", None)}


def shardings(mesh, rows):
    return {"w1": NamedSharding(mesh, P(rows, "j")), "w2": NamedSharding(mesh, P(("i", "j")))}


def run(mesh, x):
    tree = {"w1": x, "w2": x}
    specs = param_specs()
    with jax.set_mesh(mesh):
        params = jax.tree.map(lambda p, s: jax.device_put(p, s), tree, specs)
        placed = jax.device_put(tree, shardings(mesh, "i"))
        a = top_level_all_gather(params["w1"], P(None, "j"))  # SF104: 'i' gathered, not listed reduced
        b = top_level_all_gather(placed["w2"], P("j"))  # SF104: not a prefix of ('i', 'j')
    return a, b
