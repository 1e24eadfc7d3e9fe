"""Regex-FSM guided decoding: how many vocabulary tokens each request may emit at every step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REQ = "req"
VOCAB = "vocab"


class TokenFSM:
    def __init__(self, transitions):
        self.transitions = transitions

    def allowed(self, state):
        return jnp.take(self.transitions, state, axis=0) >= 0


def decode_steps(transitions, states):
    fsm = TokenFSM(transitions)

    def step(state, _):
        mask = fsm.allowed(state)
        count = jax.lax.psum(jnp.sum(mask, axis=-1).astype(jnp.float32), VOCAB)
        state = (state + 1) % transitions.shape[0]
        return state, jax.lax.all_gather(count[:, None], VOCAB, axis=1, tiled=True, to="invarying")

    _, counts = jax.lax.scan(step, states, None, length=3)
    return counts


def inputs():
    rng = np.random.default_rng(30)
    transitions = rng.integers(-1, 6, size=(6, 32)).astype(np.int32)
    states = rng.integers(0, 6, size=(8,)).astype(np.int32)
    return transitions, states


def main(transitions, states):
    mesh = jax.make_mesh((2, 4), (REQ, VOCAB))
    transitions = jax.device_put(transitions, NamedSharding(mesh, P(None, VOCAB)))
    states = jax.device_put(states, NamedSharding(mesh, P(REQ)))
    fn = jax.shard_map(decode_steps, mesh=mesh, in_specs=(P(None, VOCAB), P(REQ)),
                       out_specs=P(None, REQ, None))
    return fn(transitions, states)


if __name__ == "__main__":
    main(*inputs())
