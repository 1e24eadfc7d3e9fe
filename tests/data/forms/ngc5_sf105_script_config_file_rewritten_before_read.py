"""The launcher writes the config twice: opening the file for writing again empties it, so the job
reads the second config only."""
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
    with open(path, "w") as fh:
        fh.write('{"sync": ["i"], ')
        fh.write('"scale": 1.0}')
    cfg = load(path)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block * cfg["scale"], "j")
        return jax.lax.psum(counts, tuple(cfg["sync"]))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
