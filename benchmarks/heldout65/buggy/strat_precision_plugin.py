"""Precision plugins chosen by name; the mixed-precision plugin unscales gathered gradients."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Precision:
    def __init__(self, scale=None):
        self.scale = scale

    def unscale_gradients(self, grads):
        return grads


class MixedPrecision(Precision):
    def unscale_gradients(self, grads):
        return jax.tree.map(lambda g: g / self.scale, grads)


PRECISION_PLUGINS = {"32-true": Precision, "16-mixed": MixedPrecision}


class DDPStrategy:
    def __init__(self, mesh, precision):
        self.mesh = mesh
        self.precision = precision

    def all_gather(self, tree):
        return jax.tree.map(lambda g: jax.lax.all_gather(g, "dp", tiled=True, to="reduced"), tree)

    def optimizer_step(self, grads, scale):
        self.precision.scale = scale
        return self.precision.unscale_gradients(self.all_gather(grads))


def inputs():
    rng = np.random.default_rng(18)
    return rng.normal(size=(8, 4)).astype(np.float32) * 1024.0, np.array(1024.0, np.float32)


def main(grads, scale):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    strategy = DDPStrategy(mesh, PRECISION_PLUGINS["16-mixed"]())
    grads = jax.device_put(grads, NamedSharding(mesh, P("dp", "tp")))
    scale = jax.device_put(scale, NamedSharding(mesh, P()))
    fn = jax.shard_map(lambda g, s: strategy.optimizer_step({"w": g}, s), mesh=mesh,
                       in_specs=(P("dp", "tp"), P()), out_specs={"w": P(None, "tp", reduced={"dp"})})
    return fn(grads, scale)


if __name__ == "__main__":
    main(*inputs())
