import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


DEFAULTS = {"sum_over": "model", "gather_over": "data", "tiled": True}
OVERRIDES = {"gather_over": "model"}


def settings(**extra):
    return {**DEFAULTS, **OVERRIDES, **extra}


def body(block):
    opts = settings()
    s = jax.lax.psum(block, opts["sum_over"])
    return jax.lax.all_gather(s, opts["gather_over"], axis=1,
                              tiled=opts["tiled"], to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P("data", None, reduced={"model"}))
    return f(x)


if __name__ == "__main__":
    main()
