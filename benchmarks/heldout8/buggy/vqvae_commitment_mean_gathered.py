"""VQ-VAE: encoder outputs sharded over the batch, the commitment loss averaged on the full batch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BETA = 0.25


def quantize(z, codebook):
    d = jnp.sum((z[:, None, :] - codebook[None]) ** 2, axis=-1)
    return codebook[jnp.argmin(d, axis=1)]


def commitment(sq_err):
    return BETA * jnp.mean(sq_err)


def inputs():
    rng = np.random.default_rng(34)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(8, 4)).astype(np.float32)


def main(z, codebook):
    mesh = jax.make_mesh((8,), ("batch",))
    z = jax.device_put(z, NamedSharding(mesh, P("batch", None)))
    codebook = jax.device_put(codebook, NamedSharding(mesh, P()))

    def losses(z, cb):
        e = quantize(z, cb)
        sq = jnp.sum((z - e) ** 2, axis=-1)
        sq_all = jax.lax.all_gather(sq, "batch", tiled=True, to="reduced")
        return commitment(sq_all)

    f = jax.jit(jax.shard_map(losses, mesh=mesh, in_specs=(P("batch", None), P()),
                              out_specs=P(reduced={"batch"})))
    return f(z, codebook)
