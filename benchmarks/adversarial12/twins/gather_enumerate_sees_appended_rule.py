"""enumerate() over a list walks items appended during the loop."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    rules = [P(None, None)]
    out = None
    for k, spec in enumerate(list(rules)):
        out = spec
        if k == 0:
            rules.append(P(None, None, reduced={"i"}))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
