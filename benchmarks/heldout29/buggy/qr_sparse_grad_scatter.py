"""Row-wise sparse gradients of a hashed embedding table, reduce-scattered back to owners."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FEATURES = {"user_id": 0, "item_id": 1}


class HashedTable:
    shard_axis = "rows"

    def pooled_grads(self, grads):
        return jax.lax.all_gather(grads, self.shard_axis, axis=0, tiled=True, to="reduced")

    def owner_grads(self, grads):
        full = self.pooled_grads(grads)
        return jax.lax.psum_scatter(full, self.shard_axis, scatter_dimension=0, tiled=True)


def inputs():
    rng = np.random.default_rng(703)
    return (rng.standard_normal((64, 8)).astype(np.float32),)


def main(grads):
    table = HashedTable()
    mesh = jax.make_mesh((8,), (table.shard_axis,))
    grads = jax.device_put(grads, NamedSharding(mesh, P(table.shard_axis)))
    fn = jax.shard_map(table.owner_grads, mesh=mesh, in_specs=P(table.shard_axis), out_specs=P(table.shard_axis))
    return fn(grads)


if __name__ == "__main__":
    print(main(*inputs()))
