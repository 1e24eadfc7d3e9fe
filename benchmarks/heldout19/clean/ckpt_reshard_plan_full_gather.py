"""Restore onto a 3-D mesh, then gather the whole dimension and reshard to the serving layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SAVED_LAYOUT = {"mlp/wi": P(("replica", "fsdp", "tp"), None)}
SERVING = {"mlp/wi": P(("replica", "fsdp"), None)}


def main(ckpt):
    mesh = jax.make_mesh((2, 2, 2), ("replica", "fsdp", "tp"))
    with jax.set_mesh(mesh):
        tree = {k: jax.device_put(v, NamedSharding(mesh, SAVED_LAYOUT[k])) for k, v in ckpt.items()}
        out = {}
        for name, target in SERVING.items():
            full = top_level_all_gather(tree[name], P(None, None, reduced={"replica", "fsdp", "tp"}))
            out[name] = jax.reshard(full, target)
        return out


def inputs():
    return ({"mlp/wi": np.random.default_rng(109).standard_normal((16, 4), dtype=np.float32)},)
