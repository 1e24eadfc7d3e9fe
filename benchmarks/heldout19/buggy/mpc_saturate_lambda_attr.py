"""Tube MPC: best control sequence gathered over sample shards, saturated by a stored lambda."""
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
        u_all = jax.lax.all_gather(u, "sample", axis=1, tiled=True, to="reduced")
        return self.saturate(u_all)

    def run(self, u):
        spec = P("robot", "sample", None)
        u = jax.device_put(u, NamedSharding(self.mesh, spec))
        fn = jax.shard_map(self.body, mesh=self.mesh, in_specs=spec,
                           out_specs=P("robot", None, None, reduced={"sample"}))
        return fn(u)


def main(u):
    return Controller(jax.make_mesh((2, 4), ("robot", "sample"))).run(u)


def inputs():
    return (np.random.default_rng(25).standard_normal((4, 8, 6), dtype=np.float32) * 3,)
