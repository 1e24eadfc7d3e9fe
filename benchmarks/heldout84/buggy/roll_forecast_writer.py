"""Autoregressive forecast whose lead times are written out with every ensemble member."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

STATE_SPEC = P("ens", "space")


def host_spec(state_spec):
    """Layout the writer asks for: all ensemble members on each device, space still split."""
    return P(None, *state_spec[1:], reduced={state_spec[0]})


def make_step(weights):
    @jax.jit
    def step(state):
        return state + 0.1 * jnp.tanh(state * weights)
    return step


def write_forecast(states):
    spec = host_spec(STATE_SPEC)
    return [top_level_all_gather(s, spec) for s in states]


def inputs():
    rng = np.random.default_rng(43)
    return (rng.normal(size=(8, 16)).astype(np.float32),
            rng.normal(size=(16,)).astype(np.float32))


def main(state, weights):
    mesh = jax.make_mesh((2, 4), ("ens", "space"))
    state = jax.device_put(state, NamedSharding(mesh, STATE_SPEC))
    weights = jax.device_put(weights, NamedSharding(mesh, P("space")))
    with jax.set_mesh(mesh):
        step = make_step(weights)
        states = []
        for _ in range(3):
            state = step(state)
            states.append(state)
    return write_forecast(states)


if __name__ == "__main__":
    print([s.shape for s in main(*inputs())])
