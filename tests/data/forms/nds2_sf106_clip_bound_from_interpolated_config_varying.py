import re

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

RAW = {"axes": {"fsdp": "data"}, "clip": {"axis": "${axes.fsdp}", "gather": "varying", "bound": "1.5"}}
_REF = re.compile(r"\$\{([\w.]+)\}")


def lookup(tree, dotted):
    for part in dotted.split("."):
        tree = tree[part]
    return tree


def resolve(tree, root=None):
    root = tree if root is None else root
    if isinstance(tree, dict):
        return {key: resolve(value, root) for key, value in tree.items()}
    whole = _REF.fullmatch(tree)
    return lookup(root, whole.group(1)) if whole else tree


def clipped(grads, clip):
    full = jax.lax.all_gather(grads, clip["axis"], to=clip["gather"], tiled=True)
    return jnp.clip(full, -float(clip["bound"]), float(clip["bound"]))


def main():
    config = resolve(RAW)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    step = jax.shard_map(lambda g: clipped(g, config["clip"]), mesh=mesh, in_specs=P("data"),
                         out_specs=P("data"))
    return step(jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("data"))))


if __name__ == "__main__":
    main()
