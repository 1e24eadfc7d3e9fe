"""SNR and its finite-difference derivative per timestep, for an SNR-aware loss weighting."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SNRTable:
    def __init__(self, model_axis="model", num_shards=4):
        self.axis = model_axis
        self.perm = [(i, (i + 1) % num_shards) for i in range(num_shards)]

    def snr(self, alphas_cumprod):
        full = jax.lax.all_gather(alphas_cumprod, self.axis, axis=1, tiled=True, to="reduced")
        return jnp.log(full) - jnp.log1p(-full)

    def next_shard(self, log_snr):
        return jax.lax.ppermute(log_snr, self.axis, perm=self.perm)


def snr_step(table, alphas_cumprod):
    log_snr = table.snr(alphas_cumprod)
    shifted = table.next_shard(log_snr)
    return shifted


def inputs():
    betas = np.linspace(1e-4, 0.02, 64, dtype=np.float32)
    ac = np.cumprod(1.0 - betas).reshape(2, 32).astype(np.float32)
    return (ac,)


def main(alphas_cumprod):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    alphas_cumprod = jax.device_put(alphas_cumprod, NamedSharding(mesh, P("data", "model")))
    body = functools.partial(snr_step, SNRTable())
    out = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", "model"))(alphas_cumprod)
    print(out)
    return out


if __name__ == "__main__":
    main(*inputs())
