"""A config loader in plain Python: keys parsed by `re.match(..., re.M)` (a flag), unknown
overrides refused by `overrides.keys() - raw.keys()` (a set), the run named by `time.strftime`
(a str the run does not know), the `-1` size checked by `(count / known).is_integer()`; the log
axis is the largest: the psum result, invariant over 'data', is gathered to reduced over 'data'."""
import re
import time

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BASE = "data_parallelism: -1\nmodel_parallelism: 2"


def load(overrides):
    raw = {}
    for line in BASE.splitlines():
        found = re.match(r"^(\w+)_parallelism:\s*(-?\d+)$", line, re.M)
        raw[found.group(1)] = int(found.group(2))
    unknown = overrides.keys() - raw.keys()
    if unknown:
        raise KeyError(sorted(unknown))
    raw.update(overrides)
    raw["run_name"] = f"maxtext_{time.strftime('%Y%m%d-%H%M%S')}"
    return raw


def main():
    raw = load({"model": 2})
    known = raw["model"]
    fill = 8 / known
    assert fill.is_integer(), "the data size must fill the devices"
    shape = (int(fill), known)
    mesh = jax.make_mesh(shape, ("data", "model"))
    log_axis = max(zip(shape, ("data", "model")))[1]

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
