import contextlib
import os
import tempfile

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def host_rows(preds):
    return np.asarray(top_level_all_gather(preds, P(None, reduced={"i"})))  # SF104: no context mesh on the way


def write_report(preds, path):
    with open(path, "w") as f, contextlib.suppress(OSError):
        f.write(str(host_rows(preds).sum()))


def main(mesh, x):
    with jax.set_mesh(mesh):
        preds = jax.device_put(x, NamedSharding(mesh, P("i"))) + 1.0
    with tempfile.TemporaryDirectory() as out:
        write_report(preds, os.path.join(out, "report.txt"))
    return preds


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32))
