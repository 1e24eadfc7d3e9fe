"""A launcher writes the job's config into a fresh temporary directory; the job reads it back."""
import json
import os
import tempfile

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"sync": ["i", "j"], "scale": 2.0}


def load(path):
    with open(path) as fh:
        return json.load(fh)


def main():
    path = os.path.join(tempfile.mkdtemp(), "job.json")
    with open(path, "w") as fh:
        json.dump(CONFIG, fh)
    cfg = load(path)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block * cfg["scale"], "j")
        return jax.lax.psum(counts, tuple(cfg["sync"]))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
