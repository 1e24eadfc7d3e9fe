"""Framewise displacement for motion scrubbing, with a cohort-level summary (argparse script)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def get_args(argv=None):
    ap = argparse.ArgumentParser(description="compute FD and scrub high-motion frames")
    ap.add_argument("--subject-axis", default="subject")
    ap.add_argument("--radius-mm", type=float, default=50.0)
    ap.add_argument("--fd-threshold", type=float, default=0.5)
    return ap.parse_args(argv)


def framewise_displacement(params, radius_mm):
    d = jnp.abs(jnp.diff(params, axis=1))
    rot = d[..., 3:] * radius_mm
    return d[..., :3].sum(axis=-1) + rot.sum(axis=-1)


def cohort_fd(params, args):
    fd = framewise_displacement(params, args.radius_mm)
    everyone = jax.lax.all_gather(fd, args.subject_axis, axis=0, tiled=True, to="reduced")
    return jax.lax.pmean(everyone, args.subject_axis)


def inputs():
    rng = np.random.default_rng(62)
    return (rng.normal(0, 0.05, size=(8, 20, 6)).astype(np.float32),)


def main(params, argv=()):
    args = get_args(list(argv))
    mesh = jax.make_mesh((2, 4), (args.subject_axis, "voxel"))
    params = jax.device_put(params, NamedSharding(mesh, P(args.subject_axis)))
    f = jax.shard_map(lambda p: cohort_fd(p, args), mesh=mesh, in_specs=P(args.subject_axis),
                      out_specs=P())
    return f(params)


if __name__ == "__main__":
    main(*inputs())
