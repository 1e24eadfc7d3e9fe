"""Ecology ABM: a season-end snapshot of the trait table for the analysis notebook."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Ax(str, enum.Enum):
    INDIVIDUALS = "individuals"
    TRAITS = "traits"


PLACEMENT = {"traits": P(Ax.INDIVIDUALS.value, Ax.TRAITS.value)}
SNAPSHOT = {"traits": P(None, Ax.TRAITS.value)}


@jax.jit
def mutate(traits, noise):
    return traits + 0.01 * noise


def snapshot(state):
    return {name: top_level_all_gather(arr, SNAPSHOT[name]) for name, arr in state.items()}


def inputs():
    rng = np.random.default_rng(44)
    return rng.normal(size=(32, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32)


def main(traits, noise):
    mesh = jax.make_mesh((4, 2), tuple(a.value for a in Ax))
    with jax.set_mesh(mesh):
        sh = NamedSharding(mesh, PLACEMENT["traits"])
        state = {"traits": jax.device_put(traits, sh)}
        noise = jax.device_put(noise, sh)
        for _ in range(3):
            state["traits"] = mutate(state["traits"], noise)
        snaps = snapshot(state)
    print({k: v.shape for k, v in snaps.items()})


if __name__ == "__main__":
    main(*inputs())
