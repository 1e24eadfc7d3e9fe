"""VAE training loop, cell 5: the ELBO we print every few steps."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class TrainCfg:
    steps: int = 3
    lr: float = 1e-2
    log_axes: tuple = ("dp", "mp")


cfg = TrainCfg()
mesh = jax.make_mesh((2, 4), ("dp", "mp"))


def elbo(x, w, eps):
    z = x @ w + eps
    recon = jnp.mean((z @ w.T - x) ** 2)
    kl = 0.5 * jnp.mean(z ** 2)
    return -(recon + kl)


def logged_elbo(x, w, eps):
    local = elbo(x, w, eps)
    local = jax.lax.pmean(local, "mp")
    return jax.lax.pmean(local, cfg.log_axes)


def inputs():
    rng = np.random.default_rng(4)
    return rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(6, 3)).astype(np.float32)


def main(x, w):
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    history = []
    for step in range(cfg.steps):
        eps = jax.device_put(np.full((16, 3), 0.1 * step, np.float32), NamedSharding(mesh, P("dp", None)))
        wp = jax.device_put(w - cfg.lr * step, NamedSharding(mesh, P()))
        f = jax.shard_map(logged_elbo, mesh=mesh, in_specs=(P("dp", None), P(), P("dp", None)), out_specs=P())
        history.append(f(x, wp, eps))
    return jnp.stack(history)


if __name__ == "__main__":
    main(*inputs())
