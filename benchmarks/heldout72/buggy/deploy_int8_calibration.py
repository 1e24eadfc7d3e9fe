"""tools/deployment/calibrate.py: int8 entropy calibration table for the BEV backbone."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser("int8 calibration")
    parser.add_argument("--calib-axes", default="replica,tensor")
    parser.add_argument("--channel-axis", default="tensor")
    parser.add_argument("--num-bins", type=int, default=8)
    return parser.parse_args(argv)


class EntropyCalibrator:
    def __init__(self, channel_axis, calib_axes, num_bins):
        self.channel_axis = channel_axis
        self.calib_axes = calib_axes
        self.num_bins = num_bins

    def channel_absmax(self, activations):
        local = jnp.abs(activations)
        return jax.lax.all_gather(local, self.channel_axis, axis=1, tiled=True, to="reduced")

    def calibration_table(self, absmax):
        return jax.lax.all_gather(absmax, self.calib_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, activations):
        return self.calibration_table(self.channel_absmax(activations))


def inputs():
    return (np.random.default_rng(61).normal(size=(8, 16)).astype(np.float32),)


def main(activations, argv=()):
    args = parse_args(list(argv))
    calib_axes = tuple(args.calib_axes.split(","))
    mesh = jax.make_mesh((4, 2), ("replica", "tensor"))
    activations = jax.device_put(activations, NamedSharding(mesh, P("replica", "tensor")))
    calibrator = EntropyCalibrator(args.channel_axis, calib_axes, args.num_bins)
    run = jax.shard_map(calibrator, mesh=mesh, in_specs=P("replica", "tensor"),
                        out_specs=P(None, None, reduced=set(calib_axes)))
    return run(activations)


if __name__ == "__main__":
    main(*inputs())
