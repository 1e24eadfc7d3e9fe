"""Two meshes made alike are equal keys: the second call hits the cache and gets the step built while the table held one axis (a cache keyed by the mesh object's identity would build the reduction over both)."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_body(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return body


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))
TABLE = {"axes": "i"}


@functools.lru_cache(maxsize=None)
def compiled(mesh):
    return jax.jit(jax.shard_map(make_body(TABLE["axes"]), mesh=mesh, in_specs=P("i", "j"), out_specs=P()))


def main():
    compiled(MESH)(X)
    TABLE["axes"] = ("i", "j")
    return compiled(jax.make_mesh((2, 4), ("i", "j")))(X)


if __name__ == "__main__":
    main()
