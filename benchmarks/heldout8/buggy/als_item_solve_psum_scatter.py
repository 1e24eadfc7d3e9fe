"""ALS: ratings sharded by users; the item side accumulates U^T R, scattered back by item block."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ALS:
    def __init__(self, mesh, user_axis="users", reg=0.1):
        self.mesh = mesh
        self.user_axis = user_axis
        self.reg = reg

    def item_rhs(self, u, r):
        rhs = u.T @ r
        shared = jax.lax.all_gather(rhs, self.user_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.psum_scatter(shared, self.user_axis, scatter_dimension=1, tiled=True)

    def run(self, u, r):
        f = jax.shard_map(self.item_rhs, mesh=self.mesh,
                          in_specs=(P(self.user_axis, None), P(self.user_axis, None)),
                          out_specs=P(None, self.user_axis))
        return jax.jit(f)(u, r)


def inputs():
    rng = np.random.default_rng(15)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(users, ratings):
    mesh = jax.make_mesh((8,), ("users",))
    als = ALS(mesh)
    users = jax.device_put(users, NamedSharding(mesh, P("users", None)))
    ratings = jax.device_put(ratings, NamedSharding(mesh, P("users", None)))
    return als.run(users, ratings)
