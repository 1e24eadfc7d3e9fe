"""`thread_first(x, *forms)` asks `callable(form)` of each step: `jax.lax.psum` and `jnp.tanh` are
functions, called as they are; the gather then takes a value still varying over 'i'."""
import operator
from functools import partial, reduce

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def thread_first(x, *forms):
    step = lambda acc, form: form(acc) if callable(form) else form[0](acc, *form[1:])
    return reduce(step, forms, x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = thread_first(block, (operator.sub, 1.0), jnp.square, partial(jnp.sum, axis=0),
                             (jax.lax.psum, "j"), jnp.tanh)
        return jax.lax.all_gather(total, "i", to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"}))(x)


if __name__ == "__main__":
    main()
