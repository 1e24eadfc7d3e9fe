"""The pipeline's forward params dict is changed after construction; _forward reads it through a ** spread."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Pipeline:
    def __init__(self, **kwargs):
        self._forward_params = {"sync_axes": ("i", "j")}

    def _forward(self, block, sync_axes=("i", "j")):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync_axes)

    def __call__(self, block):
        return self._forward(block, **self._forward_params)


def main(mesh, x):
    pipe = Pipeline()
    pipe._forward_params["sync_axes"] = ("i",)
    return jax.shard_map(pipe, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
