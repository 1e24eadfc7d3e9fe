"""A script whose __main__ block sets the process mesh before the extra report."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

MESH = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def report(w):
    return top_level_all_gather(w, P("data", reduced={"model"}))


def main(x):
    w = jax.device_put(x, NamedSharding(MESH, P("data", "model")))
    with jax.set_mesh(MESH):
        return report(w * 3.0)


if __name__ == "__main__":
    out = main(*inputs())
    jax.set_mesh(MESH)
    print(out, report(jax.device_put(out, NamedSharding(MESH, P("data", "model")))))
