import jax
from jax.sharding import PartitionSpec as P

LAYOUT = {"x": P("i"), "w": P()}
LAYOUT["w"] = P("i")  # the body sees a varying w


def scaled(x, w):
    g = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
    return jax.lax.pcast(g, "i", to="varying") * w


def plus(x, w):
    g = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
    return g + w


def run(mesh, x):
    first = jax.shard_map(scaled, mesh=mesh, in_specs=(LAYOUT["x"], LAYOUT["w"]), out_specs=P("i"))(x, x[:2, :1])
    return first, jax.shard_map(plus, mesh=mesh, in_specs=(LAYOUT["x"], LAYOUT["w"]), out_specs=P("i"))(x, x[:2, :1])
