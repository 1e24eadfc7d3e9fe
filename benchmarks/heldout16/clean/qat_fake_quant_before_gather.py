"""QAT: weights fake-quantised shard by shard, then gathered to the reduced type."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def fake_quant(w, scale, qmin, qmax):
    return jnp.round(jnp.clip(w / scale, qmin, qmax)) * scale


per_tensor = functools.partial(functools.partial(fake_quant, qmin=-128, qmax=127), scale=0.02)


def inputs():
    return (np.linspace(-2, 2, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(w, fsdp_axis="fsdp", tp_axis="tp"):
    mesh = jax.make_mesh((4, 2), (fsdp_axis, tp_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(fsdp_axis, tp_axis)))

    def layer_weights(shard):
        return jax.lax.all_gather(per_tensor(shard), fsdp_axis, axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(layer_weights, mesh=mesh, in_specs=P(fsdp_axis, tp_axis),
                       out_specs=P(None, tp_axis, reduced={fsdp_axis}))
    return fn(w)
