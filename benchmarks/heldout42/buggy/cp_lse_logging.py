"""Log-sum-exp bookkeeping for context-parallel softmax, averaged for the logs."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "cp"))
LOG_AXES = ("dp", "cp")


def partial_denominator(scores, seq_axis):
    m = jnp.max(scores, axis=-1, keepdims=True)
    return jnp.log(jax.lax.psum(jnp.sum(jnp.exp(scores - m), axis=-1), seq_axis))


def lse_for_logging(scores, seq_axis="cp", log_axes=LOG_AXES):
    lse = partial_denominator(scores, seq_axis)
    return jax.lax.pmean(jnp.mean(lse), log_axes)


def inputs():
    s = jnp.linspace(-3.0, 3.0, 4 * 8 * 32, dtype=jnp.float32).reshape(4, 8, 32)
    return (jax.device_put(s, NamedSharding(MESH, P("dp", None, "cp"))),)


def main(scores):
    return jax.shard_map(lse_for_logging, mesh=MESH, in_specs=P("dp", None, "cp"),
                         out_specs=P())(scores)


if __name__ == "__main__":
    main(*inputs())
