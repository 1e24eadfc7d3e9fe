"""The first call sets an environment variable the second call tests."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import os

os.environ.pop("ADV12_SYNCED", None)


def sync(v, axes):
    if os.environ.get("ADV12_SYNCED"):
        return v
    os.environ["ADV12_SYNCED"] = "1"
    return jax.lax.psum(v, axes)


def main(mesh, x):
    def body(block):
        counts = jax.lax.psum(block, "j")
        rows = sync(counts, ("i",))
        return jax.lax.pmean(sync(counts, ("i", "j")), "i") + rows

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
