"""The one call of the pipeline hands its options through a ** spread, not written keywords."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

OPTIONS = {"sync_axes": ("i",)}


def pipeline(task, **kwargs):
    axes = kwargs.get("sync_axes", ("i", "j"))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return body


def main(mesh, x):
    body = pipeline("count", **OPTIONS)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
