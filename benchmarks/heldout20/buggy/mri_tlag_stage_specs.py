"""Per-coil images from a shard_map stage, collected for the DICOM writer with a spec from a table."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("slice", "coil"))
STAGE_SPECS = {
    "coil_images": P("slice", "coil"),
    "writer": P(None, "coil"),
}


def ifft_mag(k):
    return jnp.abs(jnp.fft.ifft(k, axis=-1)).sum(axis=-1)


def inputs():
    k = jax.random.normal(jax.random.key(63), (8, 8, 32))
    return (k,)


def main(k):
    with jax.set_mesh(mesh):
        k = jax.device_put(k, P("slice", "coil", None))
        images = jax.shard_map(ifft_mag, mesh=mesh, in_specs=P("slice", "coil", None),
                               out_specs=STAGE_SPECS["coil_images"])(k)
        return top_level_all_gather(images, STAGE_SPECS["writer"])
