"""ViT pipeline activations from a jitted block, gathered whole with every axis listed as reduced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES = ("pipe", "data", "tensor")
ACT = P(STAGES, None)


def block(x, w):
    return x + jax.nn.gelu(x @ w)


def inputs():
    rng = np.random.default_rng(111)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32) / 3


def main(x, w):
    mesh = jax.make_mesh((2, 2, 2), STAGES)
    x = jax.device_put(x, NamedSharding(mesh, ACT))
    fwd = jax.jit(block, out_shardings=NamedSharding(mesh, ACT))
    with jax.set_mesh(mesh):
        acts = fwd(x, w)
        full = top_level_all_gather(acts, P(None, None, reduced=set(STAGES)))
        return jax.reshard(full, P())


if __name__ == "__main__":
    print(main(*inputs()))
