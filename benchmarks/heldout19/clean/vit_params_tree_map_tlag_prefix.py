"""ViT parameters placed by a spec tree; the head gathered along a valid prefix."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

PARAM_SPECS = {"patch_embed": P(None, "tensor"), "head": P(("data", "tensor"), None)}


def main(params):
    mesh = jax.make_mesh((4, 2), ("data", "tensor"))
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)),
                              params, PARAM_SPECS)
        head = top_level_all_gather(placed["head"], P("data", None, reduced={"tensor"}))
        return jax.reshard(head, P("data", None))


def inputs():
    rng = np.random.default_rng(105)
    return ({"patch_embed": rng.standard_normal((48, 16), dtype=np.float32),
             "head": rng.standard_normal((16, 10), dtype=np.float32)},)
