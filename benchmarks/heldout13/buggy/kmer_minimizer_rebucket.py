"""Route minimisers to the shard owning their hash bucket (MapReduce style): every shard
first learns the full minimiser sample, then re-buckets it with all_to_all."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def hash_bucket(x, n):
    return (x * 40503) % n


def make_router(mesh):
    (shard,) = mesh.axis_names
    n = mesh.shape[shard]

    def route(minimizers):
        sample = jax.lax.all_gather(minimizers, shard, axis=0, tiled=True, to="reduced")
        order = jnp.argsort(hash_bucket(minimizers, n))
        routed = jax.lax.all_to_all(sample.reshape(n, -1), shard, 0, 0, tiled=True)
        return minimizers[order], routed

    return jax.shard_map(route, mesh=mesh, in_specs=P(shard), out_specs=(P(shard), P(shard)))


def main(minimizers, mesh):
    minimizers = jax.device_put(minimizers, NamedSharding(mesh, P(mesh.axis_names[0])))
    return make_router(mesh)(minimizers)


def inputs():
    mesh = jax.make_mesh((8,), ("shard",))
    return jax.random.randint(jax.random.key(7), (64,), 0, 1000), mesh
