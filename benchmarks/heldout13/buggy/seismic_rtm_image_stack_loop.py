"""Reverse-time migration: the cross-correlation image of each shot is stacked, first over
the subsurface split `x`, then over the shots, growing the axis tuple in a loop."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

STACK_ORDER = ("x", "shot")


def imaging_condition(src, rcv):
    return jnp.sum(src * rcv, axis=0)


def migrate(src, rcv):
    image = imaging_condition(src, rcv)[None]
    axes = ()
    for ax in STACK_ORDER:
        axes = axes + (ax,)
        image = jax.lax.all_gather(image, axes, axis=0, tiled=True, to="reduced")
    return image


def main(src, rcv, mesh):
    spec = P(None, ("shot", "x"))
    src = jax.device_put(src, NamedSharding(mesh, spec))
    rcv = jax.device_put(rcv, NamedSharding(mesh, spec))
    fn = jax.shard_map(migrate, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced={"x", "shot"}))
    return fn(src, rcv)


def inputs():
    mesh = jax.make_mesh((2, 4), ("shot", "x"))
    k1, k2 = jax.random.split(jax.random.key(12))
    return jax.random.normal(k1, (10, 16)), jax.random.normal(k2, (10, 16)), mesh
