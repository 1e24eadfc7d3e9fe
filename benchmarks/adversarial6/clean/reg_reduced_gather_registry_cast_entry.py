"""A registry of pre-gather transforms: the entry used casts a psum result back to varying before the reduced gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PREP = {}


def register(name):
    def deco(fn):
        PREP[name] = fn
        return fn
    return deco


@register("plain")
def _plain(v):
    return v


@register("vary")
def _vary(v):
    return jax.lax.pcast(v, "data", to="varying")


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        s = jax.lax.psum(block, "data")
        s = PREP["vary"](s)
        return jax.lax.all_gather(s, "data", to="reduced", tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
