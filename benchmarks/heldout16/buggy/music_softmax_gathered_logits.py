"""Music transformer decoding: the next-event distribution over a vocab-sharded output layer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVENT_VOCAB = 32  # note-on, note-off, time-shift, velocity bins (compressed)


def inputs():
    h = np.linspace(-1, 1, 8 * 16, dtype=np.float32).reshape(8, 16)
    w_out = np.linspace(-0.3, 0.3, 16 * EVENT_VOCAB, dtype=np.float32).reshape(16, EVENT_VOCAB)
    return h, w_out


def main(h, w_out, batch_axis="batch", vocab_axis="vocab"):
    mesh = jax.make_mesh((2, 4), (batch_axis, vocab_axis))
    h = jax.device_put(h, NamedSharding(mesh, P(batch_axis, None)))
    w_out = jax.device_put(w_out, NamedSharding(mesh, P(None, vocab_axis)))

    def next_event(h, w):
        local_logits = h @ w
        logits = jax.lax.all_gather(local_logits, vocab_axis, axis=1, tiled=True, to="reduced")
        probs = jax.nn.softmax(logits, axis=-1)
        return probs

    fn = jax.shard_map(next_event, mesh=mesh, in_specs=(P(batch_axis, None), P(None, vocab_axis)),
                       out_specs=P(batch_axis, None, reduced={vocab_axis}))
    return fn(h, w_out)
