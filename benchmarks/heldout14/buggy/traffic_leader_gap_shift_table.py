"""Intelligent-driver model on a ring road split over segments: every car needs the
position of the car ahead, which may sit on the next segment."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SEGMENTS = 8
ROAD_LENGTH = 800.0

SHIFT = {
    "ahead": lambda x, ax: jax.lax.ppermute(x, ax, [(i, (i - 1) % N_SEGMENTS) for i in range(N_SEGMENTS)]),
    "behind": lambda x, ax: jax.lax.ppermute(x, ax, [(i, (i + 1) % N_SEGMENTS) for i in range(N_SEGMENTS)]),
}


def gaps(positions, axis="road"):
    everyone = jax.lax.all_gather(positions, axis, tiled=True, to="reduced")
    first_ahead = SHIFT["ahead"](everyone[:1], axis)
    leaders = jnp.concatenate([positions[1:], first_ahead])
    return jnp.mod(leaders - positions, ROAD_LENGTH)


def inputs():
    return (np.linspace(0.0, 790.0, 32, dtype=np.float32),)


def sharded(fn, mesh, spec):
    return jax.shard_map(fn, mesh=mesh, in_specs=spec, out_specs=spec)


def build_step(fn, mesh, axis="road"):
    return jax.jit(sharded(fn, mesh, P(axis)))


def main(positions):
    mesh = jax.make_mesh((N_SEGMENTS,), ("road",))
    positions = jax.device_put(positions, NamedSharding(mesh, P("road")))
    return build_step(gaps, mesh)(positions)


if __name__ == "__main__":
    print(main(*inputs()))
