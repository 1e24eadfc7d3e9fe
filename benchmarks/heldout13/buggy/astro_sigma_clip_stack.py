"""Sigma-clipped mean stack: pixels farther than `clip` sigma from the stack median are
rejected before averaging over exposures."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

gather_exposures = functools.partial(jax.lax.all_gather, axis_name="exposure", axis=0,
                                     tiled=True, to="reduced")


class SigmaClipStacker:
    def __init__(self, clip=3.0):
        self.clip = clip

    def __call__(self, frames):
        stack = gather_exposures(frames)
        mu = stack.mean(axis=0)
        sigma = stack.std(axis=0)
        keep = jnp.abs(stack - mu) < self.clip * sigma
        kept = jnp.sum(jnp.where(keep, stack, 0.0), axis=0)
        return kept / jnp.maximum(keep.sum(axis=0), 1)


def main(frames, mesh):
    frames = jax.device_put(frames, NamedSharding(mesh, P("exposure", "y")))
    fn = jax.shard_map(SigmaClipStacker(), mesh=mesh, in_specs=P("exposure", "y"),
                       out_specs=P("y", None))
    return fn(frames)


def inputs():
    mesh = jax.make_mesh((4, 2), ("exposure", "y"))
    return jax.random.normal(jax.random.key(4), (8, 6, 5)), mesh
