import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = [("b", P(), P()), ("w", P(("i", "j"), None), P("i", None))]
SAFE = [("w", P(("i", "j"), None), P("i", None, reduced={"j"})), ("v", P("i", None), P("i", None))]


def main(mesh, x):
    out = {}
    with jax.set_mesh(mesh):
        for name, train, serve in LAYOUT:
            placed = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, train))
            if name == "w":
                placed = jax.reshard(placed, serve)
            out[name] = top_level_all_gather(placed, serve)  # none
        for name, train, serve in SAFE:
            kept = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, train))
            out[name] = top_level_all_gather(kept, serve)  # none
    return out
