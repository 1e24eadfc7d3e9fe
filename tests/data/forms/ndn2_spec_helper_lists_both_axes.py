"""dn2's helper, with a config listing both axes the images' first dimension is split over:
`if reduced:` takes the branch that adds them, and the whole gather is what JAX accepts."""
import json

import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

CONFIG = json.loads("""
{
  "image_spec": [["batch", "spatial"], null],
  "export_spec": [null, null],
  "export_reduced": ["batch", "spatial"]
}
""")


def spec_from(entries, reduced=None):
    spec = tuple(tuple(e) if isinstance(e, list) else e for e in entries)
    if reduced:
        return P(*spec, reduced=set(reduced))
    return P(*spec)


def export(x):
    return top_level_all_gather(x, spec_from(CONFIG["export_spec"], CONFIG["export_reduced"]))  # none


def main():
    mesh = jax.make_mesh((4, 2), ("batch", "spatial"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, spec_from(CONFIG["image_spec"])))
        return export(x)


if __name__ == "__main__":
    main()
