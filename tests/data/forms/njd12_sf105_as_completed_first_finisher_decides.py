"""The layout is whichever probe finishes first (`as_completed` then `break`): ("data", "model")
or ("data",) depending on the threads' timing, so the run is silent."""
from concurrent.futures import ThreadPoolExecutor, as_completed

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def probe(axes):
    return tuple(axes)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    with ThreadPoolExecutor() as pool:
        futures = [pool.submit(probe, axes) for axes in (["data"], ["data", "model"])]
        for future in as_completed(futures):
            axes = future.result()
            break
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
