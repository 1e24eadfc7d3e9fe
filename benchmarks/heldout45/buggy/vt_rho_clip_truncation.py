"""V-trace truncated importance weights, gathered across learners before clipping."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class VTraceHParams(NamedTuple):
    rho_bar: float = 1.0
    c_bar: float = 0.9
    learner_axis: str = "learner"
    core_axis: str = "core"


class TruncatedWeights:
    def __init__(self, hp: VTraceHParams):
        self.hp = hp

    def __call__(self, target_logp, behaviour_logp):
        hp = self.hp
        log_rho = target_logp - behaviour_logp
        rhos = jax.lax.all_gather(jnp.exp(log_rho), hp.learner_axis, axis=1, tiled=True, to="reduced")
        clipped = jnp.minimum(rhos, hp.rho_bar)
        return clipped.mean(axis=0)


def inputs():
    rng = np.random.default_rng(10)
    return rng.normal(size=(6, 8)).astype(np.float32) * 0.1, rng.normal(size=(6, 8)).astype(np.float32) * 0.1


def main(target_logp, behaviour_logp):
    hp = VTraceHParams()
    mesh = jax.make_mesh((4, 2), (hp.learner_axis, hp.core_axis))
    spec = P(None, hp.learner_axis)
    target_logp = jax.device_put(target_logp, NamedSharding(mesh, spec))
    behaviour_logp = jax.device_put(behaviour_logp, NamedSharding(mesh, spec))
    weights_fn = jax.jit(jax.shard_map(TruncatedWeights(hp), mesh=mesh, in_specs=(spec, spec), out_specs=P()))
    return weights_fn(target_logp, behaviour_logp)


if __name__ == "__main__":
    main(*inputs())
