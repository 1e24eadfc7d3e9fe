"""AWQ-style packed parameters: each parameter carries its own weight_loader, as serving engines do."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def load_zero_points(param, loaded, *, shard_axis, replicate_axes):
    zeros = jnp.round(-jnp.min(loaded, axis=0, keepdims=True) / param.scale)
    per_shard = jax.lax.all_gather(zeros, shard_axis, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(per_shard, replicate_axes[0], axis=0, tiled=True, to="reduced")


class PackedParameter:
    def __init__(self, name, scale, shard_axis, replicate_axes):
        self.name = name
        self.scale = scale
        self.weight_loader = functools.partial(load_zero_points, self, shard_axis=shard_axis,
                                               replicate_axes=replicate_axes)


def inputs():
    rng = np.random.default_rng(41)
    return (rng.normal(size=(16, 32)).astype(np.float32),)


def main(qzeros_fp):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    spec = P("fsdp", "tp")
    qzeros_fp = jax.device_put(qzeros_fp, NamedSharding(mesh, spec))
    param = PackedParameter("model.layers.0.mlp.down_proj.qzeros", scale=0.25,
                            shard_axis="tp", replicate_axes=("fsdp", "tp"))
    fn = jax.shard_map(param.weight_loader, mesh=mesh, in_specs=spec,
                       out_specs=P(None, None, reduced={"fsdp", "tp"}))
    return fn(qzeros_fp)


if __name__ == "__main__":
    main(*inputs())
