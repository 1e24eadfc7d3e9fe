"""Dump flattened Potts configurations (replica-major) so the analysis host can read one site block."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

Q = 5
N_REPLICAS = 4
N_SITES = 32


class Layouts(NamedTuple):
    lattice: P
    dump: P


LAYOUTS = Layouts(lattice=P(("replica", "site")), dump=P("site"))


def flatten(states):
    return np.asarray(states).reshape(-1)


def dump_states(flat):
    return top_level_all_gather(flat, LAYOUTS.dump)


def inputs():
    rng = np.random.default_rng(2)
    return (rng.integers(0, Q, size=(N_REPLICAS, N_SITES)).astype(np.int32),)


def main(states):
    mesh = jax.make_mesh((2, 4), ("replica", "site"))
    flat = jax.device_put(flatten(states), NamedSharding(mesh, LAYOUTS.lattice))
    with jax.set_mesh(mesh):
        dumped = dump_states(flat)
    return dumped


if __name__ == "__main__":
    main(*inputs())
