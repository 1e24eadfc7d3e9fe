"""Restore onto a 3-D mesh, then gather to the serving layout named in a reshard plan."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SAVED_LAYOUT = {"mlp/wi": P(("replica", "fsdp", "tp"), None), "mlp/wo": P(None, "tp")}
RESHARD_PLAN = {"mlp/wi": P(("replica", "fsdp"), None, reduced={"tp"}), "mlp/wo": None}


def restore(ckpt, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, SAVED_LAYOUT[k])) for k, v in ckpt.items()}


def to_serving(tree):
    out = {}
    for name, target in RESHARD_PLAN.items():
        if target is None:
            out[name] = tree[name]
            continue
        out[name] = top_level_all_gather(tree[name], target)
    return out


def main(ckpt):
    mesh = jax.make_mesh((2, 2, 2), ("replica", "fsdp", "tp"))
    with jax.set_mesh(mesh):
        tree = restore(ckpt, mesh)
        return to_serving(tree)


def inputs():
    rng = np.random.default_rng(33)
    return ({"mlp/wi": rng.standard_normal((16, 4), dtype=np.float32),
             "mlp/wo": rng.standard_normal((4, 8), dtype=np.float32)},)
