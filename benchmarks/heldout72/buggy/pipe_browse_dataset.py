"""tools/misc/browse_dataset.py: gather pipeline outputs back for visual inspection."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

DATA_LAYOUT = P("data", "view", None)
BROWSE_LAYOUTS = {
    "img": P(None, "view", None, reduced={"data"}),
    "depth": P(None, "view", None, reduced={"data"}),
}


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Browse a dataset")
    parser.add_argument("--task", default="multi-view_det")
    parser.add_argument("--show-interval", type=float, default=2.0)
    return parser.parse_args(argv)


def gather_for_show(results, keys):
    return {key: top_level_all_gather(results[key], BROWSE_LAYOUTS[key]) for key in keys}


def inputs():
    rng = np.random.default_rng(53)
    return (rng.uniform(0, 255, size=(4, 8, 6)).astype(np.float32),
            rng.uniform(1, 60, size=(4, 8, 6)).astype(np.float32))


def main(img, depth, argv=()):
    args = parse_args(list(argv))
    mesh = jax.make_mesh((2, 4), ("data", "view"))
    results = dict(img=jax.device_put(img, NamedSharding(mesh, DATA_LAYOUT)),
                   depth=jax.device_put(depth, NamedSharding(mesh, DATA_LAYOUT)))
    keys = ["img", "depth"] if args.task == "multi-view_det" else ["img"]
    with mesh:
        shown = gather_for_show(results, keys)
    return shown


if __name__ == "__main__":
    main(*inputs())
