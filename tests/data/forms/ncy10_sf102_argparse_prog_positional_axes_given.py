"""As cy10, but `main` parses a written argument list that sets `--calib-axes i`: the second
gather is over 'i' alone, of a value varying on 'i', which JAX accepts."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser("calibrate")
    parser.add_argument("--calib-axes", default="i,j")
    parser.add_argument("--channel-axis", default="j")
    return parser.parse_args(argv)


class Calibrator:
    def __init__(self, channel_axis, calib_axes):
        self.channel_axis = channel_axis
        self.calib_axes = calib_axes

    def __call__(self, x):
        absmax = jax.lax.all_gather(jnp.abs(x), self.channel_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(absmax, self.calib_axes, axis=0, tiled=True, to="reduced")


def main(mesh, x):
    args = parse_args(["--calib-axes", "i"])
    calib_axes = tuple(args.calib_axes.split(","))
    calibrator = Calibrator(args.channel_axis, calib_axes)
    return jax.shard_map(calibrator, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)
