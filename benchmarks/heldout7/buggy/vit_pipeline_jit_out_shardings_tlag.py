"""ViT pipeline: the stage outputs of a jitted forward pass collected for a linear probe."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES = ("pipe", "data", "tensor")
ACT_SPEC = P(STAGES, None)


def vit_block(x, w):
    h = x @ w
    return x + jax.nn.gelu(h)


def inputs():
    rng = np.random.default_rng(23)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32) / 3


def main(tokens, w):
    mesh = jax.make_mesh((2, 2, 2), STAGES)
    tokens = jax.device_put(tokens, NamedSharding(mesh, ACT_SPEC))
    forward = jax.jit(vit_block, out_shardings=NamedSharding(mesh, ACT_SPEC))
    with jax.set_mesh(mesh):
        acts = forward(tokens, w)
        probe_in = top_level_all_gather(acts, P(("data", "tensor"), None, reduced={"pipe"}))
    return probe_in


if __name__ == "__main__":
    print(main(*inputs()))
