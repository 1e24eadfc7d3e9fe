import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
CACHE_SPEC = P("i", "j", None)
DUMP_SPECS = {
    "keys": P("i", None, None, reduced={"j"}),
    "values": P("i", None, None),
}


def init_cache(num_layers):
    cache = {}
    for name in ("keys", "values"):
        cache[name] = jax.device_put(jnp.zeros((4, 8, 16)) + num_layers, NamedSharding(MESH, CACHE_SPEC))
    cache["values"] = jax.device_put(jnp.zeros((4, 8, 16)), NamedSharding(MESH, P("i", None, None)))
    return cache


def dump(cache):
    out = {}
    for name, arr in cache.items():
        out[name] = top_level_all_gather(arr, DUMP_SPECS[name])  # none
    return out


def inputs():
    return (init_cache(num_layers=2),)


def main(cache):
    with jax.set_mesh(MESH):
        return dump(cache)


if __name__ == "__main__":
    main(*inputs())
