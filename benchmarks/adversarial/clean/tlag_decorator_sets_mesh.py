"""An export function whose decorator enters the mesh context around each call."""
import functools

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def under_mesh(fn):
    @functools.wraps(fn)
    def inner(mesh, *args):
        with jax.set_mesh(mesh):
            return fn(mesh, *args)
    return inner


@under_mesh
def export(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("a", "b")))
    return jax.reshard(top_level_all_gather(x, P(None, "b", reduced={"a"})), P(None, "b"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    return export(jax.make_mesh((2, 4), ("a", "b")), x)


if __name__ == "__main__":
    print(main(*inputs()))
