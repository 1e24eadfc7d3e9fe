"""a thread started through getattr(threading, 'Thread') sets its own thread-local axes: the main thread's stay ('data',)"""
import threading

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


TL = threading.local()
TL.axes = ("data",)


def work():
    TL.axes = ("data", "model")


def get_axes():
    worker = getattr(threading, "Thread")(target=work)
    worker.start()
    worker.join()
    return TL.axes


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
