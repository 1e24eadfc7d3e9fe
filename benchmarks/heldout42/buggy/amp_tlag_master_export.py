"""Saving fp32 master weights next to the bf16 compute copy (optimizer-state export)."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "model"))

EXPORT_LAYOUTS = {
    "master": P(None, None, reduced={"data"}),
    "compute": P("data", None),
}


class MasterWeights:
    def __init__(self, values):
        self.values = values

    @classmethod
    def create(cls, shape):
        w = jnp.linspace(-0.5, 0.5, shape[0] * shape[1], dtype=jnp.float32).reshape(shape)
        return cls(jax.device_put(w, NamedSharding(MESH, P("data", None))))

    def export(self, kind="master"):
        return top_level_all_gather(self.values, EXPORT_LAYOUTS[kind])


def inputs():
    return (MasterWeights.create((8, 16)),)


def main(master):
    return master.export()


if __name__ == "__main__":
    main(*inputs())
