import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
DUMP_SPECS = {"keys": P("i", None, reduced={"j"}), "values": P("i", None)}


def inputs():
    cache = {"keys": jax.device_put(jnp.zeros((8, 8)), NamedSharding(MESH, P("i", "j"))),
             "values": jax.device_put(jnp.zeros((8, 8)), NamedSharding(MESH, P("i", "j")))}
    return cache, cache


def main(cache, alias):
    alias["values"] = jax.device_put(jnp.zeros((8, 8)), NamedSharding(MESH, P("i", None)))
    out = {}
    with jax.set_mesh(MESH):
        for name in ("keys", "values"):
            out[name] = top_level_all_gather(cache[name], DUMP_SPECS[name])  # none
    return out


if __name__ == "__main__":
    main(*inputs())
