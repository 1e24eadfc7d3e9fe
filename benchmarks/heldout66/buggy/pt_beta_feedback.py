"""Feedback-optimised temperature ladder: rejection rates of the whole ladder drive the beta update."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_TEMPS = 8
N_CHAINS = 16


class LadderOptions:
    temp_axis = "temp"
    chain_axis = "chain"
    damping = 0.5


def ladder_acceptance(acc, opts):
    return jax.lax.all_gather(acc, opts.temp_axis, axis=0, tiled=True, to="reduced")


def rejection(acc):
    return 1.0 - acc


def feedback(acc, opts=LadderOptions):
    ladder = ladder_acceptance(acc, opts)
    rej = rejection(ladder)
    return jnp.cumsum(rej, axis=0)


def inputs():
    rng = np.random.default_rng(149)
    return (rng.uniform(0.2, 0.9, size=(N_TEMPS, N_CHAINS)).astype(np.float32),)


def main(acc):
    mesh = jax.make_mesh((2, 4), (LadderOptions.temp_axis, LadderOptions.chain_axis))
    spec = P(LadderOptions.temp_axis, LadderOptions.chain_axis)
    acc = jax.device_put(acc, NamedSharding(mesh, spec))
    fn = jax.shard_map(feedback, mesh=mesh, in_specs=spec, out_specs=P(None, "chain"))
    return fn(acc)


if __name__ == "__main__":
    main(*inputs())
