"""Intelligent-driver model acceleration with the speeds of all cars of a platoon gathered
from the segment owners; parameters come in a NamedTuple."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class IDMParams(NamedTuple):
    v0: float = 30.0
    a_max: float = 1.5
    delta: float = 4.0


def free_road_accel(v, p):
    return p.a_max * (1.0 - (v / p.v0) ** p.delta)


def platoon_accel(v_local, p=IDMParams(), axis="seg"):
    v = jax.lax.all_gather(v_local, axis, axis=1, tiled=True, to="reduced")
    return free_road_accel(v, p)


def inputs():
    return (np.linspace(5.0, 29.0, 2 * 32, dtype=np.float32).reshape(2, 32),)


def main(v):
    mesh = jax.make_mesh((4, 2), ("seg", "platoon"))
    v = jax.device_put(v, NamedSharding(mesh, P("platoon", "seg")))
    f = jax.shard_map(platoon_accel, mesh=mesh, in_specs=P("platoon", "seg"),
                      out_specs=P("platoon", None, reduced={"seg"}))
    return f(v)


if __name__ == "__main__":
    print(main(*inputs()))
