"""Trace balancing before migration: RMS energy per gather normalised over the whole survey."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def balance(traces, *, axes):
    shot_axis, offset_axis = axes
    gather_energy = jax.lax.psum(jnp.sum(traces ** 2, axis=-1), offset_axis)
    rms = jnp.sqrt(gather_energy / traces.shape[-1])
    survey_rms = jax.lax.pmean(rms.mean(), axes)
    return traces / survey_rms


def inputs():
    rng = np.random.default_rng(2615)
    return (rng.standard_normal((8, 64)).astype(np.float32),)


def main(traces):
    mesh = jax.make_mesh((2, 4), ("shot", "x"))
    traces = jax.device_put(traces, NamedSharding(mesh, P(*mesh.axis_names)))
    fn = jax.shard_map(functools.partial(balance, axes=mesh.axis_names), mesh=mesh,
                       in_specs=P(*mesh.axis_names), out_specs=P(*mesh.axis_names))
    return fn(traces)


if __name__ == "__main__":
    print(main(*inputs()))
