"""A DDPM training step: the noise prediction is compared with the target on each data shard;
the per-example weights are gathered to every device and the weighted loss summed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_STEPS = 10


def alpha_bar(t):
    return jnp.cos((t / NUM_STEPS) * jnp.pi / 2) ** 2


def train_step(params, x0, noise, t):
    ab = alpha_bar(t)[:, None]
    xt = jnp.sqrt(ab) * x0 + jnp.sqrt(1 - ab) * noise
    pred = xt @ params
    per_ex = jnp.mean((pred - noise) ** 2, axis=-1)
    weights = jax.lax.all_gather(per_ex, "data", tiled=True, to="reduced")
    total = jax.lax.psum(jnp.sum(weights), "data")
    return total


def inputs():
    params = np.eye(4, dtype=np.float32)
    x0 = np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0
    noise = np.ones((16, 4), np.float32) * 0.1
    t = np.arange(16, dtype=np.float32) % NUM_STEPS
    return params, x0, noise, t


def main(params, x0, noise, t):
    mesh = jax.make_mesh((8,), ("data",))
    params = jax.device_put(params, NamedSharding(mesh, P()))
    x0, noise, t = (jax.device_put(a, NamedSharding(mesh, P("data"))) for a in (x0, noise, t))
    step = jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P("data"), P("data"), P("data")),
                         out_specs=P())
    return step(params, x0, noise, t)


if __name__ == "__main__":
    print(main(*inputs()))
