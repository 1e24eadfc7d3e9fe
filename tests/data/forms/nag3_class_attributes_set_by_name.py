import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Opts:
    axes = ("i", "j")


class Metrics:
    axes = ("i", "j")


class Sync:
    axes = ("i", "j")


class Frozen:
    axes = ("i", "j")


def apply(obj, overrides):
    for key, value in overrides.items():
        setattr(obj, key.replace("-", "_"), value)
    return obj


def run(mesh, x):
    opts = apply(Opts(), {"axes": ("i",)})
    metrics = Metrics()
    vars(metrics)["axes"] = ("i",)
    sync = Sync()
    sync.__dict__.update(axes=("i",))
    frozen = Frozen()
    object.__setattr__(frozen, "axes", ("i",))

    def body(v):
        s = jnp.sum(v, axis=0)
        a = jax.lax.psum(s, opts.axes)  # none: setattr by a computed name
        b = jax.lax.psum(s, metrics.axes)  # none: vars(obj)[key] = ...
        c = jax.lax.psum(s, sync.axes)  # none: obj.__dict__.update(...)
        d = jax.lax.psum(s, frozen.axes)  # none: object.__setattr__
        return a + b + c + d

    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
