"""Soft-min weights of sampled trajectory costs, exponentiated before they are gathered."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--lambda", dest="lam", type=float, default=0.3)
    parser.add_argument("--sample-axis", default="sample")
    parser.add_argument("--step-axis", default="step")
    return parser.parse_args(argv)


class SoftMin:
    def __init__(self, lam, sample_axis):
        self.lam = lam
        self.sample_axis = sample_axis

    def weights(self, traj_costs):
        unnormalised = jnp.exp(-traj_costs / self.lam)
        return jax.lax.all_gather(unnormalised, self.sample_axis, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.linspace(1.0, 9.0, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(traj_costs):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), (args.sample_axis, args.step_axis))
    spec = P(args.sample_axis, args.step_axis)
    traj_costs = jax.device_put(traj_costs, NamedSharding(mesh, spec))
    softmin = SoftMin(args.lam, args.sample_axis)
    return jax.shard_map(softmin.weights, mesh=mesh, in_specs=spec,
                         out_specs=P(None, args.step_axis, reduced={args.sample_axis}))(traj_costs)


if __name__ == "__main__":
    main(*inputs())
