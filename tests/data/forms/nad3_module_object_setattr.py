import sys

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


def configure(**settings):
    for key, value in settings.items():
        setattr(sys.modules[__name__], key, value)


def body(v):
    return jax.lax.psum(jnp.sum(v), AXES)  # none: configure() rebinds AXES on the module object


def run(mesh, x):
    configure(AXES=("i",))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
