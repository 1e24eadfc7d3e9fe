"""Heartbeats exchanged between slices: each slice forwards the fleet table to the next."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("slice", "dev"))


class HeartbeatMonitor:
    def __init__(self, mesh, axis_index=0):
        self.axis = mesh.axis_names[axis_index]
        self.n = mesh.shape[self.axis]

    @property
    def perm(self):
        return [(i, (i + 1) % self.n) for i in range(self.n)]

    def fleet_table(self, beats):
        return jax.lax.all_gather(beats, self.axis, axis=0, tiled=True)

    def forward(self, beats):
        table = self.fleet_table(beats)
        return jax.lax.ppermute(table, self.axis, self.perm)


def inputs():
    beats = jnp.arange(4 * 8, dtype=jnp.float32).reshape(4, 8)
    return (jax.device_put(beats, NamedSharding(MESH, P("slice", "dev"))),)


def main(beats):
    mon = HeartbeatMonitor(MESH)
    return jax.shard_map(mon.forward, mesh=MESH, in_specs=P("slice", "dev"),
                         out_specs=P("slice", "dev"))(beats)


if __name__ == "__main__":
    main(*inputs())
