"""The current reduction axis lives in thread-local state set by a scope."""
import threading

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_state = threading.local()


def set_axis(name):
    _state.axis = name


def current_axis(default="data"):
    return getattr(_state, "axis", default)


set_axis("model")


def body(b):
    cols = jax.lax.all_gather(b, "model", axis=1, tiled=True, to="reduced")
    return jax.lax.pmean(cols, current_axis())


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data"))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
