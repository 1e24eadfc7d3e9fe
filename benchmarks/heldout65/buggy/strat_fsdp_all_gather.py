"""FSDP strategy registered through __init_subclass__; all_gather over every mesh axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Strategy:
    registry = {}
    name = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.name:
            Strategy.registry[cls.name] = cls

    def __init__(self, mesh):
        self.mesh = mesh

    @classmethod
    def from_name(cls, name, mesh):
        return cls.registry[name](mesh)


class FSDPStrategy(Strategy):
    name = "fsdp"

    def __init__(self, mesh, shard_axis="tp"):
        super().__init__(mesh)
        self.shard_axis = shard_axis
        self.gather_axes = tuple(mesh.axis_names)

    def unshard(self, param):
        return jax.lax.all_gather(param, self.shard_axis, axis=1, tiled=True, to="reduced")

    def all_gather(self, tensor, axis=0):
        return jax.lax.all_gather(tensor, self.gather_axes, axis=axis, tiled=True, to="reduced")

    def export_param(self, param):
        full = self.unshard(param)
        return self.all_gather(jnp.tanh(full))


def inputs():
    rng = np.random.default_rng(16)
    return (rng.normal(size=(8, 8)).astype(np.float32),)


def main(param):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    strategy = Strategy.from_name("fsdp", mesh)
    param = jax.device_put(param, NamedSharding(mesh, P("dp", "tp")))
    fn = jax.shard_map(strategy.export_param, mesh=mesh, in_specs=P("dp", "tp"),
                       out_specs=P(None, None, reduced={"dp", "tp"}))
    return fn(param)


if __name__ == "__main__":
    main(*inputs())
