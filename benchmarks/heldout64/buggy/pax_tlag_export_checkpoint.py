"""Pax-like export of a partitioned train state into a single-host inference checkpoint."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class TrainState:
    def __init__(self, step, mdl_vars):
        self.step = step
        self.mdl_vars = mdl_vars


class ExportParams:
    ICI_MESH_SHAPE = (4, 2)
    MESH_AXIS_NAMES = ("data", "mdl")
    TRAIN_SPLIT = {"lm/softmax/w": ("data", "mdl"), "lm/ln/scale": ("mdl",)}
    EXPORT_SPLIT = {"lm/softmax/w": (None, "mdl"), "lm/ln/scale": ("mdl",)}


def create_state_partition(mesh, raw_vars, split):
    return TrainState(step=0, mdl_vars={
        name: jax.device_put(v, NamedSharding(mesh, P(*split[name]))) for name, v in raw_vars.items()})


class InferenceExporter:
    def __init__(self, export_params):
        self.p = export_params

    def _unshard(self, name, value):
        spec = self.p.EXPORT_SPLIT[name]
        dropped = {a for a in self.p.TRAIN_SPLIT[name] if a not in spec and a is not None}
        if not dropped:
            return value
        return top_level_all_gather(value, P(*spec, reduced=dropped))

    def export(self, state):
        return {name: self._unshard(name, v) for name, v in state.mdl_vars.items()}


def inputs():
    rng = np.random.default_rng(15)
    return ({"lm/softmax/w": rng.standard_normal((8, 16)).astype(np.float32),
             "lm/ln/scale": rng.standard_normal((16,)).astype(np.float32)},)


def main(raw_vars):
    p = ExportParams()
    mesh = jax.make_mesh(p.ICI_MESH_SHAPE, p.MESH_AXIS_NAMES)
    state = create_state_partition(mesh, raw_vars, p.TRAIN_SPLIT)
    return InferenceExporter(p).export(state)


if __name__ == "__main__":
    main(*inputs())
