"""Export the policy's value-head weights after DPO, laid out for the serving mesh."""
import enum

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Stage(str, enum.Enum):
    TRAIN = "train"
    SERVE = "serve"


LAYOUTS = {
    Stage.TRAIN: P(("data", "seq"), None),
    Stage.SERVE: P("seq", None, reduced={"data"}),
}


class CheckpointExporter:
    def __init__(self, mesh):
        self.mesh = mesh

    def place(self, w):
        return jax.device_put(w, NamedSharding(self.mesh, LAYOUTS[Stage.TRAIN]))

    def export(self, w):
        return top_level_all_gather(w, LAYOUTS[Stage.SERVE])


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    return mesh, jnp.arange(64.0).reshape(16, 4)


def main(mesh, head):
    exporter = CheckpointExporter(mesh)
    with jax.set_mesh(mesh):
        placed = exporter.place(head)
        return exporter.export(placed)


if __name__ == "__main__":
    main(*inputs())
