"""A tools/ script's parser named by its one positional argument, `prog`
(`argparse.ArgumentParser("calibrate")`): a name shown in messages alone, so the defaults parsed
from the written argument list (the script runs `main` with none) are known. The gather over
('i', 'j') of a value already reduced on 'j' raises."""
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
        return jax.lax.all_gather(absmax, self.calib_axes, axis=0, tiled=True, to="reduced")  # SF102


def main(mesh, x, argv=()):
    args = parse_args(list(argv))
    calib_axes = tuple(args.calib_axes.split(","))
    calibrator = Calibrator(args.channel_axis, calib_axes)
    return jax.shard_map(calibrator, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced=set(calib_axes)))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
