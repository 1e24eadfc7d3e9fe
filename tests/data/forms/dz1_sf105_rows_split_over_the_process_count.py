"""The rows are split over the hosts by `16 // jax.process_count()` under a defensive handler, then
the job's config is read back from a file: a process count is at least 1, so the division never
raises into the handler and the run goes on to the wide reduce the config asks for."""
import json
import os
import tempfile

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"sync": ["i", "j"]}


def main():
    try:
        rows_per_host = 16 // jax.process_count()
    except ZeroDivisionError:
        raise SystemExit("no processes") from None
    path = os.path.join(tempfile.mkdtemp(), "job.json")
    with open(path, "w") as fh:
        json.dump(CONFIG, fh)
    with open(path) as fh:
        sync = tuple(json.load(fh)["sync"])
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x), rows_per_host


if __name__ == "__main__":
    main()
