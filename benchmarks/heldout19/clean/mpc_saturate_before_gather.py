"""Tube MPC: controls saturated on each shard by a stored lambda, then gathered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Controller:
    def __init__(self, mesh, u_max=2.0):
        self.mesh = mesh
        self.u_max = u_max
        self.saturate = lambda u: jnp.clip(u, -self.u_max, self.u_max)

    def body(self, u):
        return jax.lax.all_gather(self.saturate(u), "sample", axis=1, tiled=True, to="reduced")

    def run(self, u):
        spec = P("robot", "sample", None)
        fn = jax.shard_map(self.body, mesh=self.mesh, in_specs=spec,
                           out_specs=P("robot", None, None, reduced={"sample"}))
        return fn(jax.device_put(u, NamedSharding(self.mesh, spec)))


def main(u):
    return Controller(jax.make_mesh((2, 4), ("robot", "sample"))).run(u)


def inputs():
    return (np.random.default_rng(107).standard_normal((4, 8, 6), dtype=np.float32) * 3,)
