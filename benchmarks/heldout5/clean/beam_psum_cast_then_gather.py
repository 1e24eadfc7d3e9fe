"""Beam search: the partition function is cast back to varying before a reduced gather."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BEAM_AXIS = "beam"


def beam_step(log_probs, scores):
    best = jnp.max(scores[:, None] + log_probs, axis=-1)
    norm = jax.lax.psum(jnp.exp(best), BEAM_AXIS)
    norm = jax.lax.pcast(jnp.log(norm), BEAM_AXIS, to="varying")
    return jax.lax.all_gather(norm, BEAM_AXIS, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((8,), (BEAM_AXIS,))
    s = NamedSharding(mesh, P(BEAM_AXIS))
    lp = jax.nn.log_softmax(jax.random.normal(jax.random.key(1), (16, 64)))
    return mesh, jax.device_put(lp, s), jax.device_put(jnp.zeros((16,)), s)


def main(mesh, log_probs, scores):
    return jax.jit(jax.shard_map(beam_step, mesh=mesh, in_specs=(P(BEAM_AXIS), P(BEAM_AXIS)),
                                 out_specs=P(None, reduced={BEAM_AXIS})))(log_probs, scores)
