"""main is the mesh-wrapped version of _main, built by assignment rather than a decorator."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

MESH = jax.make_mesh((2, 4), ("pp", "tp"))


def with_mesh(mesh, fn):
    def run(*args):
        with jax.set_mesh(mesh):
            return fn(*args)
    return run


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def _finalize(w):
    return top_level_all_gather(w, P("pp", reduced={"tp"}))


def _main(x):
    w = jax.device_put(x, NamedSharding(MESH, P("pp", "tp")))
    w = w / 4.0
    return _finalize(w)


main = with_mesh(MESH, _main)


if __name__ == "__main__":
    print(main(*inputs()))
