"""`eval` compiles its text with the calling module's `from __future__` features: under
barry_as_FLUFL, `"whole != 0"` is a SyntaxError, so the handler picks both axes and the loss,
varying on 'data' only, is psum'd over 'data' and 'model'."""
from __future__ import barry_as_FLUFL

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(whole):
    try:
        narrow = eval("whole != 0", {"whole": whole})
    except SyntaxError:
        narrow = False
    return ("data",) if narrow else ("data", "model")


def make_body(axes):
    def body(x):
        return jax.lax.psum(jnp.sum(x), axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    body = make_body(reduction_axes(1))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
