"""A diffusion UNet block: the time-embedding bias is marked reduced over 'fsdp' and gathered
over the channel axis only, where it is still varying."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP, CH = "fsdp", "ch"


def unet_block(x, bias):
    bias = jax.lax.pcast(bias, FSDP, to="reduced")
    full_bias = jax.lax.all_gather(bias, CH, tiled=True, to="reduced")
    return x * 2.0, full_bias


def inputs():
    return np.zeros((8, 4), np.float32), np.arange(8, dtype=np.float32) / 8.0


def main(x, bias):
    mesh = jax.make_mesh((2, 4), (FSDP, CH))
    x = jax.device_put(x, NamedSharding(mesh, P(FSDP)))
    bias = jax.device_put(bias, NamedSharding(mesh, P(CH)))
    block = jax.shard_map(unet_block, mesh=mesh, in_specs=(P(FSDP), P(CH)),
                          out_specs=(P(FSDP), P(reduced={FSDP, CH})))
    return block(x, bias)


if __name__ == "__main__":
    print(main(*inputs()))
