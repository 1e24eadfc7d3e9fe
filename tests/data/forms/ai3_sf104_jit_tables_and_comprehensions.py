import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P(("i", "j"), None), "b": P("j", None)}
EXPORT = {"w": P("i", None, reduced={"j"}), "b": P("i", None)}


def zeros_like_tree(tree):
    return jax.tree.map(jnp.zeros_like, tree)


def run(mesh, x):
    shardings = {k: NamedSharding(mesh, s) for k, s in SPECS.items()}
    state = jax.jit(zeros_like_tree, out_shardings=shardings)({"w": x, "b": x})
    fixed = {"w": NamedSharding(mesh, P(None, "j")), "b": NamedSharding(mesh, P("i", "j"))}
    init = jax.jit(lambda t: jax.tree.map(lambda v: v * 2, t), out_shardings=fixed)
    moments = init({"w": x, "b": x})
    placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in SPECS.items()}
    with jax.set_mesh(mesh):
        s = top_level_all_gather(state["w"], P("j", None))  # SF104
        m = top_level_all_gather(moments["b"], P("i", None))  # SF104
        out = [top_level_all_gather(placed[k], EXPORT[k]) for k in ("b", "w")]  # SF104
        table = {k: top_level_all_gather(placed[k], spec) for k, spec in EXPORT.items()}  # SF104
    return s, m, out, table
