"""ViT parameters placed by a spec tree; the classifier head is gathered for a host-side probe."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

PARAM_SPECS = {
    "patch_embed": P(None, "tensor"),
    "pos_embed": P(None, None),
    "head": P(("data", "tensor"), None),
}


def init(rng):
    return {
        "patch_embed": rng.standard_normal((48, 16), dtype=np.float32),
        "pos_embed": rng.standard_normal((16, 16), dtype=np.float32),
        "head": rng.standard_normal((16, 10), dtype=np.float32),
    }


def sgd_momentum(params, grads, momentum, lr=0.1, beta=0.9):
    momentum = jax.tree.map(lambda m, g: beta * m + g, momentum, grads)
    params = jax.tree.map(lambda p, m: p - lr * m, params, momentum)
    return params, momentum


def main(params):
    mesh = jax.make_mesh((4, 2), ("data", "tensor"))
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)),
                              params, PARAM_SPECS)
        grads = jax.tree.map(lambda p: 0.01 * p, placed)
        momentum = jax.tree.map(jnp.zeros_like, placed)
        placed, momentum = sgd_momentum(placed, grads, momentum)
        head = top_level_all_gather(placed["head"], P("tensor", None, reduced={"data"}))
        return head.sum()


def inputs():
    return (init(np.random.default_rng(13)),)
