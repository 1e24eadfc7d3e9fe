"""QMIX mixing network: hypernetwork weights from the global state, agent Qs sharded by agent."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AGENT, ENV = "agent", "env"


class MixerParams(NamedTuple):
    hyper_w1: jax.Array
    hyper_b1: jax.Array
    hyper_w2: jax.Array


class QMixer:
    def __init__(self, mesh):
        self.mesh = mesh

    def mix(self, params, agent_qs, state):
        qs = jax.lax.all_gather(agent_qs, AGENT, axis=1, tiled=True, to="reduced")
        w1 = jnp.abs(state @ params.hyper_w1)
        b1 = state @ params.hyper_b1
        hidden = jax.nn.elu(qs * w1 + b1)
        w2 = jnp.abs(state @ params.hyper_w2)
        return (hidden * w2).sum(axis=-1)

    def build(self):
        pspec = MixerParams(P(), P(), P())
        return jax.jit(jax.shard_map(self.mix, mesh=self.mesh,
                                     in_specs=(pspec, P(ENV, AGENT), P(ENV, None)), out_specs=P(ENV)))


def inputs():
    rng = np.random.default_rng(22)
    S, N, B = 6, 4, 8
    params = MixerParams(*(rng.normal(size=(S, N)).astype(np.float32) * 0.3 for _ in range(3)))
    return params, rng.normal(size=(B, N)).astype(np.float32), rng.normal(size=(B, S)).astype(np.float32)


def main(params, agent_qs, state):
    mesh = jax.make_mesh((4, 2), (AGENT, ENV))
    params = MixerParams(*(jax.device_put(p, NamedSharding(mesh, P())) for p in params))
    agent_qs = jax.device_put(agent_qs, NamedSharding(mesh, P(ENV, AGENT)))
    state = jax.device_put(state, NamedSharding(mesh, P(ENV, None)))
    mixer_fn = QMixer(mesh).build()
    return mixer_fn(params, agent_qs, state)


if __name__ == "__main__":
    main(*inputs())
