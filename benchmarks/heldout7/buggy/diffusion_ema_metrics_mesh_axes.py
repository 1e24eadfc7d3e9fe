"""Diffusion training metrics: the tensor-parallel denoiser loss summed over model, logged over all mesh axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def ema_update(ema, params, decay=0.999):
    return jax.tree.map(lambda e, p: decay * e + (1 - decay) * p, ema, params)


def inputs():
    rng = np.random.default_rng(29)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16, 16)).astype(np.float32) / 4


def main(x_noisy, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x_noisy = jax.device_put(x_noisy, NamedSharding(mesh, P("data", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))
    ema_w = ema_update(w, w * 1.01)

    def denoise_metrics(x, w, ema_w):
        eps = jnp.tanh(x @ w)
        eps_ema = jnp.tanh(x @ ema_w)
        mse = jax.lax.psum(jnp.sum((eps - eps_ema) ** 2), "model")
        metrics = {"mse": mse, "scale": jnp.sum(jnp.abs(eps))}
        return jax.lax.pmean(metrics["mse"], mesh.axis_names)

    return jax.shard_map(denoise_metrics, mesh=mesh,
                         in_specs=(P("data", None), P(None, "model"), P(None, "model")), out_specs=P())(x_noisy, w, ema_w)


if __name__ == "__main__":
    print(main(*inputs()))
