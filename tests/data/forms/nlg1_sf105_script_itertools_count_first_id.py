"""A flow framework numbers its runs with `itertools.count` read by `next`: the first run's id
picks the axes its step reduces over."""
import itertools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_run_ids = itertools.count(1)
LAYOUTS = {1: ("i",), 2: ("i", "j")}


def start_run():
    return next(_run_ids)


def main():
    pass  # (no warm-up run: this one takes id 1)
    axes = LAYOUTS[start_run()]
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        part = jax.lax.psum(block, "j")
        return jax.lax.psum(part, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
