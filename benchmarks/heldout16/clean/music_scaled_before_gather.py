"""Music transformer: logits scaled by the temperature before the vocab gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TEMPERATURE = 0.9


def inputs():
    h = np.linspace(-1, 1, 8 * 16, dtype=np.float32).reshape(8, 16)
    w = np.linspace(-0.3, 0.3, 16 * 32, dtype=np.float32).reshape(16, 32)
    return h, w


def main(h, w, batch_axis="batch", vocab_axis="vocab"):
    mesh = jax.make_mesh((2, 4), (batch_axis, vocab_axis))
    h = jax.device_put(h, NamedSharding(mesh, P(batch_axis, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, vocab_axis)))

    def scaled(h, w):
        local = (h @ w) / TEMPERATURE
        return jax.lax.all_gather(local, vocab_axis, axis=1, tiled=True, to="reduced")

    fn = jax.shard_map(scaled, mesh=mesh, in_specs=(P(batch_axis, None), P(None, vocab_axis)),
                       out_specs=P(batch_axis, None, reduced={vocab_axis}))
    return fn(h, w)
