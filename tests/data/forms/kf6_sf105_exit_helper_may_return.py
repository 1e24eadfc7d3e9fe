"""`exit_if_dry_run` leaves only when its flag is set; here it is not, so the reduction over
("data", "model") of a value varying on "data" only runs, and raises."""
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def exit_if_dry_run(dry_run):
    if dry_run:
        print("dry run: nothing reduced")
        sys.exit(0)


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    exit_if_dry_run(False)
    return reduce(mesh, x, ("data", "model"))


if __name__ == "__main__":
    main()
