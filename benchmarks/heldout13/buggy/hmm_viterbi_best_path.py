"""Viterbi decoding with states split over `state`: each step takes the best predecessor
over all states, shared by a helper with default arguments."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def share_states(x, axis_name="state", axis=-1):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="reduced")


def viterbi(log_emit, log_trans):
    def step(delta, e_t):
        full = share_states(delta)
        scores = full[:, :, None] + log_trans[None]
        best = jnp.max(scores, axis=1)
        return best + e_t, jnp.argmax(scores, axis=1)

    delta, back = jax.lax.scan(step, log_emit[0], log_emit[1:])
    path_score = jax.lax.pmax(share_states(delta), "state")
    return back, path_score


def main(log_emit, log_trans, mesh):
    log_emit = jax.device_put(log_emit, NamedSharding(mesh, P(None, None, "state")))
    log_trans = jax.device_put(log_trans, NamedSharding(mesh, P(None, "state")))
    fn = jax.shard_map(viterbi, mesh=mesh, in_specs=(P(None, None, "state"), P(None, "state")),
                       out_specs=(P(None, None, "state"), P()))
    return fn(log_emit, log_trans)


def inputs():
    mesh = jax.make_mesh((8,), ("state",))
    k1, k2 = jax.random.split(jax.random.key(32))
    log_trans = jax.nn.log_softmax(jax.random.normal(k1, (16, 16)), axis=-1)
    return jax.random.normal(k2, (7, 3, 16)), log_trans, mesh
