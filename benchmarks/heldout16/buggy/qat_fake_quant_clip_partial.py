"""QAT with int8 fake quantisation: weights gathered per layer, quantised through a partial chain."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def fake_quant(w, scale, qmin, qmax):
    return jnp.round(jnp.clip(w / scale, qmin, qmax)) * scale


int8_quant = functools.partial(fake_quant, qmin=-128, qmax=127)
per_tensor = functools.partial(int8_quant, scale=0.02)

QUANTISERS = {
    "int8": lambda w: per_tensor(w),
    "none": lambda w: w,
}


def inputs():
    w = np.linspace(-2, 2, 16 * 8, dtype=np.float32).reshape(16, 8)
    return (w,)


def main(w, mode="int8", fsdp_axis="fsdp", tp_axis="tp"):
    mesh = jax.make_mesh((4, 2), (fsdp_axis, tp_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(fsdp_axis, tp_axis)))

    def layer_weights(shard):
        full = jax.lax.all_gather(shard, fsdp_axis, axis=0, tiled=True, to="reduced")
        return QUANTISERS[mode](full)

    fn = jax.shard_map(layer_weights, mesh=mesh, in_specs=P(fsdp_axis, tp_axis),
                       out_specs=P(None, tp_axis, reduced={fsdp_axis}))
    return fn(w)
