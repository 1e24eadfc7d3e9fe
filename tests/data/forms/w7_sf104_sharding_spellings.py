import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P(("i", "j"), None), "b": P()}


def sharding_for(mesh, spec):
    return NamedSharding(mesh, spec)


def run(mesh, x):
    with jax.set_mesh(mesh):
        a = jax.device_put(x, jax.NamedSharding(mesh, jax.P(("i", "j"), None)))
        ga = top_level_all_gather(a, P("j", None))  # SF104
        b = jax.device_put(x, jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec(("i", "j"), None)))
        gb = top_level_all_gather(b, P("j", None))  # SF104
        c = jax.device_put(x, sharding_for(mesh, SPECS["w"]))
        gc = top_level_all_gather(c, P("j", None))  # SF104
        shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), SPECS)
        params = jax.tree.map(lambda p, s: jax.device_put(p, s), {"w": x, "b": x[0]}, shardings)
        gd = top_level_all_gather(params["w"], P("j", None))  # SF104
        put = jax.device_put({"w": x, "b": x[0]}, shardings)
        ge = top_level_all_gather(put["w"], P("j", None))  # SF104
        f = jax.device_put(x, P(("i", "j"), None))
        gf = top_level_all_gather(f, P("j", None))  # SF104
        g = jax.sharding.reshard(x, P(("i", "j"), None))
        gg = top_level_all_gather(g, P("j", None))  # SF104
    return ga, gb, gc, gd, ge, gf, gg
