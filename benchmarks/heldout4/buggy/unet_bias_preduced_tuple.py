"""A diffusion UNet block trained with FSDP over 'fsdp' and channels over 'ch'. The time
embedding bias is marked reduced over 'fsdp' so that its gradient is summed, then gathered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP, CH = "fsdp", "ch"


def timestep_embedding(t, dim):
    freqs = jnp.exp(-jnp.arange(dim // 2, dtype=jnp.float32) / (dim // 2))
    args = t[:, None] * freqs[None]
    return jnp.concatenate([jnp.sin(args), jnp.cos(args)], axis=-1)


def unet_block(x, t, bias):
    # bias: [ch_local], identical on every fsdp shard
    bias = jax.lax.pcast(bias, FSDP, to="reduced")
    full_bias = jax.lax.all_gather(bias, (FSDP, CH), tiled=True, to="reduced")
    emb = timestep_embedding(t, x.shape[-1])
    return x + emb, full_bias


def inputs():
    x = np.zeros((8, 4), np.float32)
    t = np.arange(8, dtype=np.float32)
    bias = np.arange(8, dtype=np.float32) / 8.0
    return x, t, bias


def main(x, t, bias):
    mesh = jax.make_mesh((2, 4), (FSDP, CH))
    x = jax.device_put(x, NamedSharding(mesh, P(FSDP)))
    t = jax.device_put(t, NamedSharding(mesh, P(FSDP)))
    bias = jax.device_put(bias, NamedSharding(mesh, P(CH)))
    block = jax.shard_map(unet_block, mesh=mesh, in_specs=(P(FSDP), P(FSDP), P(CH)),
                          out_specs=(P(FSDP), P(reduced={FSDP, CH})))
    return block(x, t, bias)


if __name__ == "__main__":
    print(main(*inputs()))
