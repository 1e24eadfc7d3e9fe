"""Autotuner sweep statistics: how many candidates beat the baseline in their worst repetition."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def worst_case(timings, repeat_axis):
    return jax.lax.pmax(timings, repeat_axis)


def count_faster(timings, baseline, *, axes):
    cand_axis, repeat_axis = axes
    worst = worst_case(timings, repeat_axis)
    wins = jnp.sum((worst < baseline).astype(jnp.int32))
    return jax.lax.psum(wins, axes)


def inputs():
    rng = np.random.default_rng(61)
    return rng.uniform(0.5, 1.5, size=(16, 2)).astype(np.float32), np.float32(1.0)


def main(timings, baseline):
    mesh = jax.make_mesh((4, 2), ("cand", "rep"))
    timings = jax.device_put(timings, NamedSharding(mesh, P("cand", "rep")))
    baseline = jax.device_put(baseline, NamedSharding(mesh, P()))
    body = functools.partial(count_faster, axes=mesh.axis_names)
    return jax.shard_map(body, mesh=mesh, in_specs=(P("cand", "rep"), P()), out_specs=P())(timings, baseline)


if __name__ == "__main__":
    print(main(*inputs()))
