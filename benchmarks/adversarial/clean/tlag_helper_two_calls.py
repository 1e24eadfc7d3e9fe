"""A gather helper used for two arrays with different layouts; each call passes its own spec."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def gather(arr, spec):
    return jax.reshard(top_level_all_gather(arr, spec), P())


def inputs():
    return np.arange(64, dtype=np.float32).reshape(8, 8), np.arange(64, dtype=np.float32).reshape(8, 8)


def main(a, b):
    mesh = jax.make_mesh((2, 4), ("x", "y"))
    with jax.set_mesh(mesh):
        a = jax.device_put(a, NamedSharding(mesh, P(("x", "y"))))
        b = jax.device_put(b, NamedSharding(mesh, P(("y", "x"))))
        ga = gather(a, P("x", reduced={"y"}))
        gb = gather(b, P("y", reduced={"x"}))
        return ga + gb


if __name__ == "__main__":
    print(main(*inputs()))
