"""EDM training loss with the lambda(sigma) weighting; mesh and reduction axes come from a config dict."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {
    "mesh": {"shape": (4, 2), "axes": ["batch", "tensor"]},
    "loss": {"sigma_data": 0.5, "reduce": ["batch", "tensor"]},
}


def edm_weight(sigma, sigma_data):
    return (sigma ** 2 + sigma_data ** 2) / (sigma * sigma_data) ** 2


def partial_error(denoised, clean):
    # this channel shard's part of each sample's squared error
    return jnp.sum((denoised - clean) ** 2, axis=1)


def weighted_loss(denoised, clean, sigma):
    cfg = CONFIG["loss"]
    n_batch_shards = CONFIG["mesh"]["shape"][0]
    err = partial_error(denoised, clean)
    weighted = jnp.mean(edm_weight(sigma, cfg["sigma_data"]) * err)
    return jax.lax.psum(weighted, tuple(cfg["reduce"])) / n_batch_shards


def inputs():
    rng = np.random.default_rng(37)
    return (rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32),
            np.exp(rng.normal(size=(8,))).astype(np.float32))


def main(denoised, clean, sigma):
    mesh = jax.make_mesh(CONFIG["mesh"]["shape"], tuple(CONFIG["mesh"]["axes"]))
    batch, tensor = CONFIG["mesh"]["axes"]
    denoised = jax.device_put(denoised, NamedSharding(mesh, P(batch, tensor)))
    clean = jax.device_put(clean, NamedSharding(mesh, P(batch, tensor)))
    sigma = jax.device_put(sigma, NamedSharding(mesh, P(batch)))
    fn = jax.shard_map(weighted_loss, mesh=mesh, in_specs=(P(batch, tensor), P(batch, tensor), P(batch)), out_specs=P())
    return fn(denoised, clean, sigma)


if __name__ == "__main__":
    print(main(*inputs()))
