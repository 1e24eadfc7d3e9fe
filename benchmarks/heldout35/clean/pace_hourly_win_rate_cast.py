"""Hourly win-rate report for the pacing dashboard; mesh axes from the job's command line."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--mesh-axes", default="campaign,auction")
    p.add_argument("--hours", type=int, default=4)
    return p.parse_args(argv)


ARGS = parse_args([])
AXES = tuple(ARGS.mesh_axes.split(","))


def hourly(won, entered):
    rates = []
    for h in range(ARGS.hours):
        wins = jax.lax.psum(jnp.sum(won[h]), AXES[1])
        seen = jax.lax.psum(jnp.sum(entered[h]), AXES[1])
        rates.append(jax.lax.pmean(jax.lax.pcast(wins / seen, AXES[1], to="varying"), AXES))
    return jnp.stack(rates)


def inputs():
    rng = np.random.default_rng(43)
    entered = (rng.uniform(size=(4, 8, 16)) < 0.9).astype(np.float32)
    won = entered * (rng.uniform(size=(4, 8, 16)) < 0.3)
    return won.astype(np.float32), entered


def main(won, entered):
    mesh = jax.make_mesh((2, 4), AXES)
    spec = P(None, *AXES)
    won = jax.device_put(won, NamedSharding(mesh, spec))
    entered = jax.device_put(entered, NamedSharding(mesh, spec))
    fn = jax.shard_map(hourly, mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return fn(won, entered)


if __name__ == "__main__":
    print(main(*inputs()))
