"""A spec helper builds P from a JSON config's entries and adds `reduced=` only `if reduced:`,
the config's list (not empty, so that branch is taken). The export's out spec lists "batch" but
the images are split over ("batch", "spatial") on their first dimension: the gather takes both
axes to reduced, and "spatial" is not listed."""
import json

import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

CONFIG = json.loads("""
{
  "image_spec": [["batch", "spatial"], null],
  "export_spec": [null, null],
  "export_reduced": ["batch"]
}
""")


def spec_from(entries, reduced=None):
    spec = tuple(tuple(e) if isinstance(e, list) else e for e in entries)
    if reduced:
        return P(*spec, reduced=set(reduced))
    return P(*spec)


def export(x):
    return top_level_all_gather(x, spec_from(CONFIG["export_spec"], CONFIG["export_reduced"]))  # SF104


def main():
    mesh = jax.make_mesh((4, 2), ("batch", "spatial"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, spec_from(CONFIG["image_spec"])))
        return export(x)


if __name__ == "__main__":
    main()
