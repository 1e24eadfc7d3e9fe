"""SPECS.get(key, fallback): the key is present, so the fallback spec is never used."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"token": P(("a", "b"))}
FALLBACK = P("b")


def inputs():
    return (np.arange(64, dtype=np.int32).reshape(8, 8),)


def main(tokens):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    tokens = jax.device_put(tokens, NamedSharding(mesh, SPECS.get("tokens", FALLBACK)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(tokens, P("a", reduced={"b"}))


if __name__ == "__main__":
    print(main(*inputs()))
