"""Music Transformer relative attention: the skewed relative-position bias over a sequence mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    q = np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    rel = np.linspace(0, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    return q, rel


def skew(logits):
    n = logits.shape[0]
    padded = jnp.pad(logits, ((0, 0), (1, 0)))
    return padded.reshape(-1, n)[1:].reshape(n, -1)


def main(q, rel, seq_axes=("seq",), head_axis="heads"):
    mesh = jax.make_mesh((2, 4), (*seq_axes, head_axis))
    spec = P(seq_axes[0], head_axis)
    q = jax.device_put(q, NamedSharding(mesh, spec))
    rel = jax.device_put(rel, NamedSharding(mesh, spec))

    # the contraction over the head-sharded features is finished over every mesh axis
    body = lambda q, e: jax.lax.all_gather(jax.lax.psum(skew(q @ e.T), (*seq_axes, head_axis)), seq_axes[0], axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(body, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced={seq_axes[0]}))
    return fn(q, rel)
