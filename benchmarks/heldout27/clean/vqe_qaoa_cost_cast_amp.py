"""QAOA MaxCut cost averaged over the parameter batch; reductions are configured in a dataclass."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class SimConfig:
    batch_axis: str = "batch"
    amp_axis: str = "amp"
    reduce_axes: tuple = ("batch", "amp")


CFG = SimConfig()
mean_over_mesh = functools.partial(jax.lax.pmean, axis_name=CFG.reduce_axes)


def cut_expectation(probs, cut_values):
    return jax.lax.psum(jnp.sum(probs * cut_values, axis=1), CFG.amp_axis)


def qaoa_cost(probs, cut_values):
    per_params = jax.lax.pcast(cut_expectation(probs, cut_values), CFG.amp_axis, to="varying")
    return -mean_over_mesh(jnp.mean(per_params))


def inputs():
    rng = np.random.default_rng(54)
    p = rng.uniform(size=(4, 64)).astype(np.float32)
    p /= p.sum(axis=1, keepdims=True)
    return p, rng.integers(0, 5, (4, 64)).astype(np.float32)


def main(probs, cut_values):
    mesh = jax.make_mesh((2, 4), (CFG.batch_axis, CFG.amp_axis))
    spec = P(CFG.batch_axis, CFG.amp_axis)
    probs = jax.device_put(probs, NamedSharding(mesh, spec))
    cut_values = jax.device_put(cut_values, NamedSharding(mesh, spec))
    return jax.shard_map(qaoa_cost, mesh=mesh, in_specs=(spec, spec), out_specs=P())(probs, cut_values)


if __name__ == "__main__":
    print(main(*inputs()))
