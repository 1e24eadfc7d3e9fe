"""FNO lifting and projection layers applied as a list of named stages."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WIDTH_AXIS = "mode"


def gather_width(x):
    return jax.lax.all_gather(x, WIDTH_AXIS, axis=-1, tiled=True, to="reduced")


def dense(x, w):
    return x @ w


STAGES = (
    ("lift", None),
    ("gather", gather_width),
    ("act", jax.nn.gelu),
    ("pool", functools.partial(jnp.max, axis=-1)),
)


def apply(x, w_lift):
    for name, fn in STAGES:
        x = dense(x, w_lift) if name == "lift" else fn(x)
    return x


def inputs():
    rng = np.random.default_rng(21)
    return (rng.normal(size=(8, 3)).astype(np.float32),
            rng.normal(size=(3, 16)).astype(np.float32))


def main(a, w_lift):
    mesh = jax.make_mesh((2, 4), ("batch", WIDTH_AXIS))
    a = jax.device_put(a, NamedSharding(mesh, P("batch", None)))
    w_lift = jax.device_put(w_lift, NamedSharding(mesh, P(None, WIDTH_AXIS)))
    return jax.shard_map(apply, mesh=mesh, in_specs=(P("batch", None), P(None, WIDTH_AXIS)),
                         out_specs=P("batch"))(a, w_lift)


if __name__ == "__main__":
    print(main(*inputs()))
