"""A threading.local attribute set in the main thread is not set in a pool worker."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import concurrent.futures
import threading


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


state = threading.local()


def job():
    return getattr(state, "axes", ("i",))


def main(mesh, x):
    state.axes = ("i", "j")
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        axes = pool.submit(job).result()
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
