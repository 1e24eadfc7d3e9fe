# DDPM sampling loop (notebook): run the reverse process, then save the samples per feature shard.
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("batch", "feat"))
T = 5
betas = np.linspace(1e-4, 0.02, T).astype(np.float32)


def reverse_step(x, t):
    return (x - betas[t] * x) / np.sqrt(1.0 - betas[t])


def inputs():
    rng = np.random.default_rng(3)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(x):
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P("batch", "feat")))
        for t in reversed(range(T)):
            x = reverse_step(x, t)
        by_feature = top_level_all_gather(x, P("feat", None, reduced={"batch"}))
    return by_feature


if __name__ == "__main__":
    main(*inputs())
