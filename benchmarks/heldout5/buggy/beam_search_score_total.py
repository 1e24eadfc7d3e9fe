"""Beam search step: beams are sharded over the 'beam' axis of the mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BEAM_AXIS = "beam"
VOCAB = 64


def beam_step(log_probs, scores):
    # log_probs: [beams_per_shard, VOCAB], scores: [beams_per_shard]
    cand = scores[:, None] + log_probs
    best = jnp.max(cand, axis=-1)
    norm = jax.lax.psum(jnp.exp(best), BEAM_AXIS)
    all_best = jax.lax.all_gather(jnp.log(norm), BEAM_AXIS, tiled=True, to="reduced")
    return all_best


def inputs():
    mesh = jax.make_mesh((8,), (BEAM_AXIS,))
    lp = jax.nn.log_softmax(jax.random.normal(jax.random.key(1), (16, VOCAB)))
    sc = jnp.zeros((16,))
    s = NamedSharding(mesh, P(BEAM_AXIS))
    return mesh, jax.device_put(lp, s), jax.device_put(sc, s)


def main(mesh, log_probs, scores):
    step = jax.jit(jax.shard_map(beam_step, mesh=mesh, in_specs=(P(BEAM_AXIS), P(BEAM_AXIS)),
                                 out_specs=P(None, reduced={BEAM_AXIS})))
    return step(log_probs, scores)
