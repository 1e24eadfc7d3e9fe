"""Turns normalised model increments back into physical upper-air fields."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NORM_STATS = {"z": (54000.0, 3300.0), "t": (250.0, 20.0), "q": (0.002, 0.003)}


class Denormalize:
    def __init__(self, variable, axis="lon"):
        self.variable = variable
        self.axis = axis

    def __call__(self, delta):
        full = jax.lax.all_gather(delta, self.axis, axis=1, tiled=True, to="reduced")
        mean, std = NORM_STATS[self.variable]
        return full * std + mean


def inputs():
    rng = np.random.default_rng(7)
    return (rng.standard_normal((4, 16)).astype(np.float32),)


def main(delta, variable="t"):
    mesh = jax.make_mesh((2, 4), ("batch", "lon"))
    delta = jax.device_put(delta, NamedSharding(mesh, P("batch", "lon")))
    denorm = Denormalize(variable)
    return jax.shard_map(denorm, mesh=mesh, in_specs=P("batch", "lon"), out_specs=P("batch", None))(delta)


if __name__ == "__main__":
    main(*inputs())
