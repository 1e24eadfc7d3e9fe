"""The register decorator wraps each reducer to cast the axes the value is not split on to varying before it runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCERS = {}


def register(name, cast=None):
    def deco(fn):
        def wrapped(v):
            if cast is not None:
                v = jax.lax.pcast(v, cast, to="varying")
            return fn(v)
        REDUCERS[name] = wrapped
        return fn
    return deco


@register("all")
def _all(v):
    return jax.lax.psum(v, ("data", "model"))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        return REDUCERS["all"](block.sum(axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
