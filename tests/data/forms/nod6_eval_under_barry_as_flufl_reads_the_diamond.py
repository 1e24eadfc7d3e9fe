"""As od6, but the text is spelled `"whole <> 0"`, which barry_as_FLUFL lends `eval` as `!=`:
the text is true, the axes are ('data',) and the psum is accepted."""
from __future__ import barry_as_FLUFL

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes(whole):
    try:
        narrow = eval("whole <> 0", {"whole": whole})
    except SyntaxError:
        narrow = False
    return ("data",) if narrow else ("data", "model")


def make_body(axes):
    def body(x):
        return jax.lax.psum(jnp.sum(x), axes)  # none

    return body


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    body = make_body(reduction_axes(1))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
