"""SAE training: reconstruction loss accumulated over micro-batches with fori_loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_MICRO = 4


def recon_body(x, w_enc, w_dec):
    micro = x.reshape(N_MICRO, -1, x.shape[-1])

    def accumulate(i, total):
        f = jax.nn.relu(micro[i] @ w_enc)
        recon = jax.lax.psum(f @ w_dec, "feat")
        return total + jnp.mean((recon - micro[i]) ** 2)

    total = jax.lax.fori_loop(0, N_MICRO, accumulate, jnp.zeros_like(x[0, 0]))
    return jax.lax.pmean(total / N_MICRO, ("data", "feat"))


def main(x, w_enc, w_dec):
    mesh = jax.make_mesh((4, 2), ("data", "feat"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    w_enc = jax.device_put(w_enc, NamedSharding(mesh, P(None, "feat")))
    w_dec = jax.device_put(w_dec, NamedSharding(mesh, P("feat")))
    fn = jax.shard_map(recon_body, mesh=mesh, in_specs=(P("data"), P(None, "feat"), P("feat")),
                       out_specs=P())
    return fn(x, w_enc, w_dec)


def inputs():
    rng = np.random.default_rng(64)
    return (rng.standard_normal((32, 8), dtype=np.float32),
            rng.standard_normal((8, 16), dtype=np.float32) * 0.3,
            rng.standard_normal((16, 8), dtype=np.float32) * 0.3)
