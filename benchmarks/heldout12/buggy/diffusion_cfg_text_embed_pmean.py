"""Image diffusion sampler with classifier-free guidance; text embeddings vocab-sharded."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH, VOCAB = "batch", "vocab"
GUIDANCE = 4.0


@functools.partial(jax.jit, static_argnames=("mesh",))
def sample_step(mesh, x_t, table, tokens):
    def denoise(x, table_blk, tok):
        table_full = jax.lax.all_gather(table_blk, VOCAB, axis=0, tiled=True, to="reduced")
        cond = jnp.take(table_full, tok, axis=0).sum(1) / tok.shape[1]
        ctx = jax.lax.pmean(table_full.sum(0), VOCAB) / table_full.shape[0]
        eps_cond = x - 0.1 * cond
        eps_uncond = x - 0.1 * ctx
        return eps_uncond + GUIDANCE * (eps_cond - eps_uncond)

    f = jax.shard_map(denoise, mesh=mesh, in_specs=(P(BATCH, None), P(VOCAB, None), P(BATCH, None)),
                      out_specs=P(BATCH, None))
    return f(x_t, table, tokens)


def main(mesh, x_t, table, tokens):
    return sample_step(mesh, x_t, table, tokens)


def inputs():
    mesh = jax.make_mesh((2, 4), (BATCH, VOCAB))
    x_t = jax.random.normal(jax.random.key(12), (4, 8))
    table = jax.random.normal(jax.random.key(13), (32, 8))
    tokens = jnp.arange(12).reshape(4, 3) % 32
    return (mesh, jax.device_put(x_t, NamedSharding(mesh, P(BATCH, None))),
            jax.device_put(table, NamedSharding(mesh, P(VOCAB, None))),
            jax.device_put(tokens, NamedSharding(mesh, P(BATCH, None))))
