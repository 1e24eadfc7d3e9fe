"""QAT: the per-tensor int8 scale is the max of the gathered weights (a reduction of it)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.linspace(-2, 2, 16 * 8, dtype=np.float32).reshape(16, 8),)


def scale_of(full):
    amax = jnp.max(jnp.abs(full))
    return amax / 127.0


def main(w, fsdp_axis="fsdp", tp_axis="tp"):
    mesh = jax.make_mesh((4, 2), (fsdp_axis, tp_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(fsdp_axis, tp_axis)))

    def scales(shard):
        full = jax.lax.all_gather(shard, fsdp_axis, axis=0, tiled=True, to="reduced")
        return scale_of(full)[None]

    fn = jax.shard_map(scales, mesh=mesh, in_specs=P(fsdp_axis, tp_axis), out_specs=P(tp_axis))
    return fn(w)
