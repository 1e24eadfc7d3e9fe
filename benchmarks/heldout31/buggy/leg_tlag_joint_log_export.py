"""Export joint torque logs of a quadruped fleet for offline analysis."""
import dataclasses

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class LogLayout:
    live: P = dataclasses.field(default_factory=lambda: P(("robot", "leg"), None))
    export: P = dataclasses.field(default_factory=lambda: P("leg", None, reduced={"robot"}))


class TorqueLogger:
    def __init__(self, mesh, layout: LogLayout):
        self.mesh = mesh
        self.layout = layout
        self.buffer = None

    def record(self, torques):
        self.buffer = jax.device_put(torques, NamedSharding(self.mesh, self.layout.live))

    def export(self):
        return top_level_all_gather(self.buffer, self.layout.export)


def inputs():
    mesh = jax.make_mesh((4, 2), ("robot", "leg"))
    torques = jnp.cos(jnp.arange(16 * 12, dtype=jnp.float32)).reshape(16, 12)
    return mesh, torques


def main(mesh, torques):
    logger = TorqueLogger(mesh, LogLayout())
    with jax.set_mesh(mesh):
        logger.record(torques)
        return logger.export()
