"""Launcher words paired with `dict(zip(it, it))`: zip takes the flag and then its value from the
one iterator, so the gather axis is the psum's "j"."""
import shlex

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ARGV = "train --sum j --gather j"


def main():
    it = iter(shlex.split(ARGV))
    command = next(it)
    opts = dict(zip(it, it))
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, opts["--sum"])
        return jax.lax.all_gather(total, opts["--gather"], axis=1, tiled=True, to="reduced")  # SF101

    print(command)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


if __name__ == "__main__":
    main()
