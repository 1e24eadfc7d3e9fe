"""SCAFFOLD: client control variates collected by the server, region by region."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"local": "client", "global": ("region", "client")}


class ClientManager:
    def __init__(self, axes, lr=0.1, local_steps=5):
        self.axes = axes
        self.lr = lr
        self.local_steps = local_steps

    def control_delta(self, c_local, c_global, drift):
        return -c_global + (drift / (self.local_steps * self.lr)) - c_local

    def collect(self, c_local, c_global, drift):
        delta = self.control_delta(c_local, c_global, drift)
        per_region = jax.lax.all_gather(delta, self.axes["local"], axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(per_region, self.axes["global"], axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(2642)
    return (rng.standard_normal((8, 4)).astype(np.float32), np.zeros((4,), np.float32),
            rng.standard_normal((8, 4)).astype(np.float32))


def main(c_local, c_global, drift):
    mesh = jax.make_mesh((2, 4), ("region", "client"))
    row = P(("region", "client"), None)
    c_local = jax.device_put(c_local, NamedSharding(mesh, row))
    c_global = jax.device_put(c_global, NamedSharding(mesh, P()))
    drift = jax.device_put(drift, NamedSharding(mesh, row))
    manager = ClientManager(AXES)
    fn = jax.shard_map(manager.collect, mesh=mesh, in_specs=(row, P(), row),
                       out_specs=P(None, None, reduced={"region", "client"}))
    return fn(c_local, c_global, drift)


if __name__ == "__main__":
    print(main(*inputs()))
