"""A config's `_partial_` gathers name their axes as lists; a helper rebuilds each partial from its
fields, `kw = dict(stage.keywords)`, the list made a tuple, `functools.partial(stage.func, **kw)`.
The second stage gathers over both axes a value the first left reduced on 'data'."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES = [
    functools.partial(jax.lax.all_gather, axis_name=["data"], axis=0, tiled=True, to="reduced"),
    functools.partial(jax.lax.all_gather, axis_name=["data", "model"], axis=1, tiled=True, to="reduced"),
]


def tupled(stage):
    kw = dict(stage.keywords)
    kw["axis_name"] = tuple(kw["axis_name"])
    return functools.partial(stage.func, *stage.args, **kw)


def make_body(stages):
    def body(kernel):
        out = stages[0](kernel)
        return stages[1](out)  # SF102

    return body


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", "model")))
    body = make_body([tupled(stage) for stage in STAGES])
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(x)


if __name__ == "__main__":
    main()
