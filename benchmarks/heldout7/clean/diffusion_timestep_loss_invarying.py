"""DDPM loss-weighting table: per-timestep losses summed over data and shared invariant."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, WIDTH = "data", "width"


def schedule(n):
    betas = jnp.linspace(1e-4, 0.02, n)
    return jnp.cumprod(1.0 - betas)


def inputs():
    rng = np.random.default_rng(100)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(x0, eps):
    mesh = jax.make_mesh((2, 4), (DATA, WIDTH))
    spec = P(DATA, WIDTH)
    x0, eps = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (x0, eps))
    abar = schedule(16)

    def step(x0, eps):
        a = abar[: x0.shape[1]]
        xt = jnp.sqrt(a) * x0 + jnp.sqrt(1 - a) * eps
        per_t = jax.lax.psum(jnp.sum((jnp.tanh(xt) - eps) ** 2, axis=0), DATA)
        table = jax.lax.all_gather(per_t, DATA, tiled=True, to="invarying")
        return table / jnp.sum(table)

    return jax.shard_map(step, mesh=mesh, in_specs=(spec, spec), out_specs=P(WIDTH))(x0, eps)


if __name__ == "__main__":
    print(main(*inputs()))
