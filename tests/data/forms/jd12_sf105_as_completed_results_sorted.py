"""Two probes run on a thread pool and their results are collected with `as_completed`, in
whichever order they finish, then sorted: ("data", "model") in every order, over which the psum
of a value varying on "data" only raises."""
from concurrent.futures import ThreadPoolExecutor, as_completed

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def probe(name):
    return name.strip().lower()


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    with ThreadPoolExecutor() as pool:
        futures = [pool.submit(probe, name) for name in (" MODEL", "DATA ")]
        axes = tuple(sorted(future.result() for future in as_completed(futures)))
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
