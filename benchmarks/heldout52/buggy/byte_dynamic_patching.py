"""Byte latent transformer: a new patch starts wherever the gathered entropy crosses the threshold."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PATCHERS = {}


class Patcher:
    name = None
    seq_axis = "patch"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        PATCHERS[cls.name] = cls

    def boundaries(self, entropy):
        raise NotImplementedError


class EntropyPatcher(Patcher):
    name = "entropy"

    def __init__(self, threshold=2.0):
        self.threshold = threshold

    def boundaries(self, entropy):
        full = jax.lax.all_gather(entropy, self.seq_axis, axis=1, tiled=True, to="reduced")
        return (full > self.threshold).astype(jnp.int32)


def inputs():
    return (np.linspace(0, 4, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(entropy):
    mesh = jax.make_mesh((2, 4), ("batch", "patch"))
    patcher = PATCHERS["entropy"](threshold=1.5)
    entropy = jax.device_put(entropy, NamedSharding(mesh, P("batch", "patch")))
    return jax.shard_map(patcher.boundaries, mesh=mesh, in_specs=P("batch", "patch"),
                         out_specs=P("batch", None))(entropy)


if __name__ == "__main__":
    main(*inputs())
