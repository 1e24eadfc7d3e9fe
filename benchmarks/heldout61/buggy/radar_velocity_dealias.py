"""Radial-velocity dealiasing: folded rays unfolded against the full sweep."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--ray-axis", default="gate")
    p.add_argument("--sweep-axes", default="azimuth,gate")
    p.add_argument("--nyquist", type=float, default=16.5)
    return p.parse_args(argv)


def build_unfold(args):
    sweep_axes = tuple(args.sweep_axes.split(","))

    def unfold(vr):
        ray = jax.lax.all_gather(vr, args.ray_axis, axis=1, tiled=True, to="reduced")
        jumps = jnp.diff(ray, axis=1)
        sweep = jax.lax.all_gather(jumps, sweep_axes, axis=0, tiled=True, to="reduced")
        return sweep

    return unfold


def inputs():
    rng = np.random.default_rng(41)
    vr = rng.uniform(-16.5, 16.5, size=(16, 32)).astype(np.float32)
    return (vr,)


def main(vr):
    args = parse_args([])
    mesh = jax.make_mesh((4, 2), tuple(args.sweep_axes.split(",")))
    vr = jax.device_put(vr, NamedSharding(mesh, P("azimuth", "gate")))
    fn = jax.shard_map(build_unfold(args), mesh=mesh, in_specs=P("azimuth", "gate"),
                       out_specs=P(None, None, reduced={"azimuth", "gate"}))
    return fn(vr)


if __name__ == "__main__":
    main(*inputs())
