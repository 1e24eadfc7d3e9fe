"""Multi-sweep pillar encoder: merged sweeps shifted in time for a motion-aware feature."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

class Registry:
    """A name -> class table filled by decorators, as the model zoo uses it."""

    def __init__(self, name):
        self.name = name
        self._module_dict = {}

    def register_module(self, name=None):
        def _register(obj):
            self._module_dict[name or obj.__name__] = obj
            return obj
        return _register

    def get(self, key):
        return self._module_dict[key]


def build_from_cfg(cfg, registry, default_args=None):
    args = dict(cfg)
    obj_type = args.pop("type")
    for key, value in (default_args or {}).items():
        args.setdefault(key, value)
    return registry.get(obj_type)(**args)


VOXEL_ENCODERS = Registry("voxel_encoder")

pts_voxel_encoder = dict(type="MultiSweepPFN", sweeps_num=2, merge_sweeps=True, sweep_axis="sweep")


@VOXEL_ENCODERS.register_module()
class MultiSweepPFN:
    def __init__(self, sweeps_num, merge_sweeps, sweep_axis):
        self.sweeps_num = sweeps_num
        self.merge_sweeps = merge_sweeps
        self.sweep_axis = sweep_axis

    @property
    def temporal_perm(self):
        return [(i, (i + 1) % self.sweeps_num) for i in range(self.sweeps_num)]

    def merge(self, feats):
        if not self.merge_sweeps:
            return feats
        return jax.lax.all_gather(feats, self.sweep_axis, axis=0, tiled=True, to="reduced")

    def shift(self, merged):
        previous = jax.lax.ppermute(merged, self.sweep_axis, perm=self.temporal_perm)
        return previous

    def __call__(self, feats):
        merged = self.merge(feats)
        return self.shift(merged)


def inputs():
    return (np.random.default_rng(12).normal(size=(4, 32, 4)).astype(np.float32),)


def main(feats):
    mesh = jax.make_mesh((2, 4), ("sweep", "pillar"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("sweep", "pillar", None)))
    encoder = build_from_cfg(pts_voxel_encoder, VOXEL_ENCODERS)
    run = jax.shard_map(encoder, mesh=mesh, in_specs=P("sweep", "pillar", None),
                        out_specs=P("sweep", "pillar", None))
    return run(feats)


if __name__ == "__main__":
    main(*inputs())
