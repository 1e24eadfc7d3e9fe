"""Collect reconstructed calorimeter towers for the event display."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

RECO_SPEC = P("events", "layer")
DISPLAY_SPEC = P(None, "layer", reduced={"events"})


def reconstruct(mesh, towers):
    towers = jax.device_put(towers, NamedSharding(mesh, RECO_SPEC))
    return jnp.maximum(towers, 0.0)


def to_display(towers):
    return top_level_all_gather(towers, DISPLAY_SPEC)


def inputs():
    rng = np.random.default_rng(23)
    return (rng.exponential(2.0, (16, 32)).astype(np.float32),)


def main(towers):
    mesh = jax.make_mesh((2, 4), ("events", "layer"))
    reco = reconstruct(mesh, towers)
    return to_display(reco)


if __name__ == "__main__":
    main(*inputs())
