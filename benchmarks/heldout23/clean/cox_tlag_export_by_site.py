import json

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = json.loads("""
{
  "mesh": {"shape": [2, 4], "axes": ["site", "patients"]},
  "layout": {"train_order": ["site", "patients"], "export_order": ["site"]}
}
""")


def rows_spec(order):
    return P(tuple(order), None)


def standardise(cov):
    return (cov - cov.mean(axis=0)) / cov.std(axis=0)


def main(cov):
    mesh = jax.make_mesh(tuple(CONFIG["mesh"]["shape"]), tuple(CONFIG["mesh"]["axes"]))
    cov = jax.device_put(cov, NamedSharding(mesh, P()))
    with jax.set_mesh(mesh):
        cov = jax.reshard(standardise(cov), rows_spec(CONFIG["layout"]["train_order"]))
        by_site = top_level_all_gather(cov, P("site", None, reduced={"patients"}))
        exported = jax.reshard(by_site, rows_spec(CONFIG["layout"]["export_order"]))
    return exported


def inputs():
    rng = np.random.default_rng(53)
    return (rng.normal(size=(64, 6)).astype(np.float32),)


if __name__ == "__main__":
    print(main(*inputs()).sharding)
