"""The loop breaks at the first matching rule: its else clause (the fallback) never runs."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


RULES = [("rows", P(None, None, reduced={"i"})), ("all", P(None, None))]


def main(mesh, x):
    out = P(None, None)
    for name, spec in RULES:
        if name == "cols":
            out = spec
            break
    else:
        out = P(None, None)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
