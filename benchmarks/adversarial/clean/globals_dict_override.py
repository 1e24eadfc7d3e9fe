"""A plugin hook rewrites a module-level setting through globals() before training starts."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRIC_AXES = ("data", "model")


def apply_plugin(settings):
    globals().update(settings)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    apply_plugin({"METRIC_AXES": ("data",)})
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        return jax.lax.pmean(jnp.mean(b), METRIC_AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
