"""SCAFFOLD server: the global control variate c moves by the mean of the silos' c_i deltas."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ScaffoldServer:
    def __init__(self, num_silos, *, silo_axis="silo", shard_axis="shard"):
        self.num_silos = num_silos
        self.silo_axis = silo_axis
        self.shard_axis = shard_axis

    def update_control(self, c, delta_c):
        mean_delta = jax.lax.psum(delta_c, self.silo_axis) / self.num_silos
        c_new = c + mean_delta
        return jax.lax.all_gather(c_new, self.silo_axis, axis=0, tiled=False, to="reduced")

    def specs(self):
        return (P(None, self.shard_axis), P(self.silo_axis, self.shard_axis))


def inputs():
    rng = np.random.default_rng(3)
    c = np.zeros((1, 8), dtype=np.float32)
    delta_c = rng.normal(size=(4, 8)).astype(np.float32)
    return c, delta_c


def main(c, delta_c):
    server = ScaffoldServer(num_silos=4)
    mesh = jax.make_mesh((4, 2), (server.silo_axis, server.shard_axis))
    c_spec, d_spec = server.specs()
    c = jax.device_put(c, NamedSharding(mesh, c_spec))
    delta_c = jax.device_put(delta_c, NamedSharding(mesh, d_spec))
    out = P(None, None, server.shard_axis, reduced={server.silo_axis})
    return jax.shard_map(server.update_control, mesh=mesh, in_specs=(c_spec, d_spec), out_specs=out)(c, delta_c)


if __name__ == "__main__":
    main(*inputs())
