"""An argv string parsed in pairs: `for flag in it: opts[flag] = next(it)` walks one iterator made
before the loop, the `next` taking each flag's value, so the gather is over the summed "j"."""
import shlex

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ARGV = "--sum j --gather j"


def parse(text):
    it = iter(shlex.split(text))
    opts = {}
    for flag in it:
        opts[flag.lstrip("-")] = next(it)
    return opts


def main():
    opts = parse(ARGV)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, opts["sum"])
        return jax.lax.all_gather(total, opts["gather"], axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


if __name__ == "__main__":
    main()
