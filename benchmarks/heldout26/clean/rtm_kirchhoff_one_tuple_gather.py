"""Kirchhoff migration: eikonal traveltime tables assembled for the summation operator."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TravelTimeTable:
    lateral = "x"
    shots = "shot"

    def __init__(self, velocity):
        self.slowness = 1.0 / velocity

    def local_times(self, offsets):
        return jnp.cumsum(self.slowness * jnp.abs(offsets), axis=-1)

    def lateral_table(self, offsets):
        return jax.lax.all_gather(self.local_times(offsets), self.lateral, axis=1, tiled=True, to="reduced")

    def operator(self, offsets):
        return jax.lax.all_gather(self.local_times(offsets), (self.shots, self.lateral), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(2612)
    return (rng.uniform(-1, 1, (8, 16)).astype(np.float32),)


def main(offsets):
    tables = TravelTimeTable(velocity=2.5)
    mesh = jax.make_mesh((2, 4), (TravelTimeTable.shots, TravelTimeTable.lateral))
    spec = P(TravelTimeTable.shots, TravelTimeTable.lateral)
    offsets = jax.device_put(offsets, NamedSharding(mesh, spec))
    fn = jax.shard_map(tables.operator, mesh=mesh, in_specs=spec,
                       out_specs=P(None, None, reduced={"shot", "x"}))
    return fn(offsets)


if __name__ == "__main__":
    print(main(*inputs()))
