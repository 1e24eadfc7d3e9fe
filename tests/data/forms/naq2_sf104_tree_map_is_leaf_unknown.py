import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("i", "j"), "b": P("j")}
GROUPS = {"enc": {"w": P("i", "j"), "b": P("j")}, "dec": {"w": P("j", "i"), "b": P("i")}}


def run(mesh, x):
    params = {"enc": {"w": x, "b": x[0]}, "dec": {"w": x, "b": x[0]}}
    # a group counts as a leaf: device_put lays every array of it out alike
    whole = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P("j"))), params,
                         is_leaf=lambda n: isinstance(n, dict) and "w" in n)
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, GROUPS,
                          is_leaf=lambda n: n is None)
    flat = {"w": x, "b": x[0]}
    tagged = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), flat, SPECS,
                          is_leaf=lambda n: isinstance(n, jnp.ndarray))
    with jax.set_mesh(mesh):
        ok = top_level_all_gather(placed["dec"]["w"], P("j", None, reduced={"i"}))
        ok2 = top_level_all_gather(tagged["w"], P("i", None, reduced={"j"}))
        ok3 = top_level_all_gather(whole["enc"]["w"], P("j", None))
        return ok, ok2, ok3
