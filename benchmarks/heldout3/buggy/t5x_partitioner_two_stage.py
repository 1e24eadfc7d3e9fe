"""A t5x-like partitioner: logical axis rules map parameter dims onto mesh axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

LOGICAL_AXIS_RULES = (("embed", "fsdp"), ("mlp", "tensor"), ("batch", None))


class Partitioner:
    def __init__(self, mesh, rules=LOGICAL_AXIS_RULES):
        self.mesh = mesh
        self.rules = dict(rules)

    def mesh_axes(self, *logical):
        return tuple(self.rules[name] for name in logical)

    def logical_spec(self, *logical):
        return P(*self.mesh_axes(*logical))

    def gather_params(self, w):
        embed, mlp = self.mesh_axes("embed", "mlp")
        stage1 = lax.all_gather(w, embed, axis=0, to="reduced", tiled=True)
        return lax.all_gather(stage1, (embed, mlp), axis=1, to="reduced", tiled=True)

    def partition(self, fn, in_logical, out_spec):
        return jax.jit(jax.shard_map(fn, mesh=self.mesh, in_specs=self.logical_spec(*in_logical),
                                     out_specs=out_spec))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    part = Partitioner(mesh)
    w = jax.device_put(w, NamedSharding(mesh, part.logical_spec("embed", "mlp")))
    f = part.partition(part.gather_params, ("embed", "mlp"), P(reduced={"fsdp", "tensor"}))
    return f(w)


if __name__ == "__main__":
    print(main(*inputs()))
