"""Darcy-Weisbach head loss along trunk mains, flows gathered as invariant copies."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TrunkMain:
    def __init__(self, friction=0.02, length=250.0, diameter=0.3, pipe_axis="pipe"):
        self.k = 8.0 * friction * length / (9.81 * np.pi ** 2 * diameter ** 5)
        self.pipe_axis = pipe_axis

    def head_loss(self, q):
        q_all = jax.lax.all_gather(q, self.pipe_axis, axis=1, tiled=True, to="invarying")
        return self.k * q_all * jnp.abs(q_all)


def inputs():
    rng = np.random.default_rng(112)
    return (rng.uniform(-0.1, 0.1, (4, 16)).astype(np.float32),)


def main(q):
    mesh = jax.make_mesh((2, 4), ("district", "pipe"))
    q = jax.device_put(q, NamedSharding(mesh, P("district", "pipe")))
    main_line = TrunkMain()
    return jax.shard_map(main_line.head_loss, mesh=mesh, in_specs=P("district", "pipe"),
                         out_specs=P("district", None))(q)


if __name__ == "__main__":
    main(*inputs())
