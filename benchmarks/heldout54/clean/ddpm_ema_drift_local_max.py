# Diffusion training notebook: EMA of the denoiser weights, and the largest EMA drift we log.
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "feat"))
decay = 0.999


def ema_update(ema, new):
    return jax.tree.map(lambda e, n: decay * e + (1.0 - decay) * n, ema, new)


def max_drift(ema_w, w):
    d = jnp.abs(ema_w - w)
    return jax.lax.pmax(d.max(axis=1), "feat")


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(w, w_new):
    ema = {"w": w}
    for _ in range(3):
        ema = ema_update(ema, {"w": w_new})
    spec = P("batch", "feat")
    a, b = jax.device_put((ema["w"], w_new), NamedSharding(mesh, spec))
    return jax.shard_map(max_drift, mesh=mesh, in_specs=(spec, spec), out_specs=P("batch"))(a, b)


if __name__ == "__main__":
    main(*inputs())
