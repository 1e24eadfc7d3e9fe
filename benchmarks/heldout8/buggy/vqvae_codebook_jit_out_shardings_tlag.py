"""VQ-VAE codebook refresh: a jitted EMA update lays the codebook out, then it is exported."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CODEBOOK_SPEC = P(("replica", "code"), None)
EXPORT_SPEC = P("code", None, reduced={"replica"})


def ema_update(codebook, counts, decay=0.99):
    return decay * codebook + (1 - decay) * counts[:, None]


def inputs():
    rng = np.random.default_rng(20)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.uniform(size=(16,)).astype(np.float32)


def main(codebook, counts):
    mesh = jax.make_mesh((2, 4), ("replica", "code"))
    with jax.set_mesh(mesh):
        update = jax.jit(ema_update, out_shardings=NamedSharding(mesh, CODEBOOK_SPEC))
        codebook = update(codebook, counts)
        exported = top_level_all_gather(codebook, EXPORT_SPEC)
    return exported
