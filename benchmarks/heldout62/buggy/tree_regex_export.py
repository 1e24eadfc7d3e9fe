"""Export layouts chosen by regex rules over '/'-joined parameter paths (first match wins)."""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN_LAYOUT = P("rows", "cols")
EXPORT_RULES = [
    (r"(^|/)kernel$", P(None, "cols", reduced={"rows"})),
    (r"(^|/)scale$", P("rows", None)),
    (r".*", P(None, None, reduced={"rows", "cols"})),
]


def path_str(path):
    return "/".join(str(getattr(k, "key", k)) for k in path)


def match_spec(path, rules=EXPORT_RULES):
    for pattern, spec in rules:
        if re.search(pattern, path):
            return spec
    raise KeyError(path)


def export(params):
    leaves, treedef = jax.tree_util.tree_flatten_with_path(params)
    out = []
    for path, leaf in leaves:
        out.append(top_level_all_gather(leaf, match_spec(path_str(path))))
    return jax.tree_util.tree_unflatten(treedef, out)


def inputs():
    rng = np.random.default_rng(26)
    return {"decoder": {"kernel": rng.normal(size=(8, 8)).astype(np.float32),
                        "scale": np.ones((8, 8), np.float32)}},


def main(params):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    params = jax.device_put(params, NamedSharding(mesh, TRAIN_LAYOUT))
    with jax.set_mesh(mesh):
        return export(params)


if __name__ == "__main__":
    main(*inputs())
