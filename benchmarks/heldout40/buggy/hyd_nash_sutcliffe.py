"""Nash-Sutcliffe efficiency of simulated discharge against gauges, over basins and members."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser(description="skill scores")
parser.add_argument("--axes", nargs="+", default=["basin", "ens"])
parser.add_argument("--metric", default="nse")


def inputs():
    rng = np.random.default_rng(64)
    obs = rng.gamma(2.0, size=(16, 8)).astype(np.float32)
    sim = (obs + rng.normal(0.0, 0.3, size=(16, 8))).astype(np.float32)
    return obs, sim


def main(obs, sim):
    args = parser.parse_args([])
    axes = tuple(args.axes)
    mesh = jax.make_mesh((4, 2), axes)
    spec = P(*axes)
    obs, sim = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (obs, sim))
    nse = jax.shard_map(
        lambda o, s: 1.0 - jax.lax.psum(jnp.sum((s - o) ** 2), axes)
        / jax.lax.psum(jax.lax.psum(jnp.sum((o - jnp.mean(o)) ** 2), axes[1]), axes),
        mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return nse(obs, sim)


if __name__ == "__main__":
    main(*inputs())
