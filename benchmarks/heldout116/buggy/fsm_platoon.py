"""Vehicle FSM (CRUISE / FOLLOW / PLATOON); a platoon redistributes leader speeds across lanes."""
from enum import IntEnum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Mode(IntEnum):
    CRUISE = 0
    FOLLOW = 1
    PLATOON = 2


TRANSITIONS = {}
TRANSITIONS[(Mode.CRUISE, "close")] = Mode.FOLLOW
TRANSITIONS[(Mode.FOLLOW, "close")] = Mode.PLATOON
TRANSITIONS[(Mode.FOLLOW, "open")] = Mode.CRUISE
TRANSITIONS[(Mode.PLATOON, "open")] = Mode.FOLLOW

LANES = "lanes"
CARS = "cars"
MODE_KERNELS = {}


def mode_kernel(mode):
    def deco(fn):
        MODE_KERNELS[mode] = fn
        return fn
    return deco


@mode_kernel(Mode.CRUISE)
def cruise(v):
    return jnp.minimum(v + 0.3, 30.0)


@mode_kernel(Mode.FOLLOW)
def follow(v):
    ahead = jax.lax.ppermute(v, CARS, perm=[(k, (k - 1) % 4) for k in range(4)])
    return 0.5 * (v + ahead)


@mode_kernel(Mode.PLATOON)
def platoon(v):
    leaders = jax.lax.all_gather(v[:, :1], LANES, axis=1, tiled=True, to="reduced")
    # every car block takes one lane's leader speed column
    spread = jax.lax.all_to_all(leaders, LANES, split_axis=1, concat_axis=1, tiled=True)
    return 0.5 * (v + spread)


def run(mesh, mode, v):
    spec = P(CARS, LANES)
    return jax.shard_map(MODE_KERNELS[mode], mesh=mesh, in_specs=spec, out_specs=spec)(v)


def inputs():
    return (np.random.default_rng(9).uniform(10, 25, (16, 2)).astype(np.float32),)


def main(v):
    mesh = jax.make_mesh((4, 2), (CARS, LANES))
    v = jax.device_put(v, NamedSharding(mesh, P(CARS, LANES)))
    mode = Mode.CRUISE
    for sensor in ["close", "close", "open"]:
        mode = TRANSITIONS[(mode, sensor)]
        v = run(mesh, mode, v)
    print(mode.name, float(v.mean()))


if __name__ == "__main__":
    main(*inputs())
