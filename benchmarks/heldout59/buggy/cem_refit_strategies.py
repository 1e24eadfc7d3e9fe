"""CEM refit strategies looked up by name; the 'full' strategy regathers the population."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REFIT = {}


def register(name):
    def deco(cls):
        REFIT[name] = cls
        cls.name = name
        return cls
    return deco


@register("per_env")
class PerEnvRefit:
    axes = ("pop",)

    def __call__(self, samples):
        return jax.lax.all_gather(samples, self.axes[0], axis=1, tiled=True, to="reduced")


@register("full")
class FullRefit(PerEnvRefit):
    axes = ("env", "pop")

    def __call__(self, samples):
        per_env = jax.lax.all_gather(samples, "pop", axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(per_env, self.axes, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.arange(4 * 32, dtype=np.float32).reshape(4, 32) / 32.0,)


def main(samples, strategy="full"):
    mesh = jax.make_mesh((2, 4), ("env", "pop"))
    spec = P("env", "pop")
    samples = jax.device_put(samples, NamedSharding(mesh, spec))
    refit = REFIT[strategy]()
    return jax.shard_map(refit, mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, reduced={"env", "pop"}))(samples)


if __name__ == "__main__":
    main(*inputs())
