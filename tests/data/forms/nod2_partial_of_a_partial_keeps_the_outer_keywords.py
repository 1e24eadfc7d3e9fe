"""As od2, but the second stage is a partial of a partial whose own `axis_name` is ["model"]: the
partial is flattened (its func is all_gather, its keywords the inner ones updated by the outer
ones), so the rebuilt stage gathers over 'model' only, where the value still varies."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BOTH = functools.partial(jax.lax.all_gather, axis_name=["data", "model"], axis=1, tiled=True, to="reduced")
STAGES = [
    functools.partial(jax.lax.all_gather, axis_name=["data"], axis=0, tiled=True, to="reduced"),
    functools.partial(BOTH, axis_name=["model"]),
]


def tupled(stage):
    kw = dict(stage.keywords)
    kw["axis_name"] = tuple(kw["axis_name"])
    return functools.partial(stage.func, *stage.args, **kw)


def make_body(stages):
    def body(kernel):
        out = stages[0](kernel)
        return stages[1](out)  # none

    return body


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", "model")))
    body = make_body([tupled(stage) for stage in STAGES])
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(x)


if __name__ == "__main__":
    main()
