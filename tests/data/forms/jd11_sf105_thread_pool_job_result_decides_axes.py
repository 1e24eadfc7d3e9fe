"""A worker of a thread pool reads the layout (`pool.submit(...).result()`) and the names are
normalised by `pool.map`: whenever the jobs run, they read and change nothing shared, so the axes
are ("data", "model"), over which the psum of a value varying on "data" only raises."""
from concurrent.futures import ThreadPoolExecutor

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {"dp": ["DATA"], "dp+tp": ["DATA", "MODEL"]}


def load_layout(name):
    return list(LAYOUTS[name])


def normalise(axis):
    return axis.lower()


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    with ThreadPoolExecutor(max_workers=2) as pool:
        names = pool.submit(load_layout, "dp+tp").result()
        axes = tuple(pool.map(normalise, names))
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
