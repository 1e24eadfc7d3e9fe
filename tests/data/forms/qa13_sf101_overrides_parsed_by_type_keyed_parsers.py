"""pyconfig-style overrides: each `key=value` text is turned into its base value's type by a table
keyed by builtin types (`type(base[k]) in PARSERS`, `PARSERS[type(base[k])](text)`), keys counted
with `enumerate(..., start=1)`; the parsed 'log_axis' is 'data', where the psum result is
invariant: gathered to reduced over 'data'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PARSERS = {str: str, int: int, float: float, bool: lambda text: text.lower() == "true"}
BASE = {"log_axis": "model", "data_parallelism": 4, "scale": 1.0, "log": False}


def initialize(argv):
    given = dict(arg.split("=", 1) for arg in argv[1:])
    raw = {}
    for count, key in enumerate(BASE, start=1):
        text = given.get(key)
        if text is None:
            raw[key] = BASE[key]
        elif type(BASE[key]) in PARSERS:
            raw[key] = PARSERS[type(BASE[key])](text)
        else:
            raise ValueError(f"key {count} ({key}) takes no override")
    return raw


def main():
    cfg = initialize(["train.py", "log_axis=data", "log=true"])
    mesh = jax.make_mesh((cfg["data_parallelism"], 2), ("data", "model"))
    axis = cfg["log_axis"]

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
