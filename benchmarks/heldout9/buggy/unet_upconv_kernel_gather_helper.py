"""U-Net decoder: the up-convolution kernel is sharded over both mesh axes on its channel
dims; one helper gathers it, first over the output channels, then over everything left."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_kernel(k, axes=("spatial",), dim=3):
    return jax.lax.all_gather(k, axes, axis=dim, tiled=True, to="reduced")


def up_kernel(k):
    k_out = gather_kernel(k)
    k_full = gather_kernel(k_out, ("data", "spatial"), dim=2)
    return k_full


def main(k):
    mesh = jax.make_mesh((2, 4), ("data", "spatial"))
    spec = P(None, None, "data", "spatial")
    f = jax.shard_map(up_kernel, mesh=mesh, in_specs=spec,
                      out_specs=P(None, None, None, None, reduced={"data", "spatial"}))
    return f(jax.device_put(k, NamedSharding(mesh, spec)))


def inputs():
    return (jax.random.normal(jax.random.key(41), (2, 2, 8, 8)),)
