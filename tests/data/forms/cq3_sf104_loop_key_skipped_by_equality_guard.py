"""A transcript dump walks a dict of arrays; the round of "seeds" stores the array as it is
and `continue`s, the round of "shares" gathers with its spec, which is not a prefix."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SPECS = {"shares": P("j", None), "seeds": P("i")}


def main(mesh, x):
    transcript = {"seeds": jax.device_put(x[0], NamedSharding(mesh, P("i"))),
                  "shares": jax.device_put(x, NamedSharding(mesh, P("i", "j")))}
    dumped = {}
    with jax.set_mesh(mesh):
        for name, arr in transcript.items():
            if name == "seeds":
                dumped[name] = arr
                continue
            dumped[name] = top_level_all_gather(arr, SPECS[name])  # SF104
    return dumped


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
