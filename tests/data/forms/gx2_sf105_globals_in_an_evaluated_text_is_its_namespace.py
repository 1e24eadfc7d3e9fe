"""Inside `eval(text, namespace)`, `globals()` is the namespace eval was given (with the
`__builtins__` key eval adds), not the calling module's: 2 names, so both axes are picked."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    return ("data", "model") if eval("len(globals())", {"k": 1}) == 2 else ("data",)


def make_body(axes):
    def body(x):
        return jax.lax.psum(jnp.sum(x), axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    body = make_body(reduction_axes())
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
