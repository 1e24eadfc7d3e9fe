"""ServerApp exports the final global model in the layout the serving fleet expects."""
from dataclasses import dataclass, field

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class ExportConfig:
    train_spec: P = field(default_factory=lambda: P("clients", "model"))
    serve_spec: P = field(default_factory=lambda: P(None, "model", reduced={"clients"}))
    fmt: str = "npz"


class ServerApp:
    def __init__(self, mesh, export_cfg=None):
        self.mesh = mesh
        self.export_cfg = export_cfg or ExportConfig()

    def place(self, weights):
        return jax.device_put(weights, NamedSharding(self.mesh, self.export_cfg.train_spec))

    def export(self, params):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(params, self.export_cfg.serve_spec)


def inputs():
    return (np.arange(8 * 16, dtype=np.float32).reshape(8, 16) / 100.0,)


def main(weights):
    mesh = jax.make_mesh((2, 4), ("clients", "model"))
    app = ServerApp(mesh)
    params = app.place(weights)
    return app.export(params)


if __name__ == "__main__":
    main(*inputs())
