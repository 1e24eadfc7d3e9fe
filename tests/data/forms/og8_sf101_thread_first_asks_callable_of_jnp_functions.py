"""`thread_first(x, *forms)` asks `callable(form)` of each step: `jnp.square` is a function (JAX's
own, called as is), a tuple is `(fn, *args)`. The body gathers a psum result to reduced over the
axis it summed over."""
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
                             (jax.lax.psum, "i"))
        return jax.lax.all_gather(total, "i", to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


if __name__ == "__main__":
    main()
