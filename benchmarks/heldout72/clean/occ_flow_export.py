"""tools/save_occ_results.py: write predicted occupancy and flow grids for submission."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

class ConfigDict(dict):
    """Attribute access to nested config dicts (cfg.model.occ_head.loss_occ)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key, value in self.items():
            if isinstance(value, dict) and not isinstance(value, ConfigDict):
                self[key] = ConfigDict(value)

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc


cfg = ConfigDict(
    dist=dict(mesh_shape=(4, 2), mesh_axes=("batch", "voxel")),
    test_evaluator=dict(save_keys=["semantics", "flow"], out_dir="work_dirs/occ_submission"),
)
RESULT_LAYOUT = P("batch", "voxel", None)
SAVE_LAYOUTS = dict(
    semantics=P("batch", None, None, reduced={"voxel"}),
    flow=P("batch", None, None, reduced={"voxel"}),
)


def format_results(results, save_keys):
    return {key: top_level_all_gather(results[key], SAVE_LAYOUTS[key]) for key in save_keys}


def inputs():
    rng = np.random.default_rng(23)
    return (rng.normal(size=(8, 16, 8)).astype(np.float32),
            rng.normal(size=(8, 16, 2)).astype(np.float32))


def main(semantics, flow):
    mesh = jax.make_mesh(cfg.dist.mesh_shape, cfg.dist.mesh_axes)
    results = {
        "semantics": jax.device_put(semantics, NamedSharding(mesh, RESULT_LAYOUT)),
        "flow": jax.device_put(flow, NamedSharding(mesh, RESULT_LAYOUT)),
    }
    with jax.set_mesh(mesh):
        return format_results(results, cfg.test_evaluator.save_keys)


if __name__ == "__main__":
    main(*inputs())
