import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

PARAM_SPECS = {"w": P(("i", "j"), None), "b": P("j")}


def main(params):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, PARAM_SPECS)
        w = top_level_all_gather(placed["w"], P("j", None))  # SF104
        b = top_level_all_gather(placed["b"], P(None, reduced={"j"}))  # none
        shardings = {"w": NamedSharding(mesh, P(("i", "j"))), "b": NamedSharding(mesh, P())}
        put = jax.device_put(params, shardings)
        w2 = top_level_all_gather(put["w"], P(None))  # SF104
        each = {name: jax.device_put(leaf, NamedSharding(mesh, PARAM_SPECS[name])) for name, leaf in params.items()}
        w3 = top_level_all_gather(each["w"], NamedSharding(mesh, P(("j", "i"), None)))  # SF104
        util = jax.tree_util.tree_map(lambda p, s: jax.reshard(p, s), params, PARAM_SPECS)
        w4 = top_level_all_gather(util["w"], P("i", None))  # SF104
    return w, b, w2, w3, w4


def exported(params):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        out = {}
        for name, spec in PARAM_SPECS.items():
            out[name] = jax.device_put(params[name], NamedSharding(mesh, spec))
        w = top_level_all_gather(out["w"], P("j", None))  # SF104
        b = top_level_all_gather(out["b"], P(None, reduced={"j"}))  # none
        rows = {}
        for name in ("w", "b"):
            rows[name] = jax.device_put(params[name], NamedSharding(mesh, PARAM_SPECS[name]))
        w2 = top_level_all_gather(rows["w"], P(None, None))  # SF104
        pairs = {name: jax.device_put(params[name], NamedSharding(mesh, spec)) for name, spec in PARAM_SPECS.items()}
        w3 = top_level_all_gather(pairs["w"], P("i", None))  # SF104
    return w, b, w2, w3
