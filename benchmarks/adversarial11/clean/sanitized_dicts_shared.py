"""_sanitize_parameters returns one dict twice; narrowing the first narrows the second."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Pipeline:
    def __init__(self, **kwargs):
        self.pre, self.fwd = self._sanitize_parameters(**kwargs)
        self.pre["sync_axes"] = ("i",)

    def _sanitize_parameters(self, **kwargs):
        shared = {"sync_axes": ("i", "j")}
        return shared, shared

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.fwd["sync_axes"])


def main(mesh, x):
    return jax.shard_map(Pipeline(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
