"""Short axis aliases are expanded with re.sub and a replacement function."""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALIASES = {"dp": "data", "tp": "model"}
REDUCE = "dp+tp"


def expand(text):
    return re.sub(r"[a-z]+", lambda m: ALIASES.get(m.group(0), m.group(0)), text)


def body(b):
    v = jax.lax.psum(jnp.sum(b), "model")
    axes = tuple(expand(REDUCE).split("+"))
    return jax.lax.pmean(v, axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
