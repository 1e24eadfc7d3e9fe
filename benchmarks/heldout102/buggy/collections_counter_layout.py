"""Weight export whose replicated axes are chosen by a collections.Counter over the layout."""
import collections

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {"w_up": ("data", "model"), "w_gate": ("data", "model"), "w_down": ("model", "data")}


def most_common_layout():
    return collections.Counter(LAYOUTS.values()).most_common(1)[0][0]


def export(weights, mesh):
    row_axis, col_axis = most_common_layout()
    with jax.set_mesh(mesh):
        out = {}
        for name, w in weights.items():
            w = jax.device_put(w, NamedSharding(mesh, P(*LAYOUTS[name])))
            out[name] = top_level_all_gather(w, P(None, col_axis))
    return out


def inputs():
    rng = np.random.default_rng(13)
    return ({k: rng.normal(size=(8, 8)).astype(np.float32) for k in LAYOUTS},)


def main(weights):
    return export(weights, jax.make_mesh((4, 2), ("data", "model")))


if __name__ == "__main__":
    main(*inputs())
