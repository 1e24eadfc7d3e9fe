"""As od2, but the second stage is `functools.partial(BOTH, axis=1)` of a partial BOTH that binds the
axes: a partial of a partial is flattened, so its keywords hold BOTH's `axis_name` too, and the
rebuilt stage gathers over both axes a value already reduced on 'data'."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BOTH = functools.partial(jax.lax.all_gather, axis_name=["data", "model"], tiled=True, to="reduced")
STAGES = [
    functools.partial(jax.lax.all_gather, axis_name=["data"], axis=0, tiled=True, to="reduced"),
    functools.partial(BOTH, axis=1),
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
