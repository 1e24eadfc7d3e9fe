"""DiT patch embedding with learned positional tables; models looked up in a registry by name."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_REGISTRY = {}


def register_model(name):
    def wrap(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return wrap


@dataclasses.dataclass
class ModelArgs:
    patch: int = 2
    hidden: int = 8
    mesh_axes: tuple = ("batch", "tp")


class PatchEmbed:
    def __init__(self, args: ModelArgs):
        self.patch = args.patch
        self.batch_axis, self.tp_axis = args.mesh_axes

    def pos_table(self, pos):
        return jax.lax.all_gather(pos, self.tp_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, pos):
        table = self.pos_table(pos)
        return jax.lax.all_gather(table, (self.batch_axis, self.tp_axis), axis=0, tiled=True,
                                  to="reduced")


@register_model("DiT-S/2")
class DiTSmall:
    def __init__(self, args: ModelArgs):
        self.embed = PatchEmbed(args)

    def positional(self, pos):
        return self.embed(pos)


def inputs():
    return (np.linspace(-1.0, 1.0, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(pos):
    args = ModelArgs()
    mesh = jax.make_mesh((4, 2), args.mesh_axes)
    pos = jax.device_put(pos, NamedSharding(mesh, P(*args.mesh_axes)))
    model = MODEL_REGISTRY["DiT-S/2"](args)
    return jax.shard_map(model.positional, mesh=mesh, in_specs=P(*args.mesh_axes),
                         out_specs=P(None, None, reduced={"batch", "tp"}))(pos)


if __name__ == "__main__":
    main(*inputs())
