"""A simulation of collectives on host arrays, used by the unit tests of a data loader."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def psum(shards, axis_name=None):
    return sum(shards)


def all_gather(shards, axis_name=None, to="varying", tiled=False):
    return np.concatenate(shards) if tiled else np.stack(shards)


def host_reference(x):
    shards = np.split(x, 8)
    total = psum(shards, "i")
    return all_gather([total] * 8, "i", to="reduced", tiled=True)


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    ref = host_reference(x)
    mesh = jax.make_mesh((8,), ("i",))
    xs = jax.device_put(x, NamedSharding(mesh, P("i")))
    dev = jax.shard_map(lambda a: jax.lax.all_gather(jax.lax.psum(a, "i"), "i", tiled=True), mesh=mesh, in_specs=P("i"), out_specs=P("i"))(xs)
    return jnp.asarray(ref), dev
