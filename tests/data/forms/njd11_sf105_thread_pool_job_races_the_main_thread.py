"""The job reads the layout table while the main thread rewrites it: the worker may read it
before or after the change, so the axes are ("data", "model") in some runs and ("data",) in
others; the run is silent (here the worker usually wins and nothing raises)."""
from concurrent.futures import ThreadPoolExecutor

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"axes": ("data",)}


def load_layout():
    return LAYOUT["axes"]


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    with ThreadPoolExecutor(max_workers=1) as pool:
        future = pool.submit(load_layout)
        LAYOUT["axes"] = ("data", "model")
        axes = future.result()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
